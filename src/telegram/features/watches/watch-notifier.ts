import type { Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import { startBackgroundLoop } from "../../../util/background-loop.ts";
import { mapWithConcurrency } from "../../../util/map-with-concurrency.ts";
import { answerWatchers } from "../../../payments/watches/answer-watchers.ts";
import type { Notice, Target, TargetRef } from "../../../payments/watches/target.ts";
import type { WatchNotices } from "../../../payments/watches/watch-store.ts";
import { StateUnavailableError, type Counters } from "../../../state/ports.ts";
import { withOutcome, type ShownAnswers } from "../../stores/shown-answers.ts";
import type { ChatAliases } from "../../stores/chat-aliases.ts";
import type { Messenger } from "../../notify/messenger.ts";
import { describeTelegramFailure, type SendFailure } from "../../transport/errors.ts";
import { answerView } from "../../views/answer-view.ts";
import type { ButtonStore } from "../../stores/button-store.ts";
import type { Clock } from "../../views/format/text.ts";
import { formatNotice, type GiveUpTimes } from "./watch-format.ts";
import { eventEntries, peopleAsOne } from "../../../payments/history/events.ts";
import type { HistoryRecorder } from "../../../payments/history/recording/recorder.ts";
import { isFinal } from "../../../payments/enquiry/types.ts";

export type NotificationResult = "sent" | "rate_limited" | "blocked" | "migrated" | "failed" | "dropped";

export interface WatchNotifierOptions {
  store: WatchNotices;
  /** An API of its own: no auto-retry, this waits out Telegram's 429s itself without holding anyone up. */
  api: Api;
  /** Where Telegram's limits are counted: shared by every instance with Redis. */
  counters: Counters;
  /** Whom a notice is read by: the group's language, else the first subscriber's choice, else the one the watch began in. */
  messenger: Pick<Messenger, "readerFor" | "post">;
  shownAnswers: ShownAnswers;
  buttons: ButtonStore;
  aliases: ChatAliases;
  times: GiveUpTimes;
  adminAlerted: boolean;
  /** SUPPORT_CHAT_ID is set: an answer shown again in a private chat keeps 🆘 Ask support while its payment is not SUCCESS. */
  casesOffered?: boolean | undefined;
  clock: Clock;
  logger: Logger;
  onResult?: (result: NotificationResult) => void;
  /** Where "settled notice sent to …" goes on the payment's timeline (absent: nowhere). */
  history?: HistoryRecorder | undefined;
  /** Whether the chat may still see its watches (the scheduler's rule): asked again just before sending. */
  mayWatch: (watch: Pick<Notice, "chatId" | "chatType">) => Promise<boolean>;
}

/**
 * Telegram's limits for messages a bot sends by itself: about 30 a second overall (25 here, so that
 * replies to people asking always have room), 1 a second per chat, 20 a minute per group.
 */
export const NOTIFICATION_LIMITS = { perSecond: 25, perChatPerSecond: 1, perGroupPerMinute: 20 } as const;
const LEASE_MS = 60_000;
const BATCH = 50;
const IDLE_MS = 250;
const MAX_ATTEMPTS = 10;

/**
 * Sends the messages watches end with (a payment settled, or the bot gave up), exactly once each:
 * a notice is removed as soon as Telegram has the message, and only a crash in the milliseconds
 * between the two can send it again. Telegram's limits are kept without waiting in line: a notice
 * that would exceed one, or that Telegram answers with 429, is tried again later, and other
 * chats' notices go on meanwhile.
 */
export function startWatchNotifier(options: WatchNotifierOptions): { stop(graceMs: number): Promise<void> } {
  const { store, api, logger } = options;
  const readerOf = (notice: Notice) => options.messenger.readerFor(notice.chatId, { userId: notice.subscribers[0]?.userId, language: notice.locale });

  /** How long until a message to this chat fits Telegram's limits (0: now, and the place is taken). */
  async function waitFor(notice: Notice): Promise<number> {
    const limits = [
      { key: "tg-notify:all", limit: NOTIFICATION_LIMITS.perSecond, windowMs: 1_000 },
      { key: `tg-notify:chat:${notice.chatId}`, limit: NOTIFICATION_LIMITS.perChatPerSecond, windowMs: 1_000 },
      ...(notice.chatType === "private" ? [] : [{ key: `tg-notify:group:${notice.chatId}`, limit: NOTIFICATION_LIMITS.perGroupPerMinute, windowMs: 60_000 }]),
    ];
    for (const { key, limit, windowMs } of limits) {
      const taken = await options.counters.take(key, limit, windowMs);
      if (!taken.granted) return taken.retryInMs;
    }
    return 0;
  }

  /** Shows the original answer again with the settled outcome, and buttons only for what is still open. */
  async function updateOriginal(notice: Notice): Promise<void> {
    if (notice.reason !== "settled" || notice.messageId === undefined) return;
    const stored = await options.shownAnswers.load(notice.chatId, notice.messageId);
    if (!stored) return;
    const record = notice.outcomes.reduce(withOutcome, stored);
    await options.shownAnswers.save(notice.chatId, notice.messageId, record);
    // In a private chat, its person is the one looking.
    const watchers = await answerWatchers(store, notice.chatId, record, notice.chatType === "private" ? notice.chatId : undefined);
    const { t } = readerOf(notice);
    const answer = await answerView(record.query, record.results, t, {
      buttons: options.buttons,
      adminAlerted: options.adminAlerted,
      clock: options.clock,
      watch: { chatType: notice.chatType, ...watchers },
      askSupport: options.casesOffered === true && notice.chatType === "private",
    });
    try {
      await api.editMessageText(notice.chatId, notice.messageId, answer.message.text, {
        entities: answer.message.entities,
        link_preview_options: { is_disabled: true },
        ...(answer.keyboard ? { reply_markup: answer.keyboard } : {}),
      });
    } catch (error) {
      logger.debug({ description: describeTelegramFailure(error), chatId: notice.chatId }, "could not show the settled answer in place");
    }
  }

  /** Sends one notice; returns false when the rest of the target's notices must wait. */
  async function send(ref: TargetRef, target: Target, notice: Notice): Promise<boolean> {
    const waitMs = await waitFor(notice);
    if (waitMs > 0) {
      await store.noticesLater(ref, Date.now() + waitMs);
      return false;
    }
    const context = { chatId: notice.chatId, reason: notice.reason, target: `${target.scope}:${target.transactionId}` };
    // Access may have ended since the payment settled (a notice can wait minutes for its turn).
    if (!(await options.mayWatch(notice))) {
      await store.noticeDone(ref, notice.id, "dropped");
      options.onResult?.("dropped");
      logger.info(context, "watch notification dropped: the chat may no longer see it");
      return true;
    }
    const text = formatNotice(notice, ref.scope, readerOf(notice).t, options.times);
    // Tried once: a 429 or a migration is this queue's to handle (the notice waits its turn again).
    const posted = await options.messenger.post("a watch notification", { chatId: notice.chatId, threadId: notice.threadId }, { text, replyTo: notice.messageId }, "once");
    if (!posted.ok) return failed(ref, notice, posted.failure, context);
    await store.noticeDone(ref, notice.id, "sent");
    options.onResult?.("sent");
    if (notice.reason === "settled") recordNotified(options.history, ref, notice);
    logger.info(context, "watch notification sent");
    await updateOriginal(notice);
    return true;
  }

  async function failed(ref: TargetRef, notice: Notice, failure: SendFailure, context: Record<string, unknown>): Promise<boolean> {
    const { description } = failure;
    switch (failure.type) {
      case "rate_limited":
        options.onResult?.("rate_limited");
        await store.noticesLater(ref, Date.now() + failure.retryAfterSeconds * 1000);
        return false;
      case "migrated":
        options.onResult?.("migrated");
        logger.warn({ ...context, newChatId: failure.newChatId }, "the chat became a supergroup: its watches follow the new ID");
        await options.aliases.record(notice.chatId, failure.newChatId);
        await store.forChat(notice.chatId, { moveTo: failure.newChatId }, ref);
        await store.noticesLater(ref, Date.now());
        return false;
      case "gone":
        options.onResult?.("blocked");
        logger.warn({ ...context, description }, "the bot can no longer write to this chat: its watches end");
        await store.forChat(notice.chatId, { drop: true }, ref);
        return true;
      // The General topic refused it too: as any other refusal.
      case "topic_gone":
      case "refused":
        options.onResult?.("dropped");
        logger.error({ ...context, description }, "Telegram refused a watch notification; it is dropped");
        await store.noticeDone(ref, notice.id, "dropped");
        return true;
      case "unavailable":
        break;
    }
    if (notice.attempts + 1 >= MAX_ATTEMPTS) {
      options.onResult?.("dropped");
      logger.error({ ...context, description, attempts: notice.attempts + 1 }, "a watch notification kept failing; it is dropped");
      await store.noticeDone(ref, notice.id, "dropped");
      return true;
    }
    options.onResult?.("failed");
    logger.warn({ ...context, description }, "a watch notification failed; it is tried again");
    await store.noticeDone(ref, notice.id, "failed");
    await store.noticesLater(ref, Date.now() + 1_000 * 2 ** notice.attempts);
    return false;
  }

  async function deliver(ref: TargetRef, stopping: AbortSignal): Promise<void> {
    const target = await store.load(ref);
    if (!target || target.notices.length === 0) {
      await store.noticeDone(ref, "", "dropped");
      return;
    }
    for (const notice of target.notices) {
      if (stopping.aborted) return;
      if (!(await send(ref, target, notice))) return;
    }
  }

  return startBackgroundLoop({
    async turn(stopping) {
      const due = await store.claimDueNotices(BATCH, LEASE_MS);
      if (due.length === 0) return IDLE_MS;
      await mapWithConcurrency(due, 10, async (ref) => {
        try {
          await deliver(ref, stopping);
        } catch (error) {
          if (stopping.aborted) return;
          // A store outage is reported once, by the store: the loops stay quiet meanwhile.
          const level = error instanceof StateUnavailableError ? "debug" : "error";
          logger[level]({ err: error, target: `${ref.scope}:${ref.transactionId}` }, "watch notifications failed; retried when their claim lapses");
        }
      });
      return 0;
    },
    retryMs: 5_000,
    failure: "watch notifications cannot reach the state store; retrying",
    reportedElsewhere: (error) => error instanceof StateUnavailableError,
    logger,
  });
}

/** "📣 settled notice sent to Ama, Bob": on the timeline of the kind that settled, once the message is sent. */
function recordNotified(history: HistoryRecorder | undefined, ref: TargetRef, notice: Notice): void {
  if (!history?.on) return;
  const settledKind = notice.outcomes.find(isFinal)?.kind;
  const who = peopleAsOne(notice.subscribers.map((subscriber) => ({ id: subscriber.userId, name: subscriber.name })));
  const where = { chatId: notice.chatId, title: notice.chatType === "private" ? "private" : "", ...(notice.threadId === undefined ? {} : { topic: notice.threadId }) };
  for (const entry of eventEntries([{ ...ref, settledKind }], { at: Date.now(), event: "watch-notified", how: "watch", who, where })) history.record(entry);
}
