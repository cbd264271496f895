import { describe, expect, it } from "vitest";
import { assessFailures, assessService, type HealthThresholds } from "../../../src/payments/health/judging/thresholds.ts";
import { kindCounts } from "../../support/health-counts.ts";

const thresholds: HealthThresholds = { minEnquiries: 10, degradedPercent: 20, downPercent: 80, slowMs: 5_000, recoveryMs: 600_000 };

describe("the service's level over the last 5 minutes", () => {
  it("is normal with too few enquiries to say anything, whatever they came to", () => {
    expect(assessService(kindCounts({ timeout: 9 }), thresholds).level).toBe("normal");
  });

  it("is degraded from 20 % not checked, down from 80 %", () => {
    expect(assessService(kindCounts({ success: 9, timeout: 1 }), thresholds).level).toBe("normal");
    expect(assessService(kindCounts({ success: 8, timeout: 1, "service-error": 1 }), thresholds)).toMatchObject({ level: "degraded", cause: "not-checked", figures: { enquiries: 10, couldNotCheck: 2, share: 0.2 } });
    expect(assessService(kindCounts({ success: 2, busy: 4, unreadable: 4 }), thresholds)).toMatchObject({ level: "down", cause: "not-checked" });
  });

  it("counts only what the provider failed to answer: not found, rejected token and pending are answers", () => {
    expect(assessService(kindCounts({ "not-found": 10, "token-rejected": 10, "not-final": 10 }), thresholds).level).toBe("normal");
  });

  it("is degraded when slow: p95 at or past HEALTH_SLOW_MS", () => {
    const slow = kindCounts({ success: 20 }, 7_000);
    expect(assessService(slow, thresholds)).toMatchObject({ level: "degraded", cause: "slow" });
    expect(assessService(kindCounts({ success: 20 }, 900), thresholds).level).toBe("normal");
  });
});

describe("failed payments unusually many", () => {
  const reasons = new Map([["r:Insufficient balance", 15], ["r:Wrong PIN", 6]]);

  it("needs at least 20 failures in the last hour", () => {
    expect(assessFailures(kindCounts({ failed: 19, success: 1 }), kindCounts({}), reasons).high).toBe(false);
    expect(assessFailures(kindCounts({ failed: 20, success: 1 }), kindCounts({}), reasons)).toMatchObject({ high: true, figures: { failed: 20, topReason: { type: "reason", text: "Insufficient balance" } } });
  });

  it("compares with the day before: at least twice its share", () => {
    const dayBefore = kindCounts({ success: 900, failed: 100 });
    expect(assessFailures(kindCounts({ failed: 20, success: 80 }), dayBefore, reasons)).toMatchObject({ high: true, figures: { share: 0.2, baselineShare: 0.1 } });
    expect(assessFailures(kindCounts({ failed: 20, success: 81 }), dayBefore, reasons).high).toBe(false);
  });

  it("on a new install (under 100 final outcomes the day before), needs half of the last hour's", () => {
    const quietDay = kindCounts({ success: 90, failed: 9 });
    expect(assessFailures(kindCounts({ failed: 25, success: 26 }), quietDay, reasons).high).toBe(false);
    expect(assessFailures(kindCounts({ failed: 25, success: 25 }), quietDay, reasons).high).toBe(true);
  });
});
