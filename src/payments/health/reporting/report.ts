import type { StateHealth, StateStore, StoreTopology } from "../../../state/ports.ts";
import type { CaseFigures } from "../../cases/case-figures.ts";
import type { TokenReport } from "../../service-token/client-credentials-token.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../enquiry/types.ts";
import { addCounts, bothKinds, emptyCounts, figuresOf, type WindowFigures } from "../counting/counts.ts";
import { SERVICE_WINDOW_MS, type ProviderStatus } from "../judging/monitor.ts";
import type { HealthCountsReader } from "../counting/read-counts.ts";
import { topReasons, type CountedReason } from "../counting/reasons.ts";
import { HOUR_MS, minuteOf } from "../../../util/time-buckets.ts";
import { validDate } from "../../../util/valid-date.ts";

/** Buckets of the sparkline: the last hour in twelve five-minute steps. */
export const SPARK_BUCKETS = 12;
/** Watched payments not final after this long are worth a line. */
export const LONG_WAIT_MS = HOUR_MS;

/** Everything /health shows, as of `at`. */
export interface HealthReport {
  at: number;
  status: ProviderStatus;
  kinds: Record<EnquiryKind, { last5m: WindowFigures; lastHour: WindowFigures }>;
  /** The share that could not be checked in each five minutes of the last hour, oldest first; undefined without enquiries. */
  sparkline: (number | undefined)[];
  today: { since: number; success: number; failed: number; reasons: { reason: CountedReason; count: number }[] };
  waiting: { count: number; oldest: number | undefined };
}

export interface HealthReportSources {
  reader: HealthCountsReader;
  status: () => ProviderStatus;
  /** Watched payments still not final that began before a time. */
  waitingSince: (startedBefore: number) => Promise<{ count: number; oldest: number | undefined }>;
  /** When today began in BOT_TIMEZONE. */
  startOfDay: (at: number) => number;
}

export async function healthReport(sources: HealthReportSources, at: number): Promise<HealthReport> {
  const { reader } = sources;
  const since = sources.startOfDay(at);
  const [byMinute, today, reasons, waiting] = await Promise.all([
    // Up to now, this very millisecond included (the reader's ends are exclusive).
    reader.perMinute(at - HOUR_MS, at + 1),
    reader.counts(since, at + 1),
    reader.reasons(since, at + 1),
    sources.waitingSince(at - LONG_WAIT_MS),
  ]);
  const lastHour = emptyCounts();
  const last5m = emptyCounts();
  const buckets = Array.from({ length: SPARK_BUCKETS }, () => emptyCounts());
  const firstMinute = minuteOf(at) - SPARK_BUCKETS * 5 + 1;
  for (const [minute, counts] of byMinute) {
    addCounts(lastHour, counts);
    if (minute >= minuteOf(at - SERVICE_WINDOW_MS)) addCounts(last5m, counts);
    const bucket = buckets[Math.floor((minute - firstMinute) / 5)];
    if (bucket) addCounts(bucket, counts);
  }
  const both = bothKinds(today);
  return {
    at,
    status: sources.status(),
    kinds: Object.fromEntries(ENQUIRY_KINDS.map((kind) => [kind, { last5m: figuresOf(last5m[kind]), lastHour: figuresOf(lastHour[kind]) }])) as HealthReport["kinds"],
    sparkline: buckets.map((counts) => {
      const figures = figuresOf(bothKinds(counts));
      return figures.enquiries === 0 ? undefined : figures.share;
    }),
    today: { since, success: both.outcomes.success, failed: both.outcomes.failed, reasons: topReasons(reasons, 3) },
    waiting,
  };
}

/** What admins also see in /health: where the token, the store and the background work stand. */
export interface AdminFacts {
  tokenExpiresAt: Date | undefined;
  /** Where the token comes from, when it was obtained, why no new one came (production). */
  token?: TokenReport | undefined;
  store: { shared: boolean; health: StateHealth; topology?: StoreTopology | undefined };
  /** Instances beating in the store; undefined when it cannot tell. */
  instances: number | undefined;
  backgroundQueue: number;
  watches: number | undefined;
  /** With SUPPORT_CHAT_ID: the open cases, the oldest, and today's opened and resolved; undefined without cases, or when they cannot be read. */
  cases?: CaseFigures | undefined;
}

export interface AdminFactsSources {
  state: Pick<StateStore, "shared" | "health" | "topology" | "claims">;
  tokenExpiresAt: () => Date | undefined;
  token?: (() => TokenReport) | undefined;
  backgroundQueue: () => number;
  watchedPayments: () => Promise<number>;
  /** The cases' figures for today, when there are cases. */
  cases?: (() => Promise<CaseFigures>) | undefined;
}

/** Read as /health is asked: a store that does not answer leaves its facts unknown, never the reply. */
export async function adminFacts(sources: AdminFactsSources): Promise<AdminFacts> {
  const { state } = sources;
  const [instances, topology, watches, cases] = await Promise.all([
    state.claims.instancesAlive().catch(() => 0),
    state.topology?.().catch(() => undefined),
    sources.watchedPayments().catch(() => undefined),
    sources.cases?.().catch(() => undefined),
  ]);
  return {
    tokenExpiresAt: validDate(sources.tokenExpiresAt()),
    ...(sources.token ? { token: withValidDates(sources.token()) } : {}),
    store: { shared: state.shared, health: state.health(), topology },
    instances: instances > 0 ? instances : undefined,
    backgroundQueue: sources.backgroundQueue(),
    watches,
    ...(cases ? { cases } : {}),
  };
}

/** A token report whose dates can all be written: one that cannot is left out (a problem without its start, too), so that /health never throws on it. */
function withValidDates(report: TokenReport): TokenReport {
  const problem = report.problem && validDate(report.problem.since) ? report.problem : undefined;
  return { ...report, obtainedAt: validDate(report.obtainedAt), expiresAt: validDate(report.expiresAt), problem };
}
