import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { HEALTH_DEFAULTS } from "../../src/config/areas/health.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("the provider's health settings", () => {
  it("default to the documented thresholds, with no summary and no extra alert chats", () => {
    const result = parseConfig(minimal);
    expect(result.ok && result.config.health).toEqual(HEALTH_DEFAULTS);
    expect(HEALTH_DEFAULTS.thresholds).toEqual({ minEnquiries: 10, degradedPercent: 20, downPercent: 80, slowMs: 5_000, recoveryMs: 600_000 });
  });

  it("take decimals of minutes for the recovery, groups for alerts, and a time of day for the summary", () => {
    const result = parseConfig({ ...minimal, HEALTH_RECOVERY_MINUTES: "0.05", HEALTH_ALERT_CHAT_IDS: "-1001, -1002:42, -1002:43", DIGEST_TIME: "7:30", HEALTH_DEGRADED_PERCENT: "25", HEALTH_SLOW_MS: "8000", HEALTH_MIN_ENQUIRIES: "50" });
    expect(result.ok && result.config.health).toEqual({
      thresholds: { minEnquiries: 50, degradedPercent: 25, downPercent: 80, slowMs: 8_000, recoveryMs: 3_000 },
      // One chat may be told in two of its topics.
      alertChats: [{ chatId: -1001 }, { chatId: -1002, threadId: 42 }, { chatId: -1002, threadId: 43 }],
      digestTime: { hour: 7, minute: 30 },
    });
  });

  it("refuses what cannot be meant, all at once", () => {
    const found = problems({ ...minimal, DIGEST_TIME: "25:00", HEALTH_DEGRADED_PERCENT: "80", HEALTH_ALERT_CHAT_IDS: "ops-group" });
    expect(found).toHaveLength(3);
    expect(found.join("\n")).toMatch(/DIGEST_TIME must be a time of day as HH:MM/);
    expect(found.join("\n")).toMatch(/HEALTH_DEGRADED_PERCENT Too big: expected number to be <=79/);
    expect(found.join("\n")).toMatch(/HEALTH_ALERT_CHAT_IDS "ops-group" is not a numeric Telegram ID/);
  });
});
