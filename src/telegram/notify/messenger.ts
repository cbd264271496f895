import { setTimeout as sleep } from "node:timers/promises";
import { FormattedString } from "@grammyjs/parse-mode";
import type { Api, InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import { DEFAULT_LOCALE, pickLocale, type ChosenLanguages, type Translate, type Translations } from "../i18n.ts";
import type { ChatAliases } from "../stores/chat-aliases.ts";
import { classifySendFailure, type SendFailure } from "../transport/errors.ts";
import type { Moment } from "../views/format/moment.ts";
import type { NumberFormats } from "../views/format/numbers.ts";

/** A chat to send to, or one forum topic of it. */
export interface Destination {
  chatId: number;
  /** A forum topic's `message_thread_id`: the message goes there (to the General topic should it be closed or gone). */
  threadId?: number | undefined;
}

/** A chat, or "the admins": ADMIN_CHAT_ID when set, otherwise each admin's private chat. */
export type Recipient = Destination | "admins";

/** Whoever reads a message sent outside an update, as its text is written for them. */
export interface Reader {
  locale: string;
  t: Translate;
  numbers: NumberFormats;
  day: (at: number) => string;
  when: Moment;
}

/** What to send: text (plain or formatted), with buttons or as a reply when wanted. */
export interface Outbound {
  text: FormattedString | string;
  keyboard?: InlineKeyboard | undefined;
  /** A message of the destination chat to reply to; sent anyway when it is gone. */
  replyTo?: number | undefined;
}

/** A message that went: where, to edit it later (its topic: none when it went to General, its own being gone). */
export interface Sent {
  chatId: number;
  messageId: number;
  threadId?: number | undefined;
}

/**
 * How hard a message is tried: "patient" waits out a 429 (up to 30 s), follows a group to its
 * supergroup, tries a network failure or a 5xx again, and logs a failure once; "once" tries once
 * and hands any failure back unlogged, to a caller with a queue of its own (the watch notifier).
 */
export type RetryPolicy = "patient" | "once";

/** A message posted, or why not. */
export type Posted = ({ ok: true } & Sent) | { ok: false; failure: SendFailure };

/** Where a call went, or why it did not (read once, by transport/errors.ts). */
export type Delivery = { ok: true; chatId: number } | { ok: false; failure: SendFailure };

/** What is known of a reader before their chat chose a language: their app's language, or the one a job began in. */
export interface LanguageHint {
  userId?: number | undefined;
  /** A locale file's name (en, fr…), or a Telegram language_code (pt-BR). */
  language?: string | undefined;
}

export interface Messenger {
  /** Whether "the admins" reach anyone: ADMIN_CHAT_ID, or ADMIN_USER_IDS. */
  readonly reachesAdmins: boolean;
  /** Where "the admins" are: ADMIN_CHAT_ID when set (followed when it became a supergroup), otherwise each admin's private chat. */
  adminDestinations(): Destination[];
  isAdminChat(chatId: number | undefined): boolean;
  /** How a chat is addressed outside an update: the language chosen for it (or its person), else the hint, else the default. */
  readerFor(chatId: number, hint?: LanguageHint): Reader;
  /**
   * Sends to each recipient (once per chat and topic, however often it is listed) the message rendered for
   * its reader; returns the messages that went. A failure is logged once, with why.
   */
  send(what: string, to: Recipient | readonly Recipient[], render: (reader: Reader) => Outbound | FormattedString | string, hint?: LanguageHint): Promise<Sent[]>;
  /** Posts one message, already written for its reader, to a chat or a topic of it (General should the topic be gone: notify/topic-fallback.ts). */
  post(what: string, to: Destination, message: Outbound, retry?: RetryPolicy): Promise<Posted>;
  /**
   * Any other call to a chat outside an update (an edit, a document), with the same care: a 429 is
   * waited out, a supergroup followed, a network failure or 5xx tried again; the chat it went to.
   */
  call(what: string, to: number | Destination, make: (chatId: number, threadId: number | undefined) => Promise<unknown>): Promise<number | undefined>;
  /** `call`, telling why it failed when it did (a chat that blocked the bot is worth noting, say). */
  deliver(what: string, to: number | Destination, make: (chatId: number, threadId: number | undefined) => Promise<unknown>, retry?: RetryPolicy): Promise<Delivery>;
}

export interface MessengerOptions {
  api: Api;
  translations: Translations;
  /** Languages chosen with /language. */
  languages?: ChosenLanguages | undefined;
  /** ADMIN_CHAT_ID (and its topic, when it names one), and ADMIN_USER_IDS. */
  admins: { chatId: number | undefined; threadId?: number | undefined; userIds: ReadonlySet<number> };
  /** Groups upgraded to supergroups, as the whole bot knows them (a message goes straight to the new ID). */
  aliases: ChatAliases;
  logger: Logger;
}

/** Telegram's wait is waited out up to this long; a longer one gives the message up. */
const LONGEST_WAIT_SECONDS = 30;
const ATTEMPTS = 3;
/** After a network failure or a 5xx, the next try comes this much later. */
const UNAVAILABLE_PAUSE_MS = 1_000;

/**
 * The one way the bot tells someone outside an update: alerts, notes and requests to the admins,
 * access news to a person or a group, health alerts, bulk summaries. Each destination reads the
 * message in its own language, and every sender reads Telegram's refusals the same way
 * (transport/errors.ts). The watch notifier keeps its own queue (it spreads notices within
 * Telegram's limits) and posts through `post`, trying once, as the case desk and bulk checks do.
 * A forum topic closed or deleted is the API's to follow (notify/topic-fallback.ts, installed on
 * the API given here).
 */
export function createMessenger({ api, translations, languages, admins, aliases, logger }: MessengerOptions): Messenger {
  const moved = (chatId: number) => aliases.knownCurrentIdOf(chatId);

  const readerFor = (chatId: number, hint: LanguageHint = {}): Reader => {
    const chosen = languages?.localeFor({ chatId, userId: hint.userId });
    const locale = chosen ?? (hint.language === undefined ? DEFAULT_LOCALE : pickLocale(hint.language, translations.locales));
    return { locale, t: translations.translatorFor(locale), numbers: translations.numbersFor(locale), day: translations.dayFor(locale), when: translations.momentFor(locale) };
  };

  const adminDestinations = (): Destination[] =>
    admins.chatId !== undefined ? [{ chatId: moved(admins.chatId) ?? admins.chatId, threadId: admins.threadId }] : [...admins.userIds].map((chatId) => ({ chatId }));

  async function deliver(what: string, destination: number | Destination, make: (chatId: number, threadId: number | undefined) => Promise<unknown>, retry: RetryPolicy = "patient"): Promise<Delivery> {
    const { chatId, threadId } = typeof destination === "number" ? { chatId: destination, threadId: undefined } : destination;
    let to = await aliases.currentIdOf(chatId);
    for (let attempt = 1; ; attempt++) {
      try {
        await make(to, threadId);
        return { ok: true, chatId: to };
      } catch (error) {
        const failure = classifySendFailure(error);
        if (retry === "once") return { ok: false, failure };
        const again =
          attempt < ATTEMPTS && (failure.type === "migrated" || failure.type === "unavailable" || (failure.type === "rate_limited" && failure.retryAfterSeconds <= LONGEST_WAIT_SECONDS));
        if (!again) {
          logger[failure.type === "unavailable" || failure.type === "rate_limited" ? "warn" : "error"]({ chatId: to, failure: failure.type, description: failure.description }, `could not send ${what}`);
          return { ok: false, failure };
        }
        if (failure.type === "migrated") {
          // Known here at once; the store away only keeps other instances from learning it now.
          await aliases.record(to, failure.newChatId).catch(() => undefined);
          if (chatId === admins.chatId) logger.warn({ adminChatId: chatId, newChatId: failure.newChatId }, "the admin chat became a supergroup: messages go to its new ID; set ADMIN_CHAT_ID to it");
          to = failure.newChatId;
        } else if (failure.type === "rate_limited") await sleep(failure.retryAfterSeconds * 1000);
        else if (failure.type === "unavailable") await sleep(UNAVAILABLE_PAUSE_MS);
      }
    }
  }

  /** One message; where it went read back from its payload (the topic fallback takes the thread out of it). */
  async function post(what: string, to: Destination, message: Outbound, retry: RetryPolicy = "patient"): Promise<Posted> {
    const text = typeof message.text === "string" ? new FormattedString(message.text) : message.text;
    let sent: Sent | undefined;
    const delivery = await deliver(
      what,
      to,
      async (chatId, threadId) => {
        const payload = {
          chat_id: chatId,
          text: text.text,
          entities: text.entities,
          link_preview_options: { is_disabled: true },
          ...(threadId === undefined ? {} : { message_thread_id: threadId }),
          ...(message.keyboard ? { reply_markup: message.keyboard } : {}),
          ...(message.replyTo === undefined ? {} : { reply_parameters: { message_id: message.replyTo, allow_sending_without_reply: true } }),
        };
        const posted = await api.raw.sendMessage(payload);
        sent = { chatId: posted.chat.id, messageId: posted.message_id, threadId: (payload as { message_thread_id?: number }).message_thread_id };
      },
      retry,
    );
    return delivery.ok && sent ? { ok: true, ...sent, chatId: delivery.chatId } : delivery.ok ? { ok: false, failure: { type: "unavailable", description: "no message came back" } } : delivery;
  }

  const call = async (what: string, to: number | Destination, make: (chatId: number, threadId: number | undefined) => Promise<unknown>): Promise<number | undefined> => {
    const delivery = await deliver(what, to, make);
    return delivery.ok ? delivery.chatId : undefined;
  };

  return {
    reachesAdmins: admins.chatId !== undefined || admins.userIds.size > 0,
    adminDestinations,
    isAdminChat: (chatId) => chatId !== undefined && admins.chatId !== undefined && (chatId === admins.chatId || chatId === moved(admins.chatId)),
    readerFor,
    call,
    deliver,
    post,
    async send(what, to, render, hint) {
      const recipients = (Array.isArray(to) ? to : [to]) as readonly Recipient[];
      // Once per chat and topic: ADMIN_CHAT_ID in one topic and an alert chat in another of the same chat are two.
      const destinations = new Map<string, Destination>();
      for (const destination of recipients.flatMap((recipient) => (recipient === "admins" ? adminDestinations() : [recipient]))) {
        const where = `${moved(destination.chatId) ?? destination.chatId}:${destination.threadId ?? ""}`;
        if (!destinations.has(where)) destinations.set(where, destination);
      }
      const sent: Sent[] = [];
      for (const destination of destinations.values()) {
        const rendered = render(readerFor(destination.chatId, hint));
        const posted = await post(what, destination, typeof rendered === "string" || rendered instanceof FormattedString ? { text: rendered } : rendered);
        if (posted.ok) sent.push({ chatId: posted.chatId, messageId: posted.messageId, threadId: posted.threadId });
      }
      return sent;
    },
  };
}
