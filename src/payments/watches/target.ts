import { z } from "zod";
import { decodeOutcome, encodeOutcome } from "../enquiry/outcome-codec.ts";
import { isCancelled, isFinal, type EnquiryKind, type EnquiryOutcome } from "../enquiry/types.ts";
import { kindsFor, type IdResult, type Scope } from "../query.ts";
import { giveUpReason, nextCheckDelay, type GiveUpReason, type WatchSchedule } from "./schedule.ts";
import { decodeJson } from "../../util/decode-json.ts";

/**
 * A watched payment: one ID on one kind, or on both kinds (`status`) until one of them knows it.
 * It is checked once per due time however many chats watch it, and holds every chat's watch and
 * the notices still to send. Everything here is pure: the store persists it, one step at a time.
 */
export interface Target {
  scope: Scope;
  transactionId: string;
  /** Checks done since the backoff last started again (a new watcher starts it again). */
  checks: number;
  nextCheckAt: number;
  /** When the service was first seen not knowing the ID (cleared once it knows it). */
  notFoundSince?: number | undefined;
  /** The latest outcomes (one per kind checked), for /watches and for the give-up message. */
  last?: EnquiryOutcome[] | undefined;
  lastCheckedAt?: number | undefined;
  watches: ChatWatch[];
  /** Messages to send, one per chat and reason; removed once sent. */
  notices: Notice[];
}

export interface Subscriber {
  userId: number;
  /** Shown in the group notification, which mentions every subscriber. */
  name: string;
}

/** One chat's watch of a target: the subscribers in that chat, and the answer to reply to. */
export interface ChatWatch {
  chatId: number;
  chatType: "private" | "group" | "supergroup";
  /** The answer the watch started from: the notification replies to it, and it is edited once settled. */
  messageId: number | undefined;
  /** The forum topic the watch was started in: its notification goes there. */
  threadId?: number | undefined;
  startedAt: number;
  /** Language of the chat's notifications (the first subscriber's). */
  locale: string;
  subscribers: Subscriber[];
}

export type NoticeReason = "settled" | GiveUpReason;

export interface Notice {
  /** Unique in its target: one notice per chat, kind and reason. */
  id: string;
  reason: NoticeReason;
  chatId: number;
  chatType: ChatWatch["chatType"];
  messageId: number | undefined;
  threadId?: number | undefined;
  locale: string;
  subscribers: Subscriber[];
  /** What to show: the final outcome, or the last ones when giving up. */
  outcomes: EnquiryOutcome[];
  startedAt: number;
  /** Failed attempts so far (Telegram errors other than "wait"). */
  attempts: number;
}

export interface TargetRef {
  scope: Scope;
  transactionId: string;
}

export const targetKey = (ref: TargetRef): string => `${ref.scope}:${ref.transactionId}`;

export function parseTargetKey(key: string): TargetRef | undefined {
  const at = key.indexOf(":");
  const scope = key.slice(0, at);
  const transactionId = key.slice(at + 1);
  return (scope === "collection" || scope === "airtime" || scope === "status") && transactionId !== "" ? { scope, transactionId } : undefined;
}

// ---- Changes ---------------------------------------------------------------------------------

/** A topic kept only when there is one: stored documents stay as they were for watches outside topics. */
const topic = (threadId: number | undefined): { threadId?: number } => (threadId === undefined ? {} : { threadId });

export interface NewWatch {
  chatId: number;
  chatType: ChatWatch["chatType"];
  messageId: number | undefined;
  /** The forum topic it is started in, if any. */
  threadId?: number | undefined;
  locale: string;
  subscriber: Subscriber;
  /** What the answer the watch starts from showed (just checked): the target's latest, until its first check. */
  seen?: readonly IdResult[] | undefined;
}

/** Adds a subscriber (and the chat's watch, and the target, as needed); a new one restarts the backoff. */
export function subscribe(target: Target | undefined, ref: TargetRef, watch: NewWatch, now: number, schedule: WatchSchedule): { target: Target; added: boolean } {
  const seen = target?.last === undefined ? seenFor(ref, watch.seen) : undefined;
  const fresh: Target = target ?? { ...ref, checks: 0, nextCheckAt: now + schedule.firstCheckMs, watches: [], notices: [] };
  const base: Target = seen ? { ...fresh, last: seen, lastCheckedAt: Math.max(...seen.map((outcome) => outcome.checkedAt.getTime())) } : fresh;
  const existing = base.watches.find((entry) => entry.chatId === watch.chatId);
  if (existing?.subscribers.some((subscriber) => subscriber.userId === watch.subscriber.userId)) return { target: base, added: false };
  const watches = existing
    ? base.watches.map((entry) => (entry === existing ? { ...entry, subscribers: [...entry.subscribers, watch.subscriber] } : entry))
    : [...base.watches, { chatId: watch.chatId, chatType: watch.chatType, messageId: watch.messageId, ...topic(watch.threadId), startedAt: now, locale: watch.locale, subscribers: [watch.subscriber] }];
  return {
    target: { ...base, watches, checks: 0, nextCheckAt: Math.min(base.nextCheckAt, now + schedule.firstCheckMs) },
    added: true,
  };
}

/** The outcomes an answer showed for a target: its ID, on the kinds the target is watched on. */
function seenFor(ref: TargetRef, results: readonly IdResult[] | undefined): EnquiryOutcome[] | undefined {
  const kinds = new Set<EnquiryKind>(kindsFor(ref.scope));
  const outcomes = results?.find((result) => result.id === ref.transactionId)?.outcomes.filter((outcome) => kinds.has(outcome.kind) && !isCancelled(outcome));
  return outcomes && outcomes.length > 0 ? outcomes : undefined;
}

/** Removes a subscriber from a chat's watch (the watch goes with its last subscriber). */
export function unsubscribe(target: Target, chatId: number, userId: number): { target: Target; removed: boolean } {
  let removed = false;
  const watches = target.watches.flatMap((entry) => {
    if (entry.chatId !== chatId) return [entry];
    const subscribers = entry.subscribers.filter((subscriber) => subscriber.userId !== userId);
    removed = subscribers.length !== entry.subscribers.length;
    return subscribers.length > 0 ? [{ ...entry, subscribers }] : [];
  });
  return { target: { ...target, watches }, removed };
}

/** Ends a chat's watches and notices (the bot was blocked or removed there), or moves them to the chat's new ID. */
export function forChat(target: Target, chatId: number, to: { drop: true } | { moveTo: number }): Target {
  if ("drop" in to) return { ...target, watches: target.watches.filter((entry) => entry.chatId !== chatId), notices: target.notices.filter((notice) => notice.chatId !== chatId) };
  const move = <T extends { chatId: number; chatType: ChatWatch["chatType"] }>(item: T): T => (item.chatId === chatId ? { ...item, chatId: to.moveTo, chatType: "supergroup" } : item);
  return { ...target, watches: target.watches.map(move), notices: target.notices.map(move) };
}

/** Whether the target holds nothing more to do: it can be forgotten. */
export const isSpent = (target: Target): boolean => target.watches.length === 0 && target.notices.length === 0;

export interface CheckResult {
  target: Target;
  /** A `status` target whose ID one kind now knows: its watches carry on, on that kind. */
  moved: { scope: EnquiryKind; watches: ChatWatch[] }[];
  /** The service rejected the token: nothing changed but the next check's time. */
  paused: boolean;
}

/**
 * What one check's outcomes (one per kind of the target's scope, in that order) do to a target:
 * settled payments become notices; a `status` target whose ID a kind knows hands its watches on
 * to that kind; watches too old, or not found for too long, end with a notice; anything unknown
 * (timeout, busy, service error, unreadable) just waits for the next check.
 */
export function applyCheck(target: Target, outcomes: readonly EnquiryOutcome[], now: number, schedule: WatchSchedule, random: () => number): CheckResult {
  const checks = target.checks + 1;
  const next = (changes: Partial<Target>): Target => ({ ...target, ...changes, checks, nextCheckAt: now + nextCheckDelay(checks, schedule, random), lastCheckedAt: now });
  if (outcomes.some((outcome) => outcome.type === "unauthorized")) {
    return { target: { ...target, nextCheckAt: now + nextCheckDelay(target.checks, schedule, random) }, moved: [], paused: true };
  }

  const found = outcomes.filter((outcome) => outcome.type === "found");
  const notices: Notice[] = [...target.notices];
  const notify = (watch: ChatWatch, reason: NoticeReason, shown: EnquiryOutcome[], kind: string) => {
    const id = `${reason}:${kind}:${watch.chatId}`;
    if (notices.some((notice) => notice.id === id)) return;
    notices.push({ id, reason, chatId: watch.chatId, chatType: watch.chatType, messageId: watch.messageId, ...topic(watch.threadId), locale: watch.locale, subscribers: watch.subscribers, outcomes: shown, startedAt: watch.startedAt, attempts: 0 });
  };

  if (found.length > 0) {
    // The ID is known: settled kinds are notified; kinds still open carry the watches on.
    const settled = found.filter(isFinal);
    const open = found.filter((outcome) => !isFinal(outcome));
    for (const watch of target.watches) for (const outcome of settled) notify(watch, "settled", [outcome], outcome.kind);
    if (target.scope === "status") {
      return { target: next({ watches: [], notices, last: [...outcomes], notFoundSince: undefined }), moved: open.map((outcome) => ({ scope: outcome.kind, watches: target.watches })), paused: false };
    }
    const watches = open.length > 0 ? target.watches : [];
    return { target: withGiveUps(next({ watches, notices, last: [...outcomes], notFoundSince: undefined }), now, schedule), moved: [], paused: false };
  }

  const notFound = outcomes.length > 0 && outcomes.every((outcome) => outcome.type === "not_found");
  const notFoundSince = notFound ? (target.notFoundSince ?? now) : target.notFoundSince;
  return { target: withGiveUps(next({ notices, last: [...outcomes], notFoundSince }), now, schedule), moved: [], paused: false };
}

/** Ends, with a notice, every watch that is too old or has waited too long for an unknown ID. */
function withGiveUps(target: Target, now: number, schedule: WatchSchedule): Target {
  const stillNotFound = target.last?.every((outcome) => outcome.type === "not_found") === true ? target.notFoundSince : undefined;
  const notices = [...target.notices];
  const watches = target.watches.filter((watch) => {
    const reason = giveUpReason(watch, stillNotFound, now, schedule);
    if (!reason) return true;
    const id = `${reason}:${target.scope}:${watch.chatId}`;
    if (!notices.some((notice) => notice.id === id)) {
      notices.push({ id, reason, chatId: watch.chatId, chatType: watch.chatType, messageId: watch.messageId, ...topic(watch.threadId), locale: watch.locale, subscribers: watch.subscribers, outcomes: target.last ?? [], startedAt: watch.startedAt, attempts: 0 });
    }
    return false;
  });
  return { ...target, watches, notices };
}

/** Adds watches handed on from a `status` target to a kind's own target. */
export function adoptWatches(target: Target | undefined, ref: TargetRef, watches: readonly ChatWatch[], now: number, schedule: WatchSchedule): Target {
  let result = target ?? { ...ref, checks: 0, nextCheckAt: now + schedule.firstCheckMs, watches: [], notices: [] };
  for (const watch of watches) {
    for (const subscriber of watch.subscribers) {
      result = subscribe(result, ref, { chatId: watch.chatId, chatType: watch.chatType, messageId: watch.messageId, threadId: watch.threadId, locale: watch.locale, subscriber }, now, schedule).target;
    }
    // The watch keeps its age: giving up counts from when the user asked.
    result = { ...result, watches: result.watches.map((entry) => (entry.chatId === watch.chatId ? { ...entry, startedAt: Math.min(entry.startedAt, watch.startedAt) } : entry)) };
  }
  return result;
}

/** The kinds a target's check asks, in order. */
export const kindsOf = (target: TargetRef): readonly EnquiryKind[] => kindsFor(target.scope);

// ---- Storage ---------------------------------------------------------------------------------

const subscriberSchema = z.object({ userId: z.number(), name: z.string() });
const chatType = z.enum(["private", "group", "supergroup"]);
const watchSchema = z.object({ chatId: z.number(), chatType, messageId: z.number().optional(), threadId: z.number().optional(), startedAt: z.number(), locale: z.string(), subscribers: z.array(subscriberSchema) });
const outcomes = z.array(z.string()).transform((list) => list.map(decodeOutcome).filter((outcome): outcome is EnquiryOutcome => outcome !== undefined));
const noticeSchema = z.object({
  id: z.string(),
  reason: z.enum(["settled", "max_age", "not_found"]),
  chatId: z.number(),
  chatType,
  messageId: z.number().optional(),
  threadId: z.number().optional(),
  locale: z.string(),
  subscribers: z.array(subscriberSchema),
  outcomes,
  startedAt: z.number(),
  attempts: z.number(),
});
const targetSchema = z.object({
  scope: z.enum(["collection", "airtime", "status"]),
  transactionId: z.string(),
  checks: z.number(),
  nextCheckAt: z.number(),
  notFoundSince: z.number().optional(),
  last: outcomes.optional(),
  lastCheckedAt: z.number().optional(),
  watches: z.array(watchSchema),
  notices: z.array(noticeSchema),
});

export function encodeTarget(target: Target): string {
  const encodeAll = (list: readonly EnquiryOutcome[]) => list.map(encodeOutcome);
  return JSON.stringify({
    ...target,
    last: target.last ? encodeAll(target.last) : undefined,
    notices: target.notices.map((notice) => ({ ...notice, outcomes: encodeAll(notice.outcomes) })),
  });
}

/** A stored target, validated (another version may have written it); unreadable means absent. */
export function decodeTarget(text: string | undefined): Target | undefined {
  const value = decodeJson(targetSchema, text);
  return (
    value && {
      ...value,
      watches: value.watches.map((watch) => ({ ...watch, messageId: watch.messageId })),
      notices: value.notices.map((notice) => ({ ...notice, messageId: notice.messageId })),
    }
  );
}

/**
 * What an answer's 🔔 Notify me watches: every ID and kind in it that is not final. For `status`
 * (both kinds asked), the kinds that know the ID, or both kinds until one does.
 */
export function targetsOf(scope: Scope, results: readonly { id: string; outcomes: readonly EnquiryOutcome[] }[]): TargetRef[] {
  return results.flatMap(({ id, outcomes: answers }): TargetRef[] => {
    if (scope !== "status") return answers.some((outcome) => !isFinal(outcome)) ? [{ scope, transactionId: id }] : [];
    const found = answers.filter((outcome) => outcome.type === "found");
    if (found.length === 0) return [{ scope: "status", transactionId: id }];
    return found.filter((outcome) => !isFinal(outcome)).map((outcome) => ({ scope: outcome.kind, transactionId: id }));
  });
}
