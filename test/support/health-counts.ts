import { emptyKindCounts, type KindCounts } from "../../src/payments/health/counting/counts.ts";
import { latencyBucket } from "../../src/payments/health/counting/latency.ts";
import type { HealthOutcome } from "../../src/payments/health/counting/outcomes.ts";

/** Counts of one kind: so many of each outcome, each taking `ms`. */
export function kindCounts(outcomes: Partial<Record<HealthOutcome, number>>, ms = 300): KindCounts {
  const counts = emptyKindCounts();
  for (const [outcome, count] of Object.entries(outcomes) as [HealthOutcome, number][]) {
    counts.outcomes[outcome] += count;
    const bucket = latencyBucket(ms);
    counts.latency[bucket] = (counts.latency[bucket] ?? 0) + count;
  }
  return counts;
}
