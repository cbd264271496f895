import type { Logger } from "../../../logger.ts";
import { StateUnavailableError, type Tallies, type TallyAddition } from "../../../state/ports.ts";
import { isCancelled, type EnquiryKind, type EnquiryOptions, type EnquiryOutcome, type EnquiryService } from "../../enquiry/types.ts";
import { addCounts, countsToFields, emptyCounts, type HealthCounts } from "./counts.ts";
import { latencyBucket } from "./latency.ts";
import { healthOutcome } from "./outcomes.ts";
import { REASON_LIMITS, OTHER_REASONS, reasonField } from "./reasons.ts";
import { healthKeys, KEEP_HOURS_MS, KEEP_MINUTES_MS } from "./tally-keys.ts";
import { hourOf, minuteOf } from "../../../util/time-buckets.ts";

/** Counts wait this long in memory before they are written (with Redis: one round trip per instance). */
export const HEALTH_FLUSH_MS = 2_000;
/** Payments remembered between two writes: beyond, the distinct count misses some, memory does not grow. */
const MAX_PENDING_PAYMENTS = 10_000;

export interface HealthRecorder {
  /** Counts one enquiry made to the provider: a few map updates, nothing written yet. */
  record(outcome: EnquiryOutcome, latencyMs: number): void;
  /** Writes what was counted since the last write (the evaluation calls it first). */
  flush(): Promise<void>;
  start(): void;
  /** Stops, and writes what is left. */
  stop(): Promise<void>;
}

/** What one minute holds before it is written. */
interface PendingMinute {
  counts: HealthCounts;
  reasons: Record<EnquiryKind, Map<string, number>>;
}

/**
 * Counts every enquiry made to the provider, off the reply's path: `record` only adds to maps in
 * memory, and a timer writes them every few seconds, as one batch, to the minute's and the hour's
 * tallies in the state store (where every instance adds to the same ones). While the store cannot
 * be written, counts wait (the minutes still worth keeping) and go with the next write.
 */
export function healthRecorder({ tallies, logger, now = Date.now, flushMs = HEALTH_FLUSH_MS }: { tallies: Tallies; logger: Logger; now?: () => number; flushMs?: number }): HealthRecorder {
  let pending = new Map<number, PendingMinute>();
  let payments = new Map<number, Set<string>>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let failing = false;

  const minuteFor = (minute: number): PendingMinute => {
    let entry = pending.get(minute);
    if (!entry) pending.set(minute, (entry = { counts: emptyCounts(), reasons: { collection: new Map(), airtime: new Map() } }));
    return entry;
  };

  function additions(minutes: Map<number, PendingMinute>, paid: Map<number, Set<string>>): TallyAddition[] {
    const batch: TallyAddition[] = [];
    const hours = new Map<number, PendingMinute>();
    for (const [minute, entry] of minutes) {
      batch.push({ key: healthKeys.minute(minute), ttlMs: KEEP_MINUTES_MS, counts: countsToFields(entry.counts) });
      const hour = hourOf(minute * 60_000);
      let sum = hours.get(hour);
      if (!sum) hours.set(hour, (sum = { counts: emptyCounts(), reasons: { collection: new Map(), airtime: new Map() } }));
      addCounts(sum.counts, entry.counts);
      for (const kind of ["collection", "airtime"] as const) {
        if (entry.reasons[kind].size > 0) {
          batch.push({ key: healthKeys.reasonsMinute(kind, minute), ttlMs: KEEP_MINUTES_MS, counts: entry.reasons[kind], limit: { fields: REASON_LIMITS.minute, overflow: OTHER_REASONS } });
        }
        for (const [reason, count] of entry.reasons[kind]) sum.reasons[kind].set(reason, (sum.reasons[kind].get(reason) ?? 0) + count);
      }
    }
    for (const [hour, sum] of hours) {
      batch.push({ key: healthKeys.hour(hour), ttlMs: KEEP_HOURS_MS, counts: countsToFields(sum.counts) });
      for (const kind of ["collection", "airtime"] as const) {
        if (sum.reasons[kind].size > 0) {
          batch.push({ key: healthKeys.reasonsHour(kind, hour), ttlMs: KEEP_HOURS_MS, counts: sum.reasons[kind], limit: { fields: REASON_LIMITS.hour, overflow: OTHER_REASONS } });
        }
      }
    }
    for (const [hour, members] of paid) batch.push({ key: healthKeys.paymentsHour(hour), ttlMs: KEEP_MINUTES_MS, members: [...members] });
    return batch;
  }

  async function write(): Promise<void> {
    if (pending.size === 0 && payments.size === 0) return;
    const minutes = pending;
    const paid = payments;
    pending = new Map();
    payments = new Map();
    try {
      await tallies.add(additions(minutes, paid));
      if (failing) logger.info("health counts written again");
      failing = false;
    } catch (error) {
      // Kept for the next write, unless too old to be worth keeping.
      const oldest = minuteOf(now() - KEEP_MINUTES_MS);
      for (const [minute, entry] of minutes) {
        if (minute < oldest) continue;
        const into = minuteFor(minute);
        addCounts(into.counts, entry.counts);
        for (const kind of ["collection", "airtime"] as const) for (const [reason, count] of entry.reasons[kind]) into.reasons[kind].set(reason, (into.reasons[kind].get(reason) ?? 0) + count);
      }
      for (const [hour, members] of paid) for (const member of members) notePayment(hour, member);
      // A store outage is told once where it is noticed; here it only delays the counts.
      if (!failing) logger[error instanceof StateUnavailableError ? "debug" : "warn"]({ err: error }, "health counts not written: kept for the next try");
      failing = true;
    }
  }

  function notePayment(hour: number, member: string): void {
    let members = payments.get(hour);
    if (!members) payments.set(hour, (members = new Set()));
    if (members.size < MAX_PENDING_PAYMENTS) members.add(member);
  }

  const flush = (): Promise<void> => {
    // One write at a time: a flush asked for during a write waits for it, then writes what came since.
    const next = (writing ?? Promise.resolve()).then(write);
    writing = next.finally(() => {
      if (writing === next) writing = undefined;
    });
    return next;
  };

  return {
    record(outcome, latencyMs) {
      const at = now();
      const entry = minuteFor(minuteOf(at));
      const counted = healthOutcome(outcome);
      const kind = entry.counts[outcome.kind];
      kind.outcomes[counted]++;
      const bucket = latencyBucket(latencyMs);
      kind.latency[bucket] = (kind.latency[bucket] ?? 0) + 1;
      if (counted === "failed" && outcome.type === "found") {
        const reason = reasonField(outcome.transaction.message);
        entry.reasons[outcome.kind].set(reason, (entry.reasons[outcome.kind].get(reason) ?? 0) + 1);
      }
      notePayment(hourOf(at), `${outcome.kind}:${outcome.transactionId}`);
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushMs).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

/**
 * The provider, counted: every enquiry that reaches it (not those answered from the cache or
 * joined to one in flight) is recorded with its outcome and how long it took, retries included.
 * An enquiry given up by its asker is not an answer, and is not counted.
 */
export function countedForHealth(service: EnquiryService, recorder: Pick<HealthRecorder, "record">): EnquiryService {
  return {
    async enquire(kind: EnquiryKind, transactionId: string, options?: EnquiryOptions) {
      const started = performance.now();
      const outcome = await service.enquire(kind, transactionId, options);
      if (!isCancelled(outcome)) recorder.record(outcome, performance.now() - started);
      return outcome;
    },
  };
}
