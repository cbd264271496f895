import { afterEach, describe, expect, it } from "vitest";
import { dailyDigest, digestDue, startDailyDigest, type DailyDigest } from "../../../src/payments/health/reporting/daily-digest.ts";
import { initialHealth } from "../../../src/payments/health/judging/provider-state.ts";
import { healthCountsReader } from "../../../src/payments/health/counting/read-counts.ts";
import { healthRecorder } from "../../../src/payments/health/counting/recorder.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { timeZone } from "../../../src/util/time-zone.ts";
import { captureLogs } from "../../support/logs.ts";
import { outcomes } from "../../support/outcomes.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const accra = timeZone("Africa/Accra");
const nairobi = timeZone("Africa/Nairobi");

describe("when the daily summary is due", () => {
  const six = { hour: 18, minute: 0 };

  it("is due from DIGEST_TIME in BOT_TIMEZONE, for an hour, named by its day", () => {
    expect(digestDue(Date.parse("2026-11-24T17:59:00Z"), accra, six)).toBeUndefined();
    expect(digestDue(Date.parse("2026-11-24T18:00:00Z"), accra, six)).toEqual({ day: "2026-11-24", at: Date.parse("2026-11-24T18:00:00Z") });
    expect(digestDue(Date.parse("2026-11-24T18:59:00Z"), accra, six)?.day).toBe("2026-11-24");
    // Missed by more than an hour (the bot was stopped): not sent late.
    expect(digestDue(Date.parse("2026-11-24T19:00:00Z"), accra, six)).toBeUndefined();
    // In Nairobi 18:00 is 15:00 UTC.
    expect(digestDue(Date.parse("2026-11-24T15:10:00Z"), nairobi, six)).toEqual({ day: "2026-11-24", at: Date.parse("2026-11-24T15:00:00Z") });
  });

  it("finds yesterday's when today's is still ahead (a time just after midnight)", () => {
    const late = { hour: 23, minute: 45 };
    expect(digestDue(Date.parse("2026-11-25T00:20:00Z"), accra, late)).toEqual({ day: "2026-11-24", at: Date.parse("2026-11-24T23:45:00Z") });
  });
});

describe("the daily summary", () => {
  let state: SqliteStore | undefined;
  afterEach(async () => void (await state?.close()));

  it("adds up the 24 hours before it: outcomes, distinct payments, reasons, time in trouble, watches", async () => {
    state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const to = Date.parse("2026-11-24T18:00:00Z");
    let now = to - 2 * DAY;
    const recorder = healthRecorder({ tallies: state.tallies, logger: captureLogs().logger, now: () => now });
    // The day before the summary's: not in it.
    recorder.record(outcomes.success("collection", "OLD"), 100);
    now = to - 5 * HOUR;
    recorder.record(outcomes.success("collection", "TX-1"), 100);
    recorder.record(outcomes.success("collection", "TX-1"), 100);
    recorder.record(outcomes.failed("airtime", "AT-1", "Wrong PIN"), 100);
    recorder.record(outcomes.timeout("airtime", "AT-2"), 10_000);
    now = to - 1;
    recorder.record(outcomes.pending("collection", "TX-2"), 100);
    await recorder.flush();
    const health = { ...initialHealth(to - DAY), history: [{ condition: "service" as const, worst: "down" as const, from: to - 3 * HOUR, to: to - 2 * HOUR }] };
    const digest = await dailyDigest({ reader: healthCountsReader(state.tallies), health: () => ({ airtime: health }), watched: async () => 3 }, to - DAY, to);
    expect(digest).toMatchObject({
      outcomes: { success: 2, failed: 1, timeout: 1, "not-final": 1 },
      enquiries: { collection: 3, airtime: 2 },
      payments: 4,
      reasons: [{ reason: { type: "reason", text: "Wrong PIN" }, count: 1 }],
      trouble: { airtime: { serviceMs: HOUR, failuresMs: 0 }, collection: { serviceMs: 0, failuresMs: 0 } },
      watched: 3,
    });
  });

  it("is sent by one instance only, once a day", async () => {
    state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const sent: DailyDigest[] = [];
    let now = Date.parse("2026-11-24T18:05:00Z");
    const options = {
      kv: state.kv,
      zone: accra,
      time: { hour: 18, minute: 0 },
      sources: { reader: healthCountsReader(state.tallies), health: () => ({}), watched: async () => 0 },
      send: async (digest: DailyDigest) => void sent.push(digest),
      logger: captureLogs().logger,
      now: () => now,
    };
    const [a, b] = [startDailyDigest(options), startDailyDigest(options)];
    await Promise.all([a.tick(), b.tick(), a.tick()]);
    now += 30 * 60_000;
    await b.tick();
    a.stop();
    b.stop();
    expect(sent.map((digest) => [new Date(digest.from).toISOString(), new Date(digest.to).toISOString()])).toEqual([["2026-11-23T18:00:00.000Z", "2026-11-24T18:00:00.000Z"]]);
  });
});
