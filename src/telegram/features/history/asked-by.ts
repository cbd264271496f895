import type { Chat, User } from "grammy/types";
import type { HistoryHow, HistoryPerson, HistoryPlace } from "../../../payments/history/entry.ts";
import { resultEntries, type HistoryRecorder } from "../../../payments/history/recording/recorder.ts";
import { eventEntries, type PaymentEvent } from "../../../payments/history/events.ts";
import type { IdResult } from "../../../payments/query.ts";
import type { BotContext } from "../../context.ts";
import { topicOfUpdate } from "../../topic.ts";

/** A person as the history names them: their name as Telegram shows it, else their username. */
export function personOf(user: User | undefined): HistoryPerson | undefined {
  if (!user) return undefined;
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim() || (user.username ? `@${user.username}` : "");
  return { id: user.id, name };
}

/** A chat as the history names it: its title, or "private". */
export function placeOf(chat: Chat | undefined, topic?: number): HistoryPlace | undefined {
  if (!chat) return undefined;
  const title = chat.type === "private" ? "private" : (chat.title ?? "");
  return { chatId: chat.id, title, ...(topic !== undefined ? { topic } : {}) };
}

export const askedIn = (ctx: BotContext): { who: HistoryPerson | undefined; where: HistoryPlace | undefined } => ({ who: personOf(ctx.from), where: placeOf(ctx.chat, topicOfUpdate(ctx)) });

/**
 * The answers just given, into the history: called once the reply is sent, so that writing it
 * never delays an answer; the recorder writes in the background and never throws.
 */
export function recordAnswers(ctx: BotContext, history: HistoryRecorder | undefined, how: HistoryHow, results: readonly IdResult[], now = Date.now()): void {
  if (!history?.on) return;
  for (const entry of resultEntries(results, { at: now, how, ...askedIn(ctx) })) history.record(entry);
}

/** Something a person just did to payments (a watch started), into the history, named as the chat shows them. */
export function recordEvent(ctx: BotContext, history: HistoryRecorder | undefined, payments: Parameters<typeof eventEntries>[0], event: Omit<PaymentEvent, "at" | "who" | "where">, now = Date.now()): void {
  if (!history?.on) return;
  for (const entry of eventEntries(payments, { ...event, at: now, ...askedIn(ctx) })) history.record(entry);
}
