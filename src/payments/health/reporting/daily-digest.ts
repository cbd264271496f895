import type { Logger } from "../../../logger.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import { addDays, dayKey, type TimeZone } from "../../../util/time-zone.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../enquiry/types.ts";
import { bothKinds, figuresOf } from "../counting/counts.ts";
import type { HealthOutcome } from "../counting/outcomes.ts";
import { troubleWithin, type KindHealth } from "../judging/provider-state.ts";
import type { HealthCountsReader } from "../counting/read-counts.ts";
import { topReasons, type CountedReason } from "../counting/reasons.ts";
import { HOUR_MS } from "../../../util/time-buckets.ts";
import type { CaseFigures } from "../../cases/case-figures.ts";
import type { HistoryFigures } from "../../history/history-figures.ts";

/** The daily summary: the 24 hours before DIGEST_TIME. */
export interface DailyDigest {
  from: number;
  to: number;
  outcomes: Record<HealthOutcome, number>;
  enquiries: Record<EnquiryKind, number>;
  /** Distinct payments asked about (counted by the hour, so the edges may reach a little further). */
  payments: number;
  reasons: { reason: CountedReason; count: number }[];
  /** Time degraded or down, and with failures unusually high, per kind. */
  trouble: Record<EnquiryKind, { serviceMs: number; failuresMs: number }>;
  /** Payments watched now. */
  watched: number;
  /** With SUPPORT_CHAT_ID: cases opened and resolved that day, and those open now. */
  cases?: CaseFigures | undefined;
  /** With HISTORY_DAYS above 0: the checks people made that day, and the payments still not final after 24 hours. */
  history?: HistoryFigures | undefined;
}

export interface DigestSources {
  reader: HealthCountsReader;
  /** The provider's stored state per kind (its episodes). */
  health: () => Partial<Record<EnquiryKind, KindHealth>>;
  watched: () => Promise<number>;
  cases?: ((from: number, to: number) => Promise<CaseFigures>) | undefined;
  history?: ((from: number, to: number) => Promise<HistoryFigures>) | undefined;
}

export async function dailyDigest(sources: DigestSources, from: number, to: number): Promise<DailyDigest> {
  const [counts, reasons, payments, watched, cases, history] = await Promise.all([
    sources.reader.counts(from, to),
    sources.reader.reasons(from, to),
    sources.reader.distinctPayments(from, to),
    sources.watched(),
    sources.cases?.(from, to),
    sources.history?.(from, to),
  ]);
  const health = sources.health();
  return {
    from,
    to,
    outcomes: bothKinds(counts).outcomes,
    enquiries: { collection: figuresOf(counts.collection).enquiries, airtime: figuresOf(counts.airtime).enquiries },
    payments,
    reasons: topReasons(reasons, 5),
    trouble: Object.fromEntries(ENQUIRY_KINDS.map((kind) => [kind, health[kind] ? troubleWithin(health[kind], from, to) : { serviceMs: 0, failuresMs: 0 }])) as DailyDigest["trouble"],
    watched,
    ...(cases ? { cases } : {}),
    ...(history ? { history } : {}),
  };
}

/** A summary missed by more than this (the bot was stopped at the time) is not sent late. */
export const DIGEST_LATE_MS = HOUR_MS;

/**
 * The summary due at `at`, if any: the last time the zone's clocks showed DIGEST_TIME, unless
 * that was more than an hour ago. Its day names it, so that it is sent once.
 */
export function digestDue(at: number, zone: TimeZone, time: { hour: number; minute: number }): { day: string; at: number } | undefined {
  const clock = zone.wallClock(at);
  const today = zone.instantOf({ ...clock, ...time });
  const yesterday = addDays(clock, -1);
  const due = today <= at ? { day: dayKey(clock), at: today } : { day: dayKey(yesterday), at: zone.instantOf({ ...yesterday, ...time }) };
  return at - due.at < DIGEST_LATE_MS ? due : undefined;
}

export interface DailyDigestOptions {
  kv: KeyValueStore;
  zone: TimeZone;
  time: { hour: number; minute: number };
  sources: DigestSources;
  send: (digest: DailyDigest) => Promise<void>;
  logger: Logger;
  now?: () => number;
  everyMs?: number;
}

/** Looks every half minute for a summary due; the instance that claims the day sends it. */
export function startDailyDigest({ kv, zone, time, sources, send, logger, now = Date.now, everyMs = 30_000 }: DailyDigestOptions): { tick(): Promise<void>; stop(): void } {
  const tick = async () => {
    const at = now();
    const due = digestDue(at, zone, time);
    if (!due) return;
    try {
      if (!(await kv.setIfAbsent(`digest:${due.day}`, "1", 3 * 24 * HOUR_MS))) return;
      await send(await dailyDigest(sources, due.at - 24 * HOUR_MS, due.at));
      logger.info({ day: due.day }, "daily summary sent");
    } catch (error) {
      logger.error({ err: error, day: due.day }, "daily summary not sent");
    }
  };
  const timer = setInterval(() => void tick(), everyMs).unref();
  return { tick, stop: () => clearInterval(timer) };
}
