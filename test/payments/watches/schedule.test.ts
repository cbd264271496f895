import { describe, expect, it } from "vitest";
import { giveUpReason, nextCheckDelay, type WatchSchedule } from "../../../src/payments/watches/schedule.ts";

const schedule: WatchSchedule = { firstCheckMs: 15_000, maxIntervalMs: 600_000, maxAgeMs: 24 * 3_600_000, notFoundMs: 30 * 60_000 };
const low = () => 0;
const high = () => 0.999_999;
const middle = () => 0.5;

describe("when the next check comes", () => {
  it("comes first exactly WATCH_FIRST_CHECK_SECONDS after the watch starts", () => {
    expect(nextCheckDelay(0, schedule, low)).toBe(15_000);
    expect(nextCheckDelay(0, schedule, high)).toBe(15_000);
  });

  it("then doubles, within ±20 % jitter", () => {
    expect(nextCheckDelay(1, schedule, middle)).toBe(30_000);
    expect(nextCheckDelay(2, schedule, middle)).toBe(60_000);
    expect(nextCheckDelay(3, schedule, middle)).toBe(120_000);
    expect(nextCheckDelay(1, schedule, low)).toBe(24_000);
    expect(nextCheckDelay(1, schedule, high)).toBeCloseTo(36_000, -1);
    for (let checks = 1; checks < 6; checks++) {
      for (let i = 0; i < 200; i++) {
        const delay = nextCheckDelay(checks, schedule, Math.random);
        const base = 15_000 * 2 ** checks;
        expect(delay).toBeGreaterThanOrEqual(base * 0.8 - 1);
        expect(delay).toBeLessThanOrEqual(Math.min(base * 1.2 + 1, 600_000));
      }
    }
  });

  it("never waits longer than WATCH_MAX_INTERVAL_SECONDS, however long the watch has run", () => {
    for (const checks of [6, 10, 100, 10_000]) {
      expect(nextCheckDelay(checks, schedule, high)).toBeLessThanOrEqual(600_000);
      expect(nextCheckDelay(checks, schedule, low)).toBeGreaterThanOrEqual(480_000);
    }
  });

  it("accepts settings down to one second", () => {
    const tight = { ...schedule, firstCheckMs: 1_000, maxIntervalMs: 1_000 };
    expect([0, 1, 2, 50].map((checks) => nextCheckDelay(checks, tight, high))).toEqual([1_000, 1_000, 1_000, 1_000]);
  });
});

describe("when a watch gives up", () => {
  const started = Date.parse("2026-11-22T08:00:00Z");
  const hours = (h: number) => started + h * 3_600_000;

  it("gives up once the watch is WATCH_MAX_HOURS old", () => {
    expect(giveUpReason({ startedAt: started }, undefined, hours(23.99), schedule)).toBeUndefined();
    expect(giveUpReason({ startedAt: started }, undefined, hours(24), schedule)).toBe("max_age");
  });

  it("gives up on an unknown ID after WATCH_NOT_FOUND_MINUTES, counted from when it was first missing", () => {
    const missingSince = started + 10 * 60_000;
    expect(giveUpReason({ startedAt: started }, missingSince, missingSince + 29 * 60_000, schedule)).toBeUndefined();
    expect(giveUpReason({ startedAt: started }, missingSince, missingSince + 30 * 60_000, schedule)).toBe("not_found");
  });

  it("counts the not-found window from the watch's own start when it started later", () => {
    const missingSince = started;
    const joined = started + 20 * 60_000;
    expect(giveUpReason({ startedAt: joined }, missingSince, started + 31 * 60_000, schedule)).toBeUndefined();
    expect(giveUpReason({ startedAt: joined }, missingSince, joined + 30 * 60_000, schedule)).toBe("not_found");
  });
});
