import { z } from "zod";
import type { EnquiryKind } from "../../enquiry/types.ts";
import type { WindowFigures } from "../counting/counts.ts";
import { rank, SERVICE_LEVELS, type FailureAssessment, type FailureFigures, type ServiceAssessment, type ServiceLevel } from "./thresholds.ts";
import { decodeJson } from "../../../util/decode-json.ts";

/**
 * The provider's state for one kind, as every instance sees it (kept in the state store): the
 * service's level and whether failures are unusually high, each with since when, and the episodes
 * that ended lately (for the daily summary). Changes go through `advanceHealth`, a pure function
 * of the state, what the figures say now, and the time.
 */
export interface KindHealth {
  service: {
    level: ServiceLevel;
    /** When this level began. */
    since: number;
    /** While not normal: when the episode began (it left normal), and the worst it reached. */
    episode?: { startedAt: number; worst: "degraded" | "down"; cause: "not-checked" | "slow" } | undefined;
    /** When the figures went below this level, while they stay below. */
    calmSince?: number | undefined;
  };
  failures: {
    high: boolean;
    since: number;
    calmSince?: number | undefined;
  };
  /** Episodes that ended, newest last, for a week. */
  history: Episode[];
}

export interface Episode {
  condition: "service" | "failures";
  worst: "degraded" | "down" | "high";
  from: number;
  to: number;
}

export type HealthChange =
  | { type: "service-started"; kind: EnquiryKind; level: "degraded" | "down"; cause: "not-checked" | "slow"; figures: WindowFigures; at: number }
  | { type: "service-worse"; kind: EnquiryKind; figures: WindowFigures; startedAt: number; at: number }
  | { type: "service-better"; kind: EnquiryKind; figures: WindowFigures; startedAt: number; at: number }
  | { type: "service-recovered"; kind: EnquiryKind; worst: "degraded" | "down"; figures: WindowFigures; startedAt: number; at: number }
  | { type: "failures-started"; kind: EnquiryKind; figures: FailureFigures; at: number }
  | { type: "failures-ended"; kind: EnquiryKind; figures: FailureFigures; startedAt: number; at: number };

const HISTORY_KEEP_MS = 8 * 24 * 60 * 60 * 1000;
const HISTORY_MAX = 200;

export function initialHealth(now: number): KindHealth {
  return { service: { level: "normal", since: now }, failures: { high: false, since: now }, history: [] };
}

/**
 * One evaluation. A state worsens at once (normal → degraded → down); it eases (down → degraded
 * → normal, failures back to usual) only once the figures have stayed below it for `recoveryMs`,
 * so a provider flapping around a threshold makes one episode, not a stream of them.
 */
export function advanceHealth(
  kind: EnquiryKind,
  current: KindHealth,
  service: ServiceAssessment,
  failures: FailureAssessment,
  now: number,
  recoveryMs: number,
): { next: KindHealth; changes: HealthChange[] } {
  const changes: HealthChange[] = [];
  let next = current;
  const was = current.service;

  if (rank(service.level) > rank(was.level)) {
    const level = service.level as "degraded" | "down";
    const cause = service.cause ?? "not-checked";
    const episode = was.episode ? { ...was.episode, worst: level } : { startedAt: now, worst: level, cause };
    next = { ...next, service: { level, since: now, episode } };
    changes.push(was.episode ? { type: "service-worse", kind, figures: service.figures, startedAt: was.episode.startedAt, at: now } : { type: "service-started", kind, level, cause, figures: service.figures, at: now });
  } else if (rank(service.level) === rank(was.level)) {
    if (was.calmSince !== undefined) next = { ...next, service: { ...was, calmSince: undefined } };
  } else if (was.calmSince === undefined) {
    next = { ...next, service: { ...was, calmSince: now } };
  } else if (now - was.calmSince >= recoveryMs) {
    const episode = was.episode ?? { startedAt: was.since, worst: was.level === "down" ? "down" : "degraded", cause: "not-checked" };
    if (service.level === "normal") {
      next = {
        ...next,
        service: { level: "normal", since: now },
        history: keep([...next.history, { condition: "service", worst: episode.worst, from: episode.startedAt, to: now }], now),
      };
      changes.push({ type: "service-recovered", kind, worst: episode.worst, figures: service.figures, startedAt: episode.startedAt, at: now });
    } else {
      next = { ...next, service: { level: service.level, since: now, episode } };
      changes.push({ type: "service-better", kind, figures: service.figures, startedAt: episode.startedAt, at: now });
    }
  }

  const high = current.failures;
  if (failures.high && !high.high) {
    next = { ...next, failures: { high: true, since: now } };
    changes.push({ type: "failures-started", kind, figures: failures.figures, at: now });
  } else if (failures.high && high.calmSince !== undefined) {
    next = { ...next, failures: { high: true, since: high.since } };
  } else if (!failures.high && high.high) {
    if (high.calmSince === undefined) {
      next = { ...next, failures: { ...high, calmSince: now } };
    } else if (now - high.calmSince >= recoveryMs) {
      next = { ...next, failures: { high: false, since: now }, history: keep([...next.history, { condition: "failures", worst: "high", from: high.since, to: now }], now) };
      changes.push({ type: "failures-ended", kind, figures: failures.figures, startedAt: high.since, at: now });
    }
  }
  return { next, changes };
}

/** How long, within [from, to), the service was degraded or down, and failures unusually high. */
export function troubleWithin(health: KindHealth, from: number, to: number): { serviceMs: number; failuresMs: number } {
  const overlap = (start: number, end: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
  let serviceMs = 0;
  let failuresMs = 0;
  for (const episode of health.history) {
    if (episode.condition === "service") serviceMs += overlap(episode.from, episode.to);
    else failuresMs += overlap(episode.from, episode.to);
  }
  if (health.service.episode) serviceMs += overlap(health.service.episode.startedAt, to);
  if (health.failures.high) failuresMs += overlap(health.failures.since, to);
  return { serviceMs, failuresMs };
}

function keep(history: Episode[], now: number): Episode[] {
  return history.filter((episode) => now - episode.to <= HISTORY_KEEP_MS).slice(-HISTORY_MAX);
}

// ---- In the state store -------------------------------------------------------------------------

const level = z.enum(SERVICE_LEVELS);
const bad = z.enum(["degraded", "down"]);
const kindHealthSchema = z.object({
  service: z.object({
    level,
    since: z.number(),
    episode: z.object({ startedAt: z.number(), worst: bad, cause: z.enum(["not-checked", "slow"]) }).optional(),
    calmSince: z.number().optional(),
  }),
  failures: z.object({ high: z.boolean(), since: z.number(), calmSince: z.number().optional() }),
  history: z.array(z.object({ condition: z.enum(["service", "failures"]), worst: z.enum(["degraded", "down", "high"]), from: z.number(), to: z.number() })),
});

export function encodeHealth(health: KindHealth): string {
  return JSON.stringify(health);
}

/** Undefined for nothing stored, or anything this version cannot read (it starts again from normal). */
export function decodeHealth(text: string | undefined): KindHealth | undefined {
  return decodeJson(kindHealthSchema, text);
}
