import type { FormattedString } from "@grammyjs/parse-mode";
import { InlineKeyboard, type Api } from "grammy";
import type { Message } from "grammy/types";
import type { SupportSettings } from "../../../config/areas/cases.ts";
import type { Logger } from "../../../logger.ts";
import { stateOf, withReach, type Case, type CaseAgent, type CasePerson, type CaseTopic } from "../../../payments/cases/case.ts";
import type { CaseAudit } from "../../../payments/cases/case-events.ts";
import type { CaseDeskPort } from "../../../payments/cases/case-loop.ts";
import type { CaseStore } from "../../../payments/cases/case-store.ts";
import { noteRelayed } from "../../../payments/cases/relay-message.ts";
import type { Claims } from "../../../state/ports.ts";
import { caseButtons } from "../../buttons/case-buttons.ts";
import type { ButtonStore } from "../../stores/button-store.ts";
import { describeTelegramFailure, tolerateHarmless } from "../../transport/errors.ts";
import { CAPTION_LIMIT, caseAge, caseName, formatCard, formatCaseNotice, formatRelay, forwardedFrom, topicName, type CaseFormats } from "./case-format.ts";
import { TELEGRAM_TEXT_LIMIT, type Clock } from "../../views/format/text.ts";
import { phoneRows } from "../../views/phone-rows.ts";
import type { Delivery, Messenger, Reader } from "../../notify/messenger.ts";

/** What of a message a case passes on: its text, or a photo or document with its caption. */
export type RelayableMessage = Pick<Message, "message_id" | "chat" | "text" | "entities" | "caption" | "caption_entities" | "photo" | "document" | "forward_origin">;

/** Text, photos and documents go through; stickers, voice notes and the rest stay where they were sent. */
export const isRelayable = (message: Partial<RelayableMessage>): boolean => message.text !== undefined || message.photo !== undefined || message.document !== undefined;

/** The case desk as Telegram shows it; the cases' loop and caseChecked() see it through CaseDeskPort (payments/cases/case-loop.ts). */
export interface CaseDesk extends CaseDeskPort {
  /** Where cases are handled. */
  readonly support: SupportSettings;
  /** The support chat's reader: the card and everything said there follow its language. */
  supportReader(): Reader;
  /** Posts the case's card (first in a topic of its own, where the chat is a forum and the bot may manage topics), once across instances. */
  postCard(value: Case): Promise<Case>;
  /** Shows the case as it is now on its card, edited in place. */
  showCard(value: Case): Promise<void>;
  /** Closes the topic made for a resolved case. */
  closeTopic(value: Case): Promise<void>;
  /** Tells the agents (and for a settled payment, the support chat) once what happened. */
  announce(value: Case, event: "taken" | "resolved" | "settled"): Promise<void>;
  /** The one reminder of a case nobody took. */
  remind(value: Case): Promise<void>;
  /** A support member's message, copied to the one agent of the case it is for (if they may still use the bot): each agent's conversation is their own. */
  relayToAgent(value: Case, agent: CaseAgent, message: RelayableMessage, from: CasePerson): Promise<void>;
  /**
   * A second agent asked about the case's payment: its first agent is told someone else asked too
   * (not who), and the support chat gets a message to answer the new one by (a reply to it reaches them).
   */
  announceJoined(value: Case, agent: CaseAgent): Promise<void>;
  /** An agent's message, copied to the support chat (in the case's topic, as a reply to its card). */
  relayToSupport(value: Case, message: RelayableMessage, agent: CaseAgent): Promise<boolean>;
}

export interface CaseDeskOptions {
  /** The API for sends outside an update (no auto-retry: the messenger waits out 429s). */
  api: Api;
  messenger: Messenger;
  store: CaseStore;
  audit: CaseAudit;
  support: SupportSettings;
  buttons: ButtonStore;
  /** A card is posted once: the instance that claims it posts it. */
  claims: Claims;
  instanceId: string;
  /** The bot's own user ID: whether it may manage the forum's topics. */
  botId: number;
  /** Whether an agent may still use the bot: nothing of a case reaches one whose access was taken away. */
  mayReach: (userId: number) => boolean;
  clock: Clock;
  now: () => number;
  logger: Logger;
}

/** Whether the support chat takes a topic per case is asked again after this long (an admin may change it). */
const TOPICS_KNOWN_MS = 60_000;
const CARD_CLAIM_MS = 10 * 60_000;

/**
 * The support desk as Telegram shows it: the cards (and topics) in the support chat, the messages
 * that tell agents and support what happened, and the conversation copied between them. Every
 * send goes through the messenger (a closed topic falls back to General, a supergroup is
 * followed), in the language of whoever reads it.
 */
export function caseDesk(options: CaseDeskOptions): CaseDesk {
  const { api, messenger, store, support, logger } = options;
  let topics: { at: number; available: boolean } | undefined;
  const supportReader = () => messenger.readerFor(support.chatId);
  const formats = (reader: Reader): CaseFormats => ({ t: reader.t, clock: options.clock, day: reader.day, now: options.now() });
  const agentReader = (agent: CaseAgent) => messenger.readerFor(agent.chatId, { userId: agent.userId, language: agent.locale });

  async function topicsAvailable(): Promise<boolean> {
    if (topics && options.now() - topics.at < TOPICS_KNOWN_MS) return topics.available;
    let available = false;
    try {
      const chat = await api.getChat(support.chatId);
      if ("is_forum" in chat && chat.is_forum === true) {
        const member = await api.getChatMember(support.chatId, options.botId);
        available = member.status === "creator" || (member.status === "administrator" && member.can_manage_topics === true);
      }
    } catch (error) {
      logger.warn({ description: describeTelegramFailure(error) }, "could not tell whether the support chat is a forum: cards go into the chat");
    }
    topics = { at: options.now(), available };
    return available;
  }

  /** ✋ Take (while nobody has), ✅ Resolved and 🔄 Refresh, in as many rows as a phone needs to show every label whole. */
  async function cardKeyboard(value: Case, t: Reader["t"]): Promise<InlineKeyboard | undefined> {
    const state = stateOf(value);
    if (state === "resolved") return undefined;
    const buttons = [
      ...(state === "open" ? [{ text: t("button-take"), data: await caseButtons.encode({ action: "takeCase", number: value.number }, options.buttons) }] : []),
      { text: t("button-resolved"), data: await caseButtons.encode({ action: "resolveCase", number: value.number }, options.buttons) },
      { text: t("button-refresh"), data: await caseButtons.encode({ action: "refreshCase", number: value.number }, options.buttons) },
    ];
    return InlineKeyboard.from(phoneRows(buttons).map((row) => row.map((button) => InlineKeyboard.text(button.text, button.data))));
  }

  /**
   * A topic of the case's own, when the chat has topics to give; undefined otherwise. Recorded on
   * the case as soon as it is made, so that a card that could not be posted is tried again in it,
   * never in a new one.
   */
  async function ownTopic(value: Case): Promise<number | undefined> {
    if (support.threadId !== undefined) return undefined;
    if (value.topic) return value.topic.threadId;
    if (!(await topicsAvailable())) return undefined;
    let threadId: number;
    try {
      threadId = (await api.createForumTopic(support.chatId, topicName(value))).message_thread_id;
    } catch (error) {
      logger.warn({ case: value.number, description: describeTelegramFailure(error) }, "could not make a topic for a case: its card goes into the chat");
      return undefined;
    }
    let held: CaseTopic | undefined;
    try {
      held = await store.recordTopic(value.number, { chatId: support.chatId, threadId });
    } catch (error) {
      // Not recorded, so never used: it goes rather than stay empty.
      await dropUnused(value, threadId);
      throw error;
    }
    if (held?.threadId !== threadId) await dropUnused(value, threadId);
    return held?.threadId;
  }

  /** A topic the bot made for a case and could not use goes: deleted (it holds nothing of the case), or closed where the bot may not delete. */
  async function dropUnused(value: Case, threadId: number): Promise<void> {
    try {
      await api.deleteForumTopic(support.chatId, threadId);
      logger.info({ case: value.number, threadId }, "a topic made for a case and not used was deleted");
    } catch (error) {
      logger.warn({ case: value.number, threadId, description: describeTelegramFailure(error) }, "could not delete a topic made for a case and not used: closing it");
      await tolerateHarmless(api.closeForumTopic(support.chatId, threadId), logger).catch((closeError: unknown) =>
        logger.warn({ case: value.number, threadId, description: describeTelegramFailure(closeError) }, "could not close a topic made for a case and not used"),
      );
    }
  }

  /** Sends text to a chat (or a topic of it), as a reply when asked; the message's ID and topic when it went. */
  async function sendText(what: string, to: { chatId: number; threadId?: number | undefined }, text: FormattedString, extra: { keyboard?: InlineKeyboard | undefined; replyTo?: number | undefined } = {}) {
    const posted = await messenger.post(what, to, { text, ...extra });
    const delivery: Delivery = posted.ok ? { ok: true, chatId: posted.chatId } : posted;
    return { delivery, sent: posted.ok ? { messageId: posted.messageId, threadId: posted.threadId } : undefined };
  }

  /** Where the support side of a case is told: its topic, as a reply to its card. */
  const supportSide = (value: Case) => ({ chatId: value.card?.chatId ?? support.chatId, threadId: value.card ? value.card.threadId : support.threadId });

  /** What reaching an agent (or failing to) says about them: a blocked bot is noted on the case, and on its card. */
  async function noteReach(value: Case, agent: CaseAgent, delivery: Delivery): Promise<void> {
    const reachable = delivery.ok;
    if (!reachable && delivery.failure.type !== "gone") return;
    if (reachable === (agent.unreachableSince === undefined)) return;
    const changed = await store.change(value.number, (current) => ({ case: withReach(current, agent.userId, reachable, options.now()), result: undefined }));
    if (!changed) return;
    if (!reachable) options.audit("unreachable", changed.case, agent);
    await showCard(changed.case);
  }

  /** Tells one agent, if they may still use the bot; the message then belongs to the case. */
  async function tellAgent(value: Case, agent: CaseAgent, what: string, render: (reader: Reader) => FormattedString): Promise<Delivery | undefined> {
    if (!options.mayReach(agent.userId)) {
      logger.info({ case: value.number, userId: agent.userId }, "not told: the agent's access was taken away");
      return undefined;
    }
    const { delivery, sent } = await sendText(what, { chatId: agent.chatId }, render(agentReader(agent)));
    if (sent) await store.rememberMessage(agent.chatId, sent.messageId, value.number, agent.userId);
    await noteReach(value, agent, delivery);
    return delivery;
  }

  async function showCard(value: Case): Promise<void> {
    const card = value.card;
    if (!card) return;
    const reader = supportReader();
    const text = formatCard(value, formats(reader));
    const keyboard = await cardKeyboard(value, reader.t);
    await messenger.call(`the card of case #${value.number}`, card.chatId, (chatId) =>
      tolerateHarmless(api.editMessageText(chatId, card.messageId, text.text, { entities: text.entities, link_preview_options: { is_disabled: true }, ...(keyboard ? { reply_markup: keyboard } : {}) }), logger),
    );
  }

  /**
   * Copies a message to a chat with the heading of a relay (and where it was forwarded from, when it
   * was): text is sent anew (cut to fit), a photo or document copied with its caption.
   */
  async function copy(what: string, to: { chatId: number; threadId?: number | undefined }, message: RelayableMessage, reader: Reader, heading: string, replyTo: number | undefined) {
    const forwarded = message.forward_origin ? reader.t("case-relay-forwarded", { origin: forwardedFrom(message.forward_origin) }) : undefined;
    if (message.text !== undefined) return sendText(what, to, formatRelay(heading, { text: message.text, entities: message.entities }, TELEGRAM_TEXT_LIMIT, forwarded), { replyTo });
    const caption = formatRelay(heading, { text: message.caption, entities: message.caption_entities }, CAPTION_LIMIT, forwarded);
    let sent: { messageId: number } | undefined;
    const delivery = await messenger.deliver(what, to, async (chatId, threadId) => {
      // Copied, not forwarded: nothing of the sender shows but the name in the heading (and, for a forward, its origin in words).
      const copied = await api.copyMessage(chatId, message.chat.id, message.message_id, {
        caption: caption.text,
        caption_entities: caption.entities,
        ...(threadId === undefined ? {} : { message_thread_id: threadId }),
        ...(replyTo === undefined ? {} : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }),
      });
      sent = { messageId: copied.message_id };
    });
    return { delivery, sent };
  }

  return {
    support,
    supportReader,

    async postCard(given) {
      if (given.card) return given;
      const claim = await options.claims.claim(`case-card:${given.number}`, options.instanceId, CARD_CLAIM_MS);
      if (claim !== "claimed") return (await store.load(given.number)) ?? given;
      // As it is now: another attempt may have made its topic.
      const value = (await store.load(given.number)) ?? given;
      if (value.card) {
        await options.claims.complete(`case-card:${value.number}`, CARD_CLAIM_MS);
        return value;
      }
      const reader = supportReader();
      const created = await ownTopic(value);
      const { delivery, sent } = await sendText(
        `the card of case #${value.number}`,
        { chatId: support.chatId, threadId: created ?? support.threadId },
        formatCard(value, formats(reader)),
        { keyboard: await cardKeyboard(value, reader.t) },
      );
      if (!delivery.ok || !sent) {
        // Tried again by the cases' loop, which looks for cards not posted (in the same topic).
        await options.claims.release(`case-card:${value.number}`, options.instanceId);
        return value;
      }
      const inOwnTopic = created !== undefined && sent.threadId === created;
      if (created !== undefined && !inOwnTopic) {
        // The topic was gone or closed by the time the card reached it: the card went to General.
        await store.dropTopic(value.number);
        await dropUnused(value, created);
      }
      const posted = await store.attachCard(value.number, {
        chatId: delivery.chatId,
        messageId: sent.messageId,
        ...(sent.threadId === undefined ? {} : { threadId: sent.threadId }),
        ownTopic: inOwnTopic,
      });
      await options.claims.complete(`case-card:${value.number}`, CARD_CLAIM_MS);
      logger.info({ case: value.number, chatId: delivery.chatId, threadId: sent.threadId, ownTopic: inOwnTopic }, "case card posted");
      // A change made while the card was being posted (a second agent joining) shows at once.
      if (posted && JSON.stringify(posted.agents) !== JSON.stringify(value.agents)) await showCard(posted);
      return posted ?? value;
    },

    showCard,

    async closeTopic(value) {
      const card = value.card;
      if (!card?.ownTopic || card.threadId === undefined) return;
      const threadId = card.threadId;
      await messenger.call(`the topic of case #${value.number}`, card.chatId, (chatId) => tolerateHarmless(api.closeForumTopic(chatId, threadId), logger));
    },

    async announce(value, event) {
      const notice = (reader: Reader, side: "agent" | "support") => {
        switch (event) {
          case "taken":
            return formatCaseNotice("case-taken-agent", value, formats(reader), { name: value.takenBy ? caseName(value.takenBy) : "?" });
          case "resolved":
            return formatCaseNotice("case-resolved-agent", value, formats(reader), { name: value.resolvedBy ? caseName(value.resolvedBy) : "?" });
          case "settled":
            return formatCaseNotice(side === "agent" ? "case-settled-agent" : "case-settled-support", value, formats(reader), {}, true);
        }
      };
      for (const agent of value.agents) await tellAgent(value, agent, `case #${value.number} ${event}, to an agent`, (reader) => notice(reader, "agent"));
      if (event === "settled") {
        const { sent } = await sendText(`case #${value.number} settled, to support`, supportSide(value), notice(supportReader(), "support"), { replyTo: value.card?.messageId });
        if (sent && value.card) await store.rememberMessage(value.card.chatId, sent.messageId, value.number);
      }
    },

    async remind(value) {
      const reader = supportReader();
      const text = formatCaseNotice("case-reminder", value, formats(reader), { age: caseAge(options.now() - value.openedAt, reader.t) });
      const { sent } = await sendText(`the reminder of case #${value.number}`, supportSide(value), text, { replyTo: value.card?.messageId });
      if (sent && value.card) await store.rememberMessage(value.card.chatId, sent.messageId, value.number);
    },

    async relayToAgent(value, agent, message, from) {
      if (!options.mayReach(agent.userId)) {
        logger.info({ case: value.number, userId: agent.userId }, "not relayed: the agent's access was taken away");
        return;
      }
      const reader = agentReader(agent);
      const heading = reader.t("case-relay-from-support", { name: caseName(from), number: value.number });
      const { delivery, sent } = await copy(`a message of case #${value.number} to an agent`, { chatId: agent.chatId }, message, reader, heading, undefined);
      await noteReach(value, agent, delivery);
      if (!delivery.ok) {
        // Said where it was written, so that support knows the agent did not get it.
        const note = formatCaseNotice(delivery.failure.type === "gone" ? "case-relay-unreachable" : "case-relay-failed", value, formats(supportReader()), { name: caseName(agent) });
        await sendText(`a note on case #${value.number}`, { chatId: message.chat.id, threadId: supportSide(value).threadId }, note, { replyTo: message.message_id });
      }
      await noteRelayed({ store, audit: options.audit }, value, from, "support", sent ? [{ chatId: agent.chatId, messageId: sent.messageId, agentId: agent.userId }] : []);
    },

    async announceJoined(value, agent) {
      const first = value.agents[0];
      if (first && first.userId !== agent.userId) await tellAgent(value, first, `case #${value.number} joined, to its first agent`, (reader) => formatCaseNotice("case-joined-first", value, formats(reader)));
      const notice = formatCaseNotice("case-joined-support", value, formats(supportReader()), { name: caseName(agent), first: first ? caseName(first) : "?" });
      const { sent, delivery } = await sendText(`case #${value.number} joined, to support`, supportSide(value), notice, { replyTo: value.card?.messageId });
      // Support answers the agent who joined by replying to it.
      if (sent && delivery.ok) await store.rememberMessage(delivery.chatId, sent.messageId, value.number, agent.userId);
    },

    async relayToSupport(value, message, agent) {
      const reader = supportReader();
      const heading = reader.t("case-relay-from-agent", { name: caseName(agent), number: value.number });
      const { sent, delivery } = await copy(`a message of case #${value.number} to support`, supportSide(value), message, reader, heading, value.card?.messageId);
      if (sent) await noteRelayed({ store, audit: options.audit }, value, agent, "agent", [{ chatId: delivery.ok ? delivery.chatId : support.chatId, messageId: sent.messageId, agentId: agent.userId }]);
      return delivery.ok;
    },
  };
}
