import { describe, expect, it } from "vitest";
import { bothKinds, countsFromFields, countsToFields, emptyCounts, figuresOf } from "../../../src/payments/health/counting/counts.ts";
import { latencyQuantile, LATENCY_BOUNDS_MS } from "../../../src/payments/health/counting/latency.ts";
import { reasonField, topReasons } from "../../../src/payments/health/counting/reasons.ts";
import { kindCounts } from "../../support/health-counts.ts";

describe("latency percentiles from buckets", () => {
  it("interpolates within the bucket that holds the rank", () => {
    const buckets = LATENCY_BOUNDS_MS.map(() => 0);
    // 100 enquiries between 1 and 1.5 s.
    buckets[LATENCY_BOUNDS_MS.indexOf(1_500)] = 100;
    expect(latencyQuantile(buckets, 0.5)).toBe(1_250);
    expect(latencyQuantile(buckets, 0.95)).toBe(1_475);
  });

  it("says nothing without latencies, and no more than 'longer than a minute' past the last bound", () => {
    expect(latencyQuantile(LATENCY_BOUNDS_MS.map(() => 0), 0.5)).toBeUndefined();
    expect(figuresOf(kindCounts({ timeout: 3 }, 120_000)).p95Ms).toBe(60_000);
  });
});

describe("counts as tally fields", () => {
  it("round-trips, writing only what is not zero, and skipping fields it does not know", () => {
    const counts = emptyCounts();
    counts.collection = kindCounts({ success: 3, timeout: 1 }, 400);
    counts.airtime = kindCounts({ failed: 2 }, 80);
    const fields = countsToFields(counts);
    expect([...fields.keys()].sort()).toEqual(["airtime:failed", "airtime:ms:1", "collection:ms:4", "collection:success", "collection:timeout"]);
    fields.set("collection:future-outcome", 5).set("mobile:success", 1).set("airtime:ms:99", 1);
    expect(countsFromFields(fields)).toEqual(counts);
    expect(figuresOf(bothKinds(counts))).toMatchObject({ enquiries: 6, couldNotCheck: 1 });
  });
});

describe("failure reasons as counted", () => {
  it("cleans reasons and blanks long numbers, so one reason counts as one and holds no phone number", () => {
    expect(reasonField("Insufficient balance for 255712345678")).toBe(reasonField("Insufficient  balance for 255798765432"));
    expect(reasonField("Insufficient balance for 255712345678")).toBe("r:Insufficient balance for …");
    expect(reasonField("Error 42")).toBe("r:Error 42");
    expect(reasonField(undefined)).toBe("none");
    expect(reasonField("x".repeat(500)).length).toBeLessThanOrEqual(102);
  });

  it("ranks the most frequent first", () => {
    const counts = new Map([["r:B", 2], ["other", 9], ["r:A", 2], ["none", 1], ["r:C", 0]]);
    expect(topReasons(counts, 3)).toEqual([
      { reason: { type: "other" }, count: 9 },
      { reason: { type: "reason", text: "A" }, count: 2 },
      { reason: { type: "reason", text: "B" }, count: 2 },
    ]);
  });
});
