import { randomBytes } from "node:crypto";
import { Composer, InlineKeyboard } from "grammy";
import { z } from "zod";
import { isOpen, NOTE_LIMIT, type Case, type CaseAgent, type CasePerson } from "../../../payments/cases/case.ts";
import type { CaseAudit } from "../../../payments/cases/case-events.ts";
import type { CaseStore } from "../../../payments/cases/case-store.ts";
import { kindToEscalate, openCase, type OpenCaseDeps } from "../../../payments/cases/open-case.ts";
import { caseChecked } from "../../../payments/cases/record-check.ts";
import { routeAgentMessage, routeSupportMessage } from "../../../payments/cases/relay-message.ts";
import { resolveCase } from "../../../payments/cases/resolve-case.ts";
import { onItsCard, takeCase, type CardPress } from "../../../payments/cases/take-case.ts";
import type { Checker } from "../../../payments/check.ts";
import { isValidTransactionId } from "../../../payments/enquiry/transaction-id.ts";
import { extractIds } from "../../../payments/parse-ids.ts";
import type { EnquiryKind, EnquiryOutcome } from "../../../payments/enquiry/types.ts";
import { queryCost, type Query } from "../../../payments/query.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import { decodeJson } from "../../../util/decode-json.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { caseButtons } from "../../buttons/case-buttons.ts";
import type { PressContext, Presses } from "../../buttons/router.ts";
import type { BotContext } from "../../context.ts";
import { isCommandMessage } from "../../message-command.ts";
import { isRelayable, type CaseDesk, type RelayableMessage } from "./case-desk.ts";
import type { ButtonStore } from "../../stores/button-store.ts";
import { topicOf } from "../../topic.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { formatAgentCases, formatCaseOffer, formatSupportCases, type CaseFormats } from "./case-format.ts";
import { commands } from "../../views/commands.ts";
import type { Clock } from "../../views/format/text.ts";
import { askerOf } from "../send-answer.ts";

/** What the cases feature works with: the use cases' parts, the desk that shows them in Telegram, and the checker. */
export interface CasesFeatureDeps {
  store: CaseStore;
  audit: CaseAudit;
  desk: CaseDesk;
  /** For people asking (a case's ID is checked as /status checks it; 🔄 Refresh on a card re-checks it). */
  checker: Checker;
  /** How often an open case's payment is checked again. */
  schedule: OpenCaseDeps["schedule"];
  buttons: ButtonStore;
  /** An ID both kinds know waits here for its kind to be picked. */
  kv: KeyValueStore;
  presses: Presses;
  clock: Clock;
  now: () => number;
  /** How long a case waited to be taken (a metric). */
  onTaken?: ((waitedMs: number) => void) | undefined;
}

const PENDING_MS = 24 * 60 * 60 * 1000;
const pendingKey = (key: string) => `case-ask:${key}`;

/**
 * Cases: an agent's problem payment handed to the support team (🆘 Ask support, /escalate), its
 * card in the support chat (✋ Take, ✅ Resolved, 🔄 Refresh), the conversation between them, and
 * /cases. Only with SUPPORT_CHAT_ID. The rules are the use cases' (payments/cases/); this is what
 * Telegram shows of them.
 */
export function casesFeature(deps: CasesFeatureDeps): Composer<BotContext> {
  const { store, desk } = deps;
  const support = desk.support;
  const composer = new Composer<BotContext>();
  const formats = (ctx: BotContext): CaseFormats => ({ t: ctx.t, clock: deps.clock, day: ctx.day, now: deps.now() });
  const reply = (ctx: BotContext, text: string, replyTo: number | undefined, extra: { reply_markup?: InlineKeyboard } = {}) =>
    ctx.reply(text, { ...(replyTo === undefined ? {} : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }), ...extra });

  /** Opens (or joins) the case of a payment checked just now, and says so; the reply belongs to the case. */
  async function escalate(ctx: BotContext, outcome: EnquiryOutcome, note: string | undefined, replyTo: number | undefined): Promise<void> {
    const result = await openCase(deps, outcome, agentOf(ctx, note, deps.now()));
    switch (result.type) {
      case "success":
        await reply(ctx, ctx.t("case-success"), replyTo);
        return;
      case "limit":
        await reply(ctx, ctx.t("case-limit", { max: result.max }), replyTo);
        return;
      case "opened":
      case "joined":
      case "already":
        break;
    }
    const value = result.case;
    const agent = value.agents.find((candidate) => candidate.userId === ctx.from?.id);
    const takenBy = value.takenBy;
    const text =
      result.type === "opened"
        ? ctx.t("case-opened", { number: value.number })
        : result.type === "already"
          ? ctx.t("case-already", { number: value.number })
          : takenBy
            ? ctx.t("case-joined-taken", { number: value.number, name: cleanServiceText(takenBy.name, 64) })
            : ctx.t("case-joined-waiting", { number: value.number });
    const sent = await reply(ctx, text, replyTo);
    await store.rememberMessage(sent.chat.id, sent.message_id, value.number, agent?.userId);
    if (result.type === "opened") await desk.postCard(value);
    else if (result.type === "joined" || note !== undefined) await desk.showCard(value);
    if (result.type === "joined" && agent) await desk.announceJoined(value, agent);
  }

  /** An ID checked on both kinds (as /status does): its case, or the question of which kind when that is not plain. */
  async function escalateId(ctx: BotContext, query: Query, note: string | undefined, replyTo: number | undefined): Promise<boolean> {
    if (!(await ctx.budget.spend(queryCost(query)))) return false;
    const [result] = await deps.checker.run(query, askerOf(ctx, "command"));
    if (!result) return false;
    const kind = kindToEscalate(result);
    if (kind.type === "kind") {
      await escalate(ctx, kind.outcome, note, replyTo);
      return true;
    }
    const pending = randomBytes(9).toString("base64url");
    await deps.kv.set(pendingKey(pending), JSON.stringify({ id: result.id, note }), PENDING_MS);
    const button = (kindOf: EnquiryKind) => caseButtons.encode({ action: "escalateKind", kind: kindOf, key: pending }, deps.buttons);
    const keyboard = new InlineKeyboard().text(ctx.t("button-collection"), await button("collection")).text(ctx.t("button-airtime"), await button("airtime"));
    await reply(ctx, ctx.t("case-pick-kind", { id: result.id }), replyTo, { reply_markup: keyboard });
    return true;
  }

  composer.command(commands.escalate.name, async (ctx) => {
    const replyTo = ctx.msg.message_id;
    if (ctx.chat.type !== "private") {
      await reply(ctx, ctx.t("case-private-only"), replyTo);
      return;
    }
    // The ID, then what the customer says (kept as written, new lines and all).
    const typed = ctx.match.trim();
    const id = typed.split(/\s+/)[0] ?? "";
    const note = typed.slice(id.length).trim() || undefined;
    if (!isValidTransactionId(id)) {
      await reply(ctx, ctx.t("case-usage", { command: `/${commands.escalate.name}` }), replyTo);
      return;
    }
    if (note !== undefined && note.length > NOTE_LIMIT) {
      await reply(ctx, ctx.t("case-note-too-long", { max: NOTE_LIMIT, count: note.length }), replyTo);
      return;
    }
    await escalateId(ctx, { scope: "status", ids: [id] }, note, replyTo);
  });

  deps.presses.on("escalate", async (ctx, { scope, id }) => {
    const message = ctx.callbackQuery.message;
    if (ctx.chat?.type !== "private" || !message) {
      await toast(ctx, ctx.t("toast-case-private-only"));
      return;
    }
    if (await escalateId(ctx, { scope, ids: [id] }, undefined, message.message_id)) await toast(ctx);
  });

  deps.presses.on("escalateKind", async (ctx, { kind, key }) => {
    const message = ctx.callbackQuery.message;
    const stored = await deps.kv.get(pendingKey(key));
    const pending = parsePending(stored);
    if (ctx.chat?.type !== "private" || !message || !pending) {
      await toast(ctx, ctx.t("toast-expired"));
      return;
    }
    const query: Query = { scope: kind, ids: [pending.id] };
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const [result] = await deps.checker.run(query, askerOf(ctx, "button"));
    const outcome = result?.outcomes[0];
    if (!outcome) return;
    await deps.kv.delete(pendingKey(key));
    await toast(ctx);
    await tolerateHarmless(ctx.editMessageReplyMarkup(), ctx.logger);
    await escalate(ctx, outcome, pending.note, message.message_id);
  });

  deps.presses.on("takeCase", async (ctx, { number }) => {
    const result = await takeCase(deps, number, personOf(ctx), pressedOn(ctx));
    switch (result.type) {
      case "not_support":
        return toast(ctx, ctx.t("toast-case-support-only"));
      case "gone":
        return toast(ctx, ctx.t("toast-case-gone"));
      case "resolved":
        return toast(ctx, ctx.t("toast-case-already-resolved", { number }));
      case "already":
        return toast(ctx, ctx.t("toast-case-already-taken", { number, name: cleanServiceText(result.by.name, 64) }));
      case "taken":
        deps.onTaken?.(result.waitedMs);
        await toast(ctx, ctx.t("toast-case-taken", { number }));
        await desk.showCard(result.case);
        await desk.announce(result.case, "taken");
    }
  });

  deps.presses.on("resolveCase", async (ctx, { number }) => {
    const result = await resolveCase(deps, number, personOf(ctx), pressedOn(ctx));
    switch (result.type) {
      case "not_support":
        return toast(ctx, ctx.t("toast-case-support-only"));
      case "gone":
        return toast(ctx, ctx.t("toast-case-gone"));
      case "already":
        return toast(ctx, ctx.t("toast-case-already-resolved", { number }));
      case "resolved":
        await toast(ctx, ctx.t("toast-case-resolved", { number }));
        await desk.showCard(result.case);
        await desk.closeTopic(result.case);
        await desk.announce(result.case, "resolved");
    }
  });

  deps.presses.on("refreshCase", async (ctx, { number }) => {
    const value = await store.load(number);
    if (!value) return toast(ctx, ctx.t("toast-case-gone"));
    if (!onItsCard(value, pressedOn(ctx))) return toast(ctx, ctx.t("toast-case-support-only"));
    const query: Query = { scope: value.kind, ids: [value.transactionId] };
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const [result] = await deps.checker.run(query, askerOf(ctx, "refresh"), { fresh: true });
    const outcome = result?.outcomes[0];
    if (!outcome) return;
    const checked = await caseChecked(deps, number, outcome, (result) => toast(ctx, ctx.t(result.changed ? "toast-updated" : "toast-unchanged")));
    if (checked.type === "gone") return toast(ctx, ctx.t("toast-case-gone"));
  });

  composer.command(commands.cases.name, async (ctx) => {
    const replyTo = ctx.msg.message_id;
    if (ctx.chat.id === support.chatId) {
      const open = [...(await store.openCases()).entries()].sort(([a, openedA], [b, openedB]) => openedA - openedB || a - b);
      const shown = await loadAll(store, open.map(([number]) => number));
      const list = formatSupportCases(shown, formats(ctx));
      await ctx.reply(list.text, { entities: list.entities, link_preview_options: { is_disabled: true }, reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } });
      return;
    }
    if (ctx.chat.type !== "private") {
      await reply(ctx, ctx.t("cases-where"), replyTo);
      return;
    }
    const mine = (await loadAll(store, await store.agentCases(ctx.from?.id ?? 0))).sort((a, b) => a.openedAt - b.openedAt);
    const list = formatAgentCases(mine, formats(ctx));
    await ctx.reply(list.text, { entities: list.entities, reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } });
  });

  // The conversation: what support says about a case reaches its agents, and what they answer reaches support.
  composer.on("message", async (ctx, next) => {
    const message = ctx.msg;
    if (ctx.from.is_bot || isCommandMessage(ctx)) return next();
    if (ctx.chat.id === support.chatId) {
      const threadId = topicOf(message);
      const repliedTo = message.reply_to_message?.message_id;
      // In a forum, every message of a topic replies to the topic's first message: that is no reply to the card.
      const replyTo = repliedTo !== undefined && repliedTo !== threadId ? repliedTo : undefined;
      if ((threadId === undefined && replyTo === undefined) || !isRelayable(message)) return next();
      const route = await routeSupportMessage(store, { chatId: ctx.chat.id, threadId, replyTo }, support.chatId);
      if (route.type === "to_agent") await desk.relayToAgent(route.case, route.agent, message, personOf(ctx));
      else if (route.type === "resolved") await reply(ctx, ctx.t("case-relay-resolved-support", { number: route.case.number }), message.message_id);
      else return next();
      return;
    }
    if (ctx.chat.type !== "private") return next();
    const replied = message.reply_to_message;
    const route = replied && replied.from?.id === ctx.me.id ? await routeAgentMessage(store, { chatId: ctx.chat.id, userId: ctx.from.id, replyTo: replied.message_id }) : ({ type: "none" } as const);
    switch (route.type) {
      case "none":
        // Not about a case (no Reply, or a reply to something else): an agent with open cases may have meant support.
        if (!(await offerToSupport(ctx, message))) return next();
        return;
      case "outsider":
        ctx.logger.warn({ case: route.case.number, userId: ctx.from.id }, "a reply to a case's message by someone outside the case: not passed on");
        return next();
      case "resolved":
        await reply(ctx, ctx.t("case-relay-resolved-agent", { number: route.case.number }), message.message_id);
        return;
      case "to_agent":
        return next();
      case "to_support":
        if (!isRelayable(message)) await reply(ctx, ctx.t("case-relay-kinds"), message.message_id);
        else if (!(await desk.relayToSupport(route.case, message, route.agent))) await reply(ctx, ctx.t("case-relay-not-sent", { number: route.case.number }), message.message_id);
    }
  });

  /**
   * An agent with open cases wrote without Reply something that is no question about a payment
   * (text without an ID, a photo, a document that is no list of IDs): with one open case, a button
   * sends it to support for that case, as if they had replied; with several, how to reach support,
   * and the cases. False when they have none: the message is for the other features.
   */
  async function offerToSupport(ctx: BotContext & { chat: { id: number }; from: { id: number } }, message: RelayableMessage): Promise<boolean> {
    if (!mayBeForSupport(message)) return false;
    const userId = ctx.from.id;
    const mine = (await loadAll(store, await store.agentCases(userId)))
      .filter((value) => value.agents.some((agent) => agent.userId === userId && agent.chatId === ctx.chat.id))
      .sort((a, b) => a.openedAt - b.openedAt);
    const [only] = mine;
    if (!only) return false;
    if (mine.length > 1) {
      const text = formatCaseOffer(mine, ctx.t);
      await ctx.reply(text.text, { entities: text.entities, reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } });
      return true;
    }
    const key = randomBytes(9).toString("base64url");
    const waiting: PendingRelay = { number: only.number, chatId: ctx.chat.id, userId, message: relayedPart(message) };
    await deps.kv.set(offerKey(key), JSON.stringify(waiting), PENDING_MS);
    const keyboard = new InlineKeyboard().text(ctx.t("button-send-to-support"), await caseButtons.encode({ action: "sendToCase", key }, deps.buttons));
    const payment = `${ctx.t(only.kind === "collection" ? "kind-collection" : "kind-airtime")} ${only.transactionId}`;
    const sent = await reply(ctx, ctx.t("case-offer-one", { number: only.number, payment }), message.message_id, { reply_markup: keyboard });
    // A reply to the offer is a reply to the case.
    await store.rememberMessage(sent.chat.id, sent.message_id, only.number, userId);
    return true;
  }

  deps.presses.on("sendToCase", async (ctx, { key }) => {
    const waiting = parsePendingRelay(await deps.kv.get(offerKey(key)));
    // Only the agent it was offered to, in their chat, sends it, and once.
    if (!waiting || ctx.chat?.id !== waiting.chatId || ctx.from.id !== waiting.userId) return toast(ctx, ctx.t("toast-expired"));
    await deps.kv.delete(offerKey(key));
    const value = await store.load(waiting.number);
    const agent = value?.agents.find((candidate) => candidate.userId === waiting.userId && candidate.chatId === waiting.chatId);
    const offer = ctx.callbackQuery.message?.message_id;
    if (!value || !agent) return toast(ctx, ctx.t("toast-case-gone"));
    if (!isOpen(value)) {
      await toast(ctx);
      await tolerateHarmless(ctx.editMessageReplyMarkup(), ctx.logger);
      await reply(ctx, ctx.t("case-relay-resolved-agent", { number: value.number }), offer);
      return;
    }
    if (!(await desk.relayToSupport(value, waiting.message, agent))) {
      // Kept, so that a press later tries again.
      await deps.kv.set(offerKey(key), JSON.stringify(waiting), PENDING_MS);
      await toast(ctx);
      await reply(ctx, ctx.t("case-relay-not-sent", { number: value.number }), offer);
      return;
    }
    await toast(ctx, ctx.t("toast-case-sent"));
    await tolerateHarmless(ctx.editMessageText(ctx.t("case-offer-sent", { number: value.number })), ctx.logger);
  });

  return composer;
}

const offerKey = (key: string) => `case-offer:${key}`;

/** A message waiting for 📨 Send to support: the case it is offered to, whose it is, and what of it is relayed. */
interface PendingRelay {
  number: number;
  chatId: number;
  userId: number;
  message: RelayableMessage;
}

/** Text without an ID in it (an ID is a question about a payment), a photo, or a document that is no list of IDs (a .csv or .txt is checked). */
function mayBeForSupport(message: RelayableMessage): boolean {
  if (message.text !== undefined) return !message.text.startsWith("/") && extractIds(message.text).type !== "ids";
  if (message.photo !== undefined) return true;
  const document = message.document;
  if (document === undefined) return false;
  const name = document.file_name ?? "";
  return !(/\.(csv|txt)$/i.test(name) || (name === "" && (document.mime_type ?? "").startsWith("text/")));
}

/** What a relay needs of a message, to keep until the button is pressed (a photo or document is copied by its ID then). */
function relayedPart(message: RelayableMessage): RelayableMessage {
  const { message_id, chat, text, entities, caption, caption_entities, forward_origin } = message;
  return { message_id, chat, text, entities, caption, caption_entities, forward_origin };
}

/** What a relay was offered for: its message checked as far as a relay needs (its ID; the rest is copied as it was). */
const pendingRelaySchema = z.object({
  number: z.number(),
  chatId: z.number(),
  userId: z.number(),
  message: z.custom<RelayableMessage>((value) => typeof (value as { message_id?: unknown } | null)?.message_id === "number"),
});

/** Absent or unreadable: the offer has expired. */
const parsePendingRelay = (text: string | undefined): PendingRelay | undefined => decodeJson(pendingRelaySchema, text);

/** The person pressing or writing, as cases keep them. */
function personOf(ctx: BotContext): CasePerson {
  const from = ctx.from;
  const name = cleanServiceText([from?.first_name, from?.last_name].filter(Boolean).join(" "), 64) || String(from?.id ?? "?");
  return { userId: from?.id ?? 0, name, ...(from?.username ? { username: from.username } : {}) };
}

function agentOf(ctx: BotContext, note: string | undefined, now: number): CaseAgent {
  return { ...personOf(ctx), chatId: ctx.chat?.id ?? 0, locale: ctx.locale, joinedAt: now, ...(note === undefined ? {} : { note }) };
}

/** Where a card's button was pressed. */
function pressedOn(ctx: PressContext): CardPress {
  return { chatId: ctx.callbackQuery.message?.chat.id ?? 0, messageId: ctx.callbackQuery.message?.message_id ?? 0 };
}

async function toast(ctx: PressContext, text?: string): Promise<void> {
  await tolerateHarmless(ctx.answerCallbackQuery(text === undefined ? {} : { text }), ctx.logger);
}

/** An ID waiting for its kind, and the note written with it (a note of another shape is dropped). */
const pendingSchema = z.object({ id: z.string().refine(isValidTransactionId), note: z.string().optional().catch(undefined) });

/** Absent or unreadable: the question has expired. */
const parsePending = (text: string | undefined): { id: string; note?: string | undefined } | undefined => decodeJson(pendingSchema, text);

async function loadAll(store: CaseStore, numbers: readonly number[]): Promise<Case[]> {
  const loaded = await Promise.all(numbers.map((number) => store.load(number)));
  return loaded.filter((value): value is Case => value !== undefined && isOpen(value));
}
