import { afterEach, describe, expect, it } from "vitest";
import { healthMonitor, type HealthMonitor } from "../../../src/payments/health/judging/monitor.ts";
import type { HealthChange } from "../../../src/payments/health/judging/provider-state.ts";
import { healthCountsReader } from "../../../src/payments/health/counting/read-counts.ts";
import { healthRecorder, type HealthRecorder } from "../../../src/payments/health/counting/recorder.ts";
import type { HealthThresholds } from "../../../src/payments/health/judging/thresholds.ts";
import { StateUnavailableError, type StateStore } from "../../../src/state/ports.ts";
import { openRedisStore } from "../../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../../support/logs.ts";
import { outcomes } from "../../support/outcomes.ts";
import { deletePrefix, probeRedis, testPrefix } from "../../support/redis.ts";

const redis = await probeRedis();
const thresholds: HealthThresholds = { minEnquiries: 10, degradedPercent: 20, downPercent: 80, slowMs: 5_000, recoveryMs: 60_000 };
const T0 = Date.parse("2026-11-24T09:00:30Z");

/** One instance's counting and judging, on a clock the test moves. */
function instance(state: StateStore, clock: { now: number }) {
  const logs = captureLogs();
  const announced: HealthChange[] = [];
  const recorder: HealthRecorder = healthRecorder({ tallies: state.tallies, logger: logs.logger, now: () => clock.now });
  const monitor: HealthMonitor = healthMonitor({
    recorder,
    reader: healthCountsReader(state.tallies),
    records: state.records,
    thresholds,
    announce: async (changes) => void announced.push(...changes),
    logger: logs.logger,
    now: () => clock.now,
  });
  return { recorder, monitor, announced, logs };
}

describe("the health monitor in one instance", () => {
  let state: StateStore | undefined;
  afterEach(async () => void (await state?.close()));

  it("counts what each instance recorded once written, judges it, and announces each change once", async () => {
    state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const clock = { now: T0 };
    const one = instance(state, clock);
    for (let i = 0; i < 8; i++) one.recorder.record(outcomes.timeout("airtime", `A-${i}`), 10_000);
    for (let i = 0; i < 4; i++) one.recorder.record(outcomes.success("airtime", `B-${i}`), 200);
    await one.monitor.evaluate();
    expect(one.announced).toMatchObject([{ type: "service-started", kind: "airtime", level: "degraded", cause: "not-checked", figures: { enquiries: 12, couldNotCheck: 8 } }]);
    expect(one.monitor.current().kinds.airtime).toMatchObject({ level: "degraded", startedAt: T0 });
    expect(one.monitor.current().kinds.collection.level).toBe("normal");
    await one.monitor.evaluate();
    expect(one.announced).toHaveLength(1);
  });

  it("keeps its state in the store: a restarted instance goes on from it, and announces the recovery", async () => {
    state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const clock = { now: T0 };
    const before = instance(state, clock);
    for (let i = 0; i < 10; i++) before.recorder.record(outcomes.upstreamError("collection", `C-${i}`), 50);
    await before.monitor.evaluate();
    expect(before.announced.map((change) => change.type)).toEqual(["service-started"]);

    const after = instance(state, clock);
    clock.now += 6 * 60_000;
    await after.monitor.evaluate();
    expect(after.monitor.current().kinds.collection.level).toBe("down");
    expect(after.announced).toEqual([]);
    clock.now += 61_000;
    await after.monitor.evaluate();
    expect(after.announced).toMatchObject([{ type: "service-recovered", kind: "collection", worst: "down", startedAt: T0 }]);
  });

  it("leaves the state as it is while the store does not answer, and keeps the counts for the next write", async () => {
    state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const clock = { now: T0 };
    const one = instance(state, clock);
    const add = state.tallies.add.bind(state.tallies);
    state.tallies.add = () => Promise.reject(new StateUnavailableError("disk full"));
    for (let i = 0; i < 10; i++) one.recorder.record(outcomes.timeout("collection", `C-${i}`), 50);
    await one.monitor.evaluate();
    expect(one.announced).toEqual([]);
    expect(one.logs.entries().filter((entry) => entry.msg === "health counts not written: kept for the next try")).toHaveLength(1);
    state.tallies.add = add;
    await one.monitor.evaluate();
    expect(one.announced).toMatchObject([{ type: "service-started", figures: { enquiries: 10 } }]);
  });
});

describe.skipIf(!redis.available)("two instances sharing Redis", () => {
  it("add up to one picture, and announce each change exactly once between them", async () => {
    const url = redis.available ? redis.url : "";
    const prefix = testPrefix("health");
    const [first, second] = await Promise.all([openRedisStore({ url, prefix }), openRedisStore({ url, prefix })]);
    try {
      const clock = { now: T0 };
      const a = instance(first, clock);
      const b = instance(second, clock);
      // Neither instance alone has enough enquiries to judge; together they are down.
      for (let i = 0; i < 6; i++) a.recorder.record(outcomes.timeout("collection", `A-${i}`), 50);
      for (let i = 0; i < 6; i++) b.recorder.record(outcomes.timeout("collection", `B-${i}`), 50);
      await Promise.all([a.recorder.flush(), b.recorder.flush()]);
      await Promise.all([a.monitor.evaluate(), b.monitor.evaluate(), a.monitor.evaluate(), b.monitor.evaluate()]);
      expect([...a.announced, ...b.announced]).toMatchObject([{ type: "service-started", level: "down", figures: { enquiries: 12 } }]);
      expect(a.monitor.current().kinds.collection.level).toBe("down");
      expect(b.monitor.current().kinds.collection.level).toBe("down");
    } finally {
      await Promise.all([first.close(), second.close()]);
      await deletePrefix(url, prefix);
    }
  });
});
