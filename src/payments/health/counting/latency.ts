/**
 * Latencies are counted in fixed buckets (upper bounds, in ms), so that counts from every instance
 * and every minute add up, and a percentile is read from the sum, as Prometheus does: within a
 * bucket, by straight-line interpolation.
 */
export const LATENCY_BOUNDS_MS = [50, 100, 200, 300, 500, 750, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 15_000, 20_000, 30_000, 60_000, Infinity] as const;

export function latencyBucket(ms: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BOUNDS_MS.length - 1 : index;
}

/** The `q` quantile (0.5, 0.95) of the latencies counted; undefined when none was. */
export function latencyQuantile(buckets: readonly number[], q: number): number | undefined {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return undefined;
  const rank = q * total;
  let below = 0;
  for (let index = 0; index < LATENCY_BOUNDS_MS.length; index++) {
    const count = buckets[index] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lower = index === 0 ? 0 : (LATENCY_BOUNDS_MS[index - 1] ?? 0);
      const upper = LATENCY_BOUNDS_MS[index] ?? Infinity;
      // Beyond the last bound nothing is known but that it is longer.
      if (upper === Infinity) return lower;
      return lower + (upper - lower) * ((rank - below) / count);
    }
    below += count;
  }
  return undefined;
}
