import { z } from "zod";
import type { ChatTopic } from "../../access/telegram-id.ts";
import type { HealthThresholds } from "../../payments/health/judging/thresholds.ts";
import { chatTopicList, decimal, integer, optional, trimmed, withDefault } from "../values.ts";

/** How the provider's health is judged and told (see docs/health.md). */
export interface HealthSettings {
  thresholds: HealthThresholds;
  /**
   * Groups told of every change of state, and sent the daily summary, besides ADMIN_CHAT_ID
   * (HEALTH_ALERT_CHAT_IDS): each in a forum topic when written `CHAT_ID:THREAD_ID`, one chat in
   * as many topics as it is listed with.
   */
  alertChats: readonly ChatTopic[];
  /** The daily summary's time in BOT_TIMEZONE (DIGEST_TIME); no summary when unset. */
  digestTime: { hour: number; minute: number } | undefined;
}

/** Down: at least this share (%) of enquiries could not be checked. Fixed: "down" must mean the same everywhere. */
export const HEALTH_DOWN_PERCENT = 80;

/** What an unset HEALTH_* gives (the demo, the warm-up and the tests start from these too). */
export const HEALTH_DEFAULTS: HealthSettings = {
  thresholds: { minEnquiries: 10, degradedPercent: 20, downPercent: HEALTH_DOWN_PERCENT, slowMs: 5_000, recoveryMs: 10 * 60_000 },
  alertChats: [],
  digestTime: undefined,
};

export const healthVariables = z.object({
  HEALTH_MIN_ENQUIRIES: withDefault(integer(1, 1_000_000), HEALTH_DEFAULTS.thresholds.minEnquiries),
  HEALTH_DEGRADED_PERCENT: withDefault(integer(1, HEALTH_DOWN_PERCENT - 1), HEALTH_DEFAULTS.thresholds.degradedPercent),
  HEALTH_SLOW_MS: withDefault(integer(100, 600_000), HEALTH_DEFAULTS.thresholds.slowMs),
  HEALTH_RECOVERY_MINUTES: withDefault(decimal(0.001, 1440), HEALTH_DEFAULTS.thresholds.recoveryMs / 60_000),
  HEALTH_ALERT_CHAT_IDS: optional(chatTopicList),
  DIGEST_TIME: optional(
    trimmed
      .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM, such as 18:00 (in BOT_TIMEZONE)")
      .transform((value) => {
        const [hour = 0, minute = 0] = value.split(":").map(Number);
        return { hour, minute };
      }),
  ),
});

export function healthSettings(env: z.output<typeof healthVariables>): HealthSettings {
  return {
    thresholds: {
      minEnquiries: env.HEALTH_MIN_ENQUIRIES,
      degradedPercent: env.HEALTH_DEGRADED_PERCENT,
      downPercent: HEALTH_DOWN_PERCENT,
      slowMs: env.HEALTH_SLOW_MS,
      recoveryMs: env.HEALTH_RECOVERY_MINUTES * 60_000,
    },
    alertChats: env.HEALTH_ALERT_CHAT_IDS ?? [],
    digestTime: env.DIGEST_TIME,
  };
}
