import { z } from "zod";
import { integer, withDefault } from "../values.ts";

/** How much may be asked: each user within the rate limit, background work within its budget, a file within its size. */
export interface LimitSettings {
  /** Background enquiries (watches, bulk checks), all instances together, at most per second. */
  backgroundPerSecond: number;
  /** Most distinct IDs one file may hold (BULK_MAX_IDS). */
  bulkMaxIds: number;
  /** Each user may spend `maxCost` (enquiries, at least 1 per request) per window. */
  rateLimit: { windowSeconds: number; maxCost: number };
}

export const limitVariables = z.object({
  ENQUIRY_MAX_PER_SECOND: withDefault(integer(1, 1000), 10),
  BULK_MAX_IDS: withDefault(integer(1, 10_000), 1000),
  RATE_LIMIT_WINDOW_SECONDS: withDefault(integer(1, 3600), 60),
  RATE_LIMIT_MAX: withDefault(integer(1, 100_000), 60),
});

export function limitSettings(env: z.output<typeof limitVariables>): LimitSettings {
  return {
    backgroundPerSecond: env.ENQUIRY_MAX_PER_SECOND,
    bulkMaxIds: env.BULK_MAX_IDS,
    rateLimit: { windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, maxCost: env.RATE_LIMIT_MAX },
  };
}
