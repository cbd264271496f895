import { z } from "zod";
import { decimal, integer, withDefault, type Environment } from "../values.ts";

export interface WatchSettings {
  firstCheckMs: number;
  maxIntervalMs: number;
  maxAgeMs: number;
  notFoundMs: number;
  maxPerUser: number;
}

const WATCH_DEFAULTS = { firstCheckSeconds: 15, maxIntervalSeconds: 600, maxHours: 24, notFoundMinutes: 30, maxPerUser: 50 } as const;

/** Watches as configured by default (the demo and tests start from these). */
export const DEFAULT_WATCH_SETTINGS: WatchSettings = {
  firstCheckMs: WATCH_DEFAULTS.firstCheckSeconds * 1000,
  maxIntervalMs: WATCH_DEFAULTS.maxIntervalSeconds * 1000,
  maxAgeMs: WATCH_DEFAULTS.maxHours * 3_600_000,
  notFoundMs: WATCH_DEFAULTS.notFoundMinutes * 60_000,
  maxPerUser: WATCH_DEFAULTS.maxPerUser,
};

export const watchVariables = z.object({
  WATCH_FIRST_CHECK_SECONDS: withDefault(integer(1, 3600), WATCH_DEFAULTS.firstCheckSeconds),
  WATCH_MAX_INTERVAL_SECONDS: withDefault(integer(1, 86_400), WATCH_DEFAULTS.maxIntervalSeconds),
  WATCH_MAX_HOURS: withDefault(decimal(0.0001, 168), WATCH_DEFAULTS.maxHours),
  WATCH_NOT_FOUND_MINUTES: withDefault(decimal(0.001, 1440), WATCH_DEFAULTS.notFoundMinutes),
  WATCH_MAX_PER_USER: withDefault(integer(1, 1000), WATCH_DEFAULTS.maxPerUser),
});

export function watchProblems(env: Environment): string[] {
  const first = Number(env.WATCH_FIRST_CHECK_SECONDS?.trim() || WATCH_DEFAULTS.firstCheckSeconds);
  const longest = Number(env.WATCH_MAX_INTERVAL_SECONDS?.trim() || WATCH_DEFAULTS.maxIntervalSeconds);
  return first > longest ? ["WATCH_FIRST_CHECK_SECONDS must not be longer than WATCH_MAX_INTERVAL_SECONDS"] : [];
}

export function watchSettings(env: z.output<typeof watchVariables>): WatchSettings {
  return {
    firstCheckMs: env.WATCH_FIRST_CHECK_SECONDS * 1000,
    maxIntervalMs: env.WATCH_MAX_INTERVAL_SECONDS * 1000,
    maxAgeMs: env.WATCH_MAX_HOURS * 3_600_000,
    notFoundMs: env.WATCH_NOT_FOUND_MINUTES * 60_000,
    maxPerUser: env.WATCH_MAX_PER_USER,
  };
}
