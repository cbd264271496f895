import type { StateStore } from "../../state/ports.ts";
import type { WatchSchedule } from "./schedule.ts";
import {
  adoptWatches,
  applyCheck,
  decodeTarget,
  encodeTarget,
  forChat,
  isSpent,
  parseTargetKey,
  subscribe,
  targetKey,
  unsubscribe,
  type ChatWatch,
  type CheckResult,
  type NewWatch,
  type Target,
  type TargetRef,
} from "./target.ts";
import type { EnquiryOutcome } from "../enquiry/types.ts";

/** Targets due for a check, and targets with notices to send. */
const CHECKS = "watch-checks";
const NOTICES = "watch-notices";
/** Targets still watched, by when their oldest watch began: how many have waited long, and since when. */
const STARTS = "watch-starts";

export type SubscribeResult =
  | { type: "ok"; added: TargetRef[]; already: TargetRef[] }
  /** Refused whole: the user would watch more IDs than allowed. */
  | { type: "limit"; active: number; max: number };

/** What people do with watches: start them, stop them, list them. */
export interface WatchSubscriptions {
  /** Watches the targets for a user in a chat: refused whole past `maxPerUser` IDs; watching again adds nothing. */
  subscribe(refs: readonly TargetRef[], watch: NewWatch, maxPerUser: number): Promise<SubscribeResult>;
  /** Sets the answer a chat's watches reply to, where it was not known when they started (/watch). */
  attachMessage(refs: readonly TargetRef[], chatId: number, messageId: number): Promise<void>;
  /** Stops a user's watches in a chat, of the targets `matches` picks; returns those stopped. */
  unsubscribe(chatId: number, userId: number, matches: (ref: TargetRef) => boolean): Promise<TargetRef[]>;
  /** A user's watches in a chat, with their targets. */
  watchesOf(chatId: number, userId: number): Promise<{ target: Target; watch: ChatWatch }[]>;
  /** Who in a chat watches any of these targets (for the Notify button's count). */
  subscribersIn(chatId: number, refs: readonly TargetRef[]): Promise<Set<number>>;
}

/** What follows a chat: the bot blocked there (its watches end), or the group upgraded (they move). */
export interface WatchChats {
  forChat(chatId: number, to: { drop: true } | { moveTo: number }, also?: TargetRef): Promise<void>;
}

/** What the scheduler does: check targets as they fall due. */
export interface WatchChecks {
  load(ref: TargetRef): Promise<Target | undefined>;
  claimDueChecks(limit: number, leaseMs: number): Promise<TargetRef[]>;
  prepareCheck(ref: TargetRef, keep: (watch: ChatWatch) => boolean): Promise<Target | undefined>;
  recordCheck(ref: TargetRef, outcomes: readonly EnquiryOutcome[]): Promise<CheckResult | undefined>;
}

/** What the notifier does: send the notices checks left. */
export interface WatchNotices extends WatchChats {
  load(ref: TargetRef): Promise<Target | undefined>;
  claimDueNotices(limit: number, leaseMs: number): Promise<TargetRef[]>;
  noticeDone(ref: TargetRef, noticeId: string, outcome: "sent" | "dropped" | "failed"): Promise<void>;
  noticesLater(ref: TargetRef, at: number): Promise<void>;
  subscribersIn(chatId: number, refs: readonly TargetRef[]): Promise<Set<number>>;
}

export interface WatchStore extends WatchSubscriptions, WatchChecks, WatchNotices {
  /** Targets being watched (for the `watches_active` metric). */
  activeTargets(): Promise<number>;
  /** Targets with notices waiting. */
  pendingNotices(): Promise<number>;
  /** Targets still watched whose oldest watch began before `startedBefore`: how many, and the oldest's start. */
  waitingSince(startedBefore: number): Promise<{ count: number; oldest: number | undefined }>;
}

export interface WatchStoreOptions {
  state: StateStore;
  schedule: WatchSchedule;
  now?: () => number;
  random?: () => number;
}

/**
 * Watches, kept in the state store so that they outlive the process and are shared by every
 * instance: one document per target (updated in one step each time), a schedule of targets due
 * for a check and one of targets with notices to send, and indexes of each user's and each
 * chat's watches. Every change is ordered so that a crash between two writes leaves work to be
 * redone, never work lost: the schedules are written before the documents they point to, and
 * whoever claims a target finishes whatever a crashed predecessor left.
 */
export function createWatchStore({ state, schedule, now = Date.now, random = Math.random }: WatchStoreOptions): WatchStore {
  const keepMs = schedule.maxAgeMs + 24 * 60 * 60 * 1000;
  const docKey = (ref: TargetRef) => `watch:${targetKey(ref)}`;
  const userIndex = (userId: number) => `watch-user:${userId}`;
  const chatIndex = (chatId: number) => `watch-chat:${chatId}`;
  const userEntry = (chatId: number, ref: TargetRef) => `${chatId}|${targetKey(ref)}`;

  const load = async (ref: TargetRef) => decodeTarget(await state.kv.get(docKey(ref)));

  /** Changes a target in one step; `change` may run more than once, so it must be pure. */
  async function change<R>(ref: TargetRef, step: (target: Target | undefined) => { target: Target | undefined; result: R }): Promise<R> {
    let result: R | undefined;
    await state.kv.update(
      docKey(ref),
      (current) => {
        const outcome = step(decodeTarget(current));
        result = outcome.result;
        return outcome.target && !isSpent(outcome.target) ? encodeTarget(outcome.target) : undefined;
      },
      keepMs,
    );
    return result as R;
  }

  async function index(watch: Pick<ChatWatch, "chatId" | "subscribers">, ref: TargetRef): Promise<void> {
    await state.sets.add(chatIndex(watch.chatId), targetKey(ref), keepMs);
    for (const subscriber of watch.subscribers) await state.sets.add(userIndex(subscriber.userId), userEntry(watch.chatId, ref), keepMs);
  }

  async function unindex(watches: readonly Pick<ChatWatch, "chatId" | "subscribers">[], ref: TargetRef, targetGone: boolean): Promise<void> {
    for (const watch of watches) {
      for (const subscriber of watch.subscribers) await state.sets.remove(userIndex(subscriber.userId), userEntry(watch.chatId, ref));
      if (targetGone) await state.sets.remove(chatIndex(watch.chatId), targetKey(ref));
    }
  }

  /** The IDs (per chat) a user watches: what the per-user limit counts. */
  async function activeIds(userId: number): Promise<Set<string>> {
    const entries = await state.sets.members(userIndex(userId));
    return new Set(entries.map((entry) => `${entry.split("|")[0]}|${parseTargetKey(entry.slice(entry.indexOf("|") + 1))?.transactionId ?? entry}`));
  }

  /** Follows up what a change left: notices to send, the next check, or forgetting the target. */
  async function settle(ref: TargetRef, target: Target | undefined, ended: readonly ChatWatch[]): Promise<void> {
    if (target && target.notices.length > 0) await state.schedules.advance(NOTICES, targetKey(ref), now());
    if (!target || isSpent(target)) {
      await state.schedules.remove(CHECKS, targetKey(ref));
      await state.schedules.remove(NOTICES, targetKey(ref));
      await state.schedules.remove(STARTS, targetKey(ref));
    } else if (target.watches.length > 0) {
      await state.schedules.set(CHECKS, targetKey(ref), target.nextCheckAt);
      // Also indexes targets watched before the index existed, at their next check.
      await state.schedules.advance(STARTS, targetKey(ref), Math.min(...target.watches.map((watch) => watch.startedAt)));
    } else {
      await state.schedules.remove(CHECKS, targetKey(ref));
      await state.schedules.remove(STARTS, targetKey(ref));
    }
    await unindex(ended, ref, !target || target.watches.length === 0);
  }

  return {
    load,

    async subscribe(refs: readonly TargetRef[], watch: NewWatch, maxPerUser: number): Promise<SubscribeResult> {
      const active = await activeIds(watch.subscriber.userId);
      const wanted = new Set(refs.map((ref) => `${watch.chatId}|${ref.transactionId}`));
      const extra = [...wanted].filter((id) => !active.has(id)).length;
      if (active.size + extra > maxPerUser) return { type: "limit", active: active.size, max: maxPerUser };
      const added: TargetRef[] = [];
      const already: TargetRef[] = [];
      for (const ref of refs) {
        // Scheduled first: should the process die right after, the check finds the target (or its absence).
        await state.schedules.advance(CHECKS, targetKey(ref), now() + schedule.firstCheckMs);
        await state.schedules.advance(STARTS, targetKey(ref), now());
        const result = await change(ref, (target) => {
          const next = subscribe(target, ref, watch, now(), schedule);
          return { target: next.target, result: next.added };
        });
        (result ? added : already).push(ref);
        await index({ chatId: watch.chatId, subscribers: [watch.subscriber] }, ref);
      }
      return { type: "ok", added, already };
    },

    async attachMessage(refs: readonly TargetRef[], chatId: number, messageId: number): Promise<void> {
      for (const ref of refs) {
        await change(ref, (target) => ({
          target: target && { ...target, watches: target.watches.map((watch) => (watch.chatId === chatId && watch.messageId === undefined ? { ...watch, messageId } : watch)) },
          result: undefined,
        }));
      }
    },

    async unsubscribe(chatId: number, userId: number, matches: (ref: TargetRef) => boolean): Promise<TargetRef[]> {
      const refs = (await state.sets.members(userIndex(userId)))
        .filter((entry) => entry.startsWith(`${chatId}|`))
        .map((entry) => parseTargetKey(entry.slice(entry.indexOf("|") + 1)))
        .filter((ref): ref is TargetRef => ref !== undefined && matches(ref));
      const stopped: TargetRef[] = [];
      for (const ref of refs) {
        const after = await change<{ removed: boolean; target: Target | undefined }>(ref, (target) => {
          if (!target) return { target, result: { removed: false, target } };
          const next = unsubscribe(target, chatId, userId);
          return { target: next.target, result: { removed: next.removed, target: next.target } };
        });
        if (after.removed) stopped.push(ref);
        await state.sets.remove(userIndex(userId), userEntry(chatId, ref));
        if (!after.target || isSpent(after.target)) await settle(ref, undefined, []);
        else if (!after.target.watches.some((watch) => watch.chatId === chatId)) await state.sets.remove(chatIndex(chatId), targetKey(ref));
      }
      return stopped;
    },

    /** A user's watches in a chat, with their targets (stale index entries are cleaned up on the way). */
    async watchesOf(chatId: number, userId: number): Promise<{ target: Target; watch: ChatWatch }[]> {
      const found: { target: Target; watch: ChatWatch }[] = [];
      for (const entry of await state.sets.members(userIndex(userId))) {
        if (!entry.startsWith(`${chatId}|`)) continue;
        const ref = parseTargetKey(entry.slice(entry.indexOf("|") + 1));
        const target = ref && (await load(ref));
        const watch = target?.watches.find((candidate) => candidate.chatId === chatId && candidate.subscribers.some((subscriber) => subscriber.userId === userId));
        if (target && watch) found.push({ target, watch });
        else await state.sets.remove(userIndex(userId), entry);
      }
      return found.sort((a, b) => a.watch.startedAt - b.watch.startedAt);
    },

    async subscribersIn(chatId: number, refs: readonly TargetRef[]): Promise<Set<number>> {
      const users = new Set<number>();
      // All at once: one round trip to a store that pipelines (Redis), however many payments an answer shows.
      for (const target of await Promise.all(refs.map(load))) {
        const watch = target?.watches.find((candidate) => candidate.chatId === chatId);
        watch?.subscribers.forEach((subscriber) => users.add(subscriber.userId));
      }
      return users;
    },

    /** Targets due for a check, leased to this caller for `leaseMs`. */
    async claimDueChecks(limit: number, leaseMs: number): Promise<TargetRef[]> {
      const keys = await state.schedules.claimDue(CHECKS, now(), limit, leaseMs);
      return keys.map(parseTargetKey).filter((ref): ref is TargetRef => ref !== undefined);
    },

    /**
     * Before a check: drops the watches `keep` refuses (their chat or user may no longer ask:
     * silently, with no enquiry), and finishes what a crashed predecessor left. Returns the target
     * to check, or undefined when nothing is left to check.
     */
    async prepareCheck(ref: TargetRef, keep: (watch: ChatWatch) => boolean): Promise<Target | undefined> {
      let ended: ChatWatch[] = [];
      const target = await change(ref, (current) => {
        if (!current) return { target: undefined, result: undefined };
        ended = current.watches.filter((watch) => !keep(watch));
        const next = { ...current, watches: current.watches.filter(keep) };
        return { target: next, result: next };
      });
      if (!target || target.watches.length === 0) {
        await settle(ref, target, ended);
        return undefined;
      }
      if (ended.length > 0) await unindex(ended, ref, true);
      if (target.notices.length > 0) await state.schedules.advance(NOTICES, targetKey(ref), now());
      return target;
    },

    /** Records a check's outcomes; returns what it did (settled notices, watches handed on, a pause). */
    async recordCheck(ref: TargetRef, outcomes: readonly EnquiryOutcome[]): Promise<CheckResult | undefined> {
      const before = await load(ref);
      if (!before) return undefined;
      // A status target whose ID a kind now knows hands its watches on first, so none is lost in a crash.
      const adopt = async (result: CheckResult) => {
        for (const moved of result.moved) {
          const kindRef = { scope: moved.scope, transactionId: ref.transactionId };
          await state.schedules.advance(CHECKS, targetKey(kindRef), now() + schedule.firstCheckMs);
          if (moved.watches.length > 0) await state.schedules.advance(STARTS, targetKey(kindRef), Math.min(...moved.watches.map((watch) => watch.startedAt)));
          await change(kindRef, (target) => ({ target: adoptWatches(target, kindRef, moved.watches, now(), schedule), result: undefined }));
          for (const watch of moved.watches) await index(watch, kindRef);
        }
      };
      const at = now();
      await adopt(applyCheck(before, outcomes, at, schedule, random));
      const result = await change(ref, (target) => {
        if (!target) return { target, result: undefined };
        const applied = applyCheck(target, outcomes, at, schedule, random);
        return { target: applied.target, result: { applied, before: target } };
      });
      if (!result) return undefined;
      await adopt(result.applied);
      const kept = new Set(result.applied.target.watches.map((watch) => watch.chatId));
      const ended = result.before.watches.filter((watch) => !kept.has(watch.chatId));
      await settle(ref, result.applied.target, ended);
      return result.applied;
    },

    /** Targets with notices to send, leased to this caller for `leaseMs`. */
    async claimDueNotices(limit: number, leaseMs: number): Promise<TargetRef[]> {
      const keys = await state.schedules.claimDue(NOTICES, now(), limit, leaseMs);
      return keys.map(parseTargetKey).filter((ref): ref is TargetRef => ref !== undefined);
    },

    /** Marks a notice sent (it is removed), or counts a failed attempt. */
    async noticeDone(ref: TargetRef, noticeId: string, outcome: "sent" | "dropped" | "failed"): Promise<void> {
      const target = await change(ref, (current) => {
        if (!current) return { target: current, result: current };
        const notices =
          outcome === "failed"
            ? current.notices.map((notice) => (notice.id === noticeId ? { ...notice, attempts: notice.attempts + 1 } : notice))
            : current.notices.filter((notice) => notice.id !== noticeId);
        const next = { ...current, notices };
        return { target: next, result: next };
      });
      if (!target || isSpent(target)) await settle(ref, undefined, []);
      else if (target.notices.length === 0) await state.schedules.remove(NOTICES, targetKey(ref));
    },

    /** Tries this target's notices again at `at` (Telegram asked to wait, or a limit was reached). */
    async noticesLater(ref: TargetRef, at: number): Promise<void> {
      await state.schedules.set(NOTICES, targetKey(ref), at);
    },

    /**
     * Ends every watch and notice of a chat (the bot was blocked there), or moves them to the
     * chat's new ID. `also` is a target with a notice for the chat whose watch has already ended
     * (so the chat's index no longer lists it).
     */
    async forChat(chatId: number, to: { drop: true } | { moveTo: number }, also?: TargetRef): Promise<void> {
      const keys = new Set(await state.sets.members(chatIndex(chatId)));
      if (also) keys.add(targetKey(also));
      for (const key of keys) {
        const ref = parseTargetKey(key);
        if (!ref) continue;
        let moved: ChatWatch[] = [];
        const target = await change(ref, (current) => {
          if (!current) return { target: current, result: current };
          moved = current.watches.filter((watch) => watch.chatId === chatId);
          const next = forChat(current, chatId, to);
          return { target: next, result: next };
        });
        await unindex(moved, ref, true);
        if ("moveTo" in to) for (const watch of moved) await index({ ...watch, chatId: to.moveTo }, ref);
        if (!target || isSpent(target)) await settle(ref, undefined, []);
      }
    },

    activeTargets: () => state.schedules.size(CHECKS),
    pendingNotices: () => state.schedules.size(NOTICES),
    async waitingSince(startedBefore) {
      const { count, earliest } = await state.schedules.countDue(STARTS, startedBefore);
      return { count, oldest: earliest };
    },
  };
}

