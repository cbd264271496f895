/** How watched payments are checked, and when the bot gives up (WATCH_* settings). */
export interface WatchSchedule {
  firstCheckMs: number;
  maxIntervalMs: number;
  /** A watch ends, with a message, once it is this old. */
  maxAgeMs: number;
  /** A payment the service does not know is watched this long (it may just be late to appear). */
  notFoundMs: number;
}

/** ±20 %: watches started together drift apart instead of hitting the provider together. */
export const JITTER = 0.2;

/**
 * How long after a check (the `checksDone`-th since the watch started; 0 for the wait before the
 * first) the next one comes: the first after `firstCheckMs` exactly, then doubling, with ±20 %
 * jitter, and never more than `maxIntervalMs`. `random` is in [0, 1).
 */
export function nextCheckDelay(checksDone: number, schedule: WatchSchedule, random: () => number): number {
  if (checksDone <= 0) return schedule.firstCheckMs;
  const doubled = Math.min(schedule.firstCheckMs * 2 ** Math.min(checksDone, 40), schedule.maxIntervalMs);
  const jittered = doubled * (1 - JITTER + 2 * JITTER * random());
  return Math.max(1, Math.min(Math.round(jittered), schedule.maxIntervalMs));
}

/** Why a watch ends without its payment settling. */
export type GiveUpReason = "max_age" | "not_found";

/**
 * Whether a watch is over its time: too old, or not found for too long. The not-found window runs
 * from when the payment was first seen missing, or from the watch's start if later.
 */
export function giveUpReason(watch: { startedAt: number }, notFoundSince: number | undefined, now: number, schedule: WatchSchedule): GiveUpReason | undefined {
  if (now - watch.startedAt >= schedule.maxAgeMs) return "max_age";
  if (notFoundSince !== undefined && now - Math.max(notFoundSince, watch.startedAt) >= schedule.notFoundMs) return "not_found";
  return undefined;
}
