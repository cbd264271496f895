import { ENQUIRY_KINDS, type EnquiryKind } from "../../enquiry/types.ts";
import { latencyQuantile, LATENCY_BOUNDS_MS } from "./latency.ts";
import { COULD_NOT_CHECK, HEALTH_OUTCOMES, type HealthOutcome } from "./outcomes.ts";

/** One kind's enquiries over some time: how each ended, how long each took (in buckets). */
export interface KindCounts {
  outcomes: Record<HealthOutcome, number>;
  latency: number[];
}

export type HealthCounts = Record<EnquiryKind, KindCounts>;

export function emptyKindCounts(): KindCounts {
  return { outcomes: Object.fromEntries(HEALTH_OUTCOMES.map((outcome) => [outcome, 0])) as Record<HealthOutcome, number>, latency: LATENCY_BOUNDS_MS.map(() => 0) };
}

export function emptyCounts(): HealthCounts {
  return { collection: emptyKindCounts(), airtime: emptyKindCounts() };
}

export function addKindCounts(into: KindCounts, from: KindCounts): KindCounts {
  for (const outcome of HEALTH_OUTCOMES) into.outcomes[outcome] += from.outcomes[outcome];
  from.latency.forEach((count, index) => (into.latency[index] = (into.latency[index] ?? 0) + count));
  return into;
}

export function addCounts(into: HealthCounts, from: HealthCounts): HealthCounts {
  for (const kind of ENQUIRY_KINDS) addKindCounts(into[kind], from[kind]);
  return into;
}

/** Both kinds together (the sparkline, today's outcomes). */
export function bothKinds(counts: HealthCounts): KindCounts {
  return addKindCounts(addKindCounts(emptyKindCounts(), counts.collection), counts.airtime);
}

/** The figures shown and judged for a stretch of time. */
export interface WindowFigures {
  enquiries: number;
  couldNotCheck: number;
  /** couldNotCheck / enquiries, 0 when there were none. */
  share: number;
  p50Ms: number | undefined;
  p95Ms: number | undefined;
  /** Could-not-check enquiries by what they came to, for the alert's detail. */
  byOutcome: Partial<Record<HealthOutcome, number>>;
}

export function figuresOf(counts: KindCounts): WindowFigures {
  const enquiries = HEALTH_OUTCOMES.reduce((sum, outcome) => sum + counts.outcomes[outcome], 0);
  const byOutcome: Partial<Record<HealthOutcome, number>> = {};
  let couldNotCheck = 0;
  for (const outcome of COULD_NOT_CHECK) {
    couldNotCheck += counts.outcomes[outcome];
    if (counts.outcomes[outcome] > 0) byOutcome[outcome] = counts.outcomes[outcome];
  }
  return {
    enquiries,
    couldNotCheck,
    share: enquiries === 0 ? 0 : couldNotCheck / enquiries,
    p50Ms: latencyQuantile(counts.latency, 0.5),
    p95Ms: latencyQuantile(counts.latency, 0.95),
    byOutcome,
  };
}

// ---- As tallies in the state store ---------------------------------------------------------------

/** `collection:timeout` → 3, `airtime:ms:4` → 12 (the fifth latency bucket). */
export function countsToFields(counts: HealthCounts): Map<string, number> {
  const fields = new Map<string, number>();
  for (const kind of ENQUIRY_KINDS) {
    for (const outcome of HEALTH_OUTCOMES) if (counts[kind].outcomes[outcome] > 0) fields.set(`${kind}:${outcome}`, counts[kind].outcomes[outcome]);
    counts[kind].latency.forEach((count, index) => count > 0 && fields.set(`${kind}:ms:${index}`, count));
  }
  return fields;
}

/** The reverse; fields it does not know (a newer version's) are skipped. */
export function countsFromFields(fields: ReadonlyMap<string, number> | undefined, into: HealthCounts = emptyCounts()): HealthCounts {
  for (const [field, count] of fields ?? []) {
    const [kind, name, index] = field.split(":");
    if (kind !== "collection" && kind !== "airtime") continue;
    if (name === "ms") {
      const bucket = Number(index);
      if (Number.isInteger(bucket) && bucket >= 0 && bucket < LATENCY_BOUNDS_MS.length) into[kind].latency[bucket] = (into[kind].latency[bucket] ?? 0) + count;
    } else if ((HEALTH_OUTCOMES as readonly string[]).includes(name ?? "")) {
      into[kind].outcomes[name as HealthOutcome] += count;
    }
  }
  return into;
}
