import type { KindCounts, WindowFigures } from "../counting/counts.ts";
import { figuresOf } from "../counting/counts.ts";
import { topReasons, type CountedReason } from "../counting/reasons.ts";

export interface HealthThresholds {
  /** Fewer enquiries than this in the window say nothing about the provider. */
  minEnquiries: number;
  /** Share (%) of enquiries that could not be checked from which the provider is degraded. */
  degradedPercent: number;
  /** ... and down. */
  downPercent: number;
  /** p95 latency (ms) from which the provider is degraded. */
  slowMs: number;
  /** Below the thresholds this long before a state ends (so a flapping provider does not flap the alerts). */
  recoveryMs: number;
}

/** The rule for failed payments: at least this many in the last hour... */
export const FAILURES_MIN_COUNT = 20;
/** ...and a share of final outcomes at least this many times the 24 hours before... */
export const FAILURES_FACTOR = 2;
/** ...or, when those 24 hours had fewer final outcomes than this (a new install), at least this share. */
export const FAILURES_BASELINE_MIN = 100;
export const FAILURES_NEW_INSTALL_SHARE = 0.5;

export const SERVICE_LEVELS = ["normal", "degraded", "down"] as const;
export type ServiceLevel = (typeof SERVICE_LEVELS)[number];
export const rank = (level: ServiceLevel): 0 | 1 | 2 => SERVICE_LEVELS.indexOf(level) as 0 | 1 | 2;

export interface ServiceAssessment {
  level: ServiceLevel;
  /** What made it so: too many enquiries not checked, or too slow. */
  cause: "not-checked" | "slow" | undefined;
  figures: WindowFigures;
}

/** The last 5 minutes of one kind against the thresholds. */
export function assessService(counts: KindCounts, thresholds: HealthThresholds): ServiceAssessment {
  const figures = figuresOf(counts);
  if (figures.enquiries < thresholds.minEnquiries) return { level: "normal", cause: undefined, figures };
  const percent = figures.share * 100;
  if (percent >= thresholds.downPercent) return { level: "down", cause: "not-checked", figures };
  if (percent >= thresholds.degradedPercent) return { level: "degraded", cause: "not-checked", figures };
  if (figures.p95Ms !== undefined && figures.p95Ms >= thresholds.slowMs) return { level: "degraded", cause: "slow", figures };
  return { level: "normal", cause: undefined, figures };
}

export interface FailureFigures {
  failed: number;
  /** Failed / (succeeded + failed) in the last hour. */
  share: number;
  /** The same over the 24 hours before; undefined with no final outcome then. */
  baselineShare: number | undefined;
  baselineFinals: number;
  topReason: CountedReason | undefined;
}

export interface FailureAssessment {
  high: boolean;
  figures: FailureFigures;
}

/**
 * Failed payments unusually many: at least 20 in the last hour, and a share of final outcomes at
 * least twice that of the 24 hours before (at least 50 % when those had fewer than 100 final
 * outcomes: a new install has no day to compare with).
 */
export function assessFailures(lastHour: KindCounts, dayBefore: KindCounts, reasons: ReadonlyMap<string, number>): FailureAssessment {
  const failed = lastHour.outcomes.failed;
  const finals = failed + lastHour.outcomes.success;
  const share = finals === 0 ? 0 : failed / finals;
  const baselineFinals = dayBefore.outcomes.failed + dayBefore.outcomes.success;
  const baselineShare = baselineFinals === 0 ? undefined : dayBefore.outcomes.failed / baselineFinals;
  const unusual = baselineFinals < FAILURES_BASELINE_MIN ? share >= FAILURES_NEW_INSTALL_SHARE : share >= FAILURES_FACTOR * (baselineShare ?? 0);
  const top = topReasons(reasons, 1)[0]?.reason;
  return { high: failed >= FAILURES_MIN_COUNT && unusual, figures: { failed, share, baselineShare, baselineFinals, topReason: top } };
}
