import type { Logger } from "../../../logger.ts";
import { StateUnavailableError, type Records } from "../../../state/ports.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../enquiry/types.ts";
import { addCounts, emptyCounts, figuresOf, type HealthCounts, type WindowFigures } from "../counting/counts.ts";
import { advanceHealth, decodeHealth, encodeHealth, initialHealth, type HealthChange, type KindHealth } from "./provider-state.ts";
import type { HealthCountsReader } from "../counting/read-counts.ts";
import type { HealthRecorder } from "../counting/recorder.ts";
import { FAILURES_MIN_COUNT, assessFailures, assessService, rank, type FailureFigures, type HealthThresholds, type ServiceLevel } from "./thresholds.ts";
import { HOUR_MS, MINUTE_MS, hourOf, minuteOf } from "../../../util/time-buckets.ts";

/** The service is judged on this window. */
export const SERVICE_WINDOW_MS = 5 * MINUTE_MS;
const COLLECTION = "provider-health";

/** One kind's state, as the last evaluation left it: what answers, /health and the metrics show. */
export interface KindStatus {
  level: ServiceLevel;
  /** When this level began; while not normal, when the episode began. */
  since: number;
  startedAt: number | undefined;
  cause: "not-checked" | "slow" | undefined;
  /** The last 5 minutes, as of the last evaluation. */
  window: WindowFigures;
  failuresHigh: boolean;
  failuresSince: number;
  failures: FailureFigures | undefined;
}

export interface ProviderStatus {
  kinds: Record<EnquiryKind, KindStatus>;
  /** Undefined until the first evaluation has read the store. */
  evaluatedAt: number | undefined;
  /** The stored states, for the daily summary's time in trouble. */
  stored: Partial<Record<EnquiryKind, KindHealth>>;
}

export interface HealthMonitor {
  current: () => ProviderStatus;
  /** Writes this instance's counts, reads everyone's, judges each kind, and announces what changed. */
  evaluate(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface HealthMonitorOptions {
  recorder: Pick<HealthRecorder, "flush">;
  reader: HealthCountsReader;
  records: Records;
  thresholds: HealthThresholds;
  /** Told of each change once, by the one instance whose evaluation made it. */
  announce: (changes: readonly HealthChange[]) => Promise<void>;
  /** After each evaluation (the metrics). */
  onEvaluated?: (kind: EnquiryKind, status: KindStatus) => void;
  logger: Logger;
  now?: () => number;
  /** How often; by default a fifth of the recovery time, between 1 and 5 s. */
  everyMs?: number;
}

/**
 * Judges the provider from the counts of every instance, every few seconds. The state per kind
 * lives in the state store and moves on through `advanceHealth` in one step (a compare-and-set):
 * with several instances, the one whose step made a change announces it, so each change is
 * announced once. The store unreachable: nothing changes until it is back.
 */
export function healthMonitor(options: HealthMonitorOptions): HealthMonitor {
  const { recorder, reader, records, thresholds, announce, logger, now = Date.now } = options;
  const everyMs = options.everyMs ?? Math.min(5_000, Math.max(1_000, thresholds.recoveryMs / 5));
  const idle = (at: number): KindStatus => ({
    level: "normal",
    since: at,
    startedAt: undefined,
    cause: undefined,
    window: figuresOf(emptyCounts().collection),
    failuresHigh: false,
    failuresSince: at,
    failures: undefined,
  });
  let status: ProviderStatus = { kinds: { collection: idle(now()), airtime: idle(now()) }, evaluatedAt: undefined, stored: {} };
  /** The 24 hours before the last hour change by the hour: read once per hour. */
  let baseline: { hour: number; counts: HealthCounts } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function dayBefore(at: number): Promise<HealthCounts> {
    const hour = hourOf(at);
    if (baseline?.hour !== hour) baseline = { hour, counts: await reader.counts((hour - 25) * HOUR_MS, (hour - 1) * HOUR_MS) };
    return baseline.counts;
  }

  async function evaluate(): Promise<void> {
    await recorder.flush();
    const at = now();
    // Up to now, this very millisecond included (the reader's ends are exclusive).
    const byMinute = await reader.perMinute(at - HOUR_MS, at + 1);
    const windowStart = minuteOf(at - SERVICE_WINDOW_MS);
    const window = emptyCounts();
    const lastHour = emptyCounts();
    for (const [minute, counts] of byMinute) {
      addCounts(lastHour, counts);
      if (minute >= windowStart) addCounts(window, counts);
    }
    const before = await dayBefore(at);
    const kinds = { ...status.kinds };
    const stored: ProviderStatus["stored"] = {};
    const changes: HealthChange[] = [];
    for (const kind of ENQUIRY_KINDS) {
      const service = assessService(window[kind], thresholds);
      // Reasons are read only when the rule could fire: the common case costs no read.
      const reasons = lastHour[kind].outcomes.failed >= FAILURES_MIN_COUNT ? await reader.reasons(at - HOUR_MS, at + 1, [kind]) : new Map<string, number>();
      const failures = assessFailures(lastHour[kind], before[kind], reasons);
      let made: HealthChange[] = [];
      let health: KindHealth | undefined;
      await records.update(COLLECTION, kind, (current) => {
        const previous = decodeHealth(current) ?? initialHealth(at);
        const step = advanceHealth(kind, previous, service, failures, at, thresholds.recoveryMs);
        made = step.changes;
        health = step.next;
        // Unchanged: nothing written.
        return step.next === previous && current !== undefined ? current : encodeHealth(step.next);
      });
      changes.push(...made);
      if (!health) continue;
      stored[kind] = health;
      kinds[kind] = {
        level: health.service.level,
        since: health.service.since,
        startedAt: health.service.episode?.startedAt,
        cause: health.service.episode?.cause,
        window: service.figures,
        failuresHigh: health.failures.high,
        failuresSince: health.failures.since,
        failures: failures.figures,
      };
      options.onEvaluated?.(kind, kinds[kind]);
    }
    status = { kinds, evaluatedAt: at, stored };
    if (changes.length > 0) {
      logger.info({ changes: changes.map((change) => ({ type: change.type, kind: change.kind })) }, "provider health changed");
      await announce(changes).catch((error: unknown) => logger.error({ err: error }, "provider health change not announced"));
    }
  }

  const run = (): Promise<void> => {
    running ??= evaluate()
      .catch((error: unknown) =>
        // The store away is an outage already told of: the next evaluation tries again.
        error instanceof StateUnavailableError ? logger.debug({ err: error }, "provider health not evaluated: the state store did not answer") : logger.error({ err: error }, "provider health not evaluated"),
      )
      .finally(() => (running = undefined));
    return running;
  };

  return {
    current: () => status,
    evaluate: run,
    start() {
      timer ??= setInterval(() => void run(), everyMs).unref();
      void run();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/** The worse of the kinds: /health's headline. */
export function worstLevel(status: ProviderStatus): ServiceLevel {
  return ENQUIRY_KINDS.map((kind) => status.kinds[kind].level).reduce((worst, level) => (rank(level) > rank(worst) ? level : worst), "normal" as ServiceLevel);
}
