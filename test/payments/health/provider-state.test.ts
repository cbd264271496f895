import { describe, expect, it } from "vitest";
import { advanceHealth, decodeHealth, encodeHealth, initialHealth, troubleWithin, type KindHealth } from "../../../src/payments/health/judging/provider-state.ts";
import { assessFailures, assessService, type HealthThresholds } from "../../../src/payments/health/judging/thresholds.ts";
import { kindCounts } from "../../support/health-counts.ts";

const thresholds: HealthThresholds = { minEnquiries: 10, degradedPercent: 20, downPercent: 80, slowMs: 5_000, recoveryMs: 10 * 60_000 };
const MINUTE = 60_000;
const T0 = Date.parse("2026-11-24T08:00:00Z");
const fine = assessService(kindCounts({ success: 50 }), thresholds);
const degraded = assessService(kindCounts({ success: 30, timeout: 20 }), thresholds);
const down = assessService(kindCounts({ success: 1, timeout: 49 }), thresholds);
const usual = assessFailures(kindCounts({ success: 50 }), kindCounts({}), new Map());
const manyFailures = assessFailures(kindCounts({ failed: 30, success: 10 }), kindCounts({}), new Map([["r:Declined by MNO", 30]]));

/** Evaluations at the given minutes after T0, each with what the figures said: the changes each made. */
function run(steps: [minute: number, service: typeof fine, failures?: typeof usual][]) {
  let health: KindHealth = initialHealth(T0);
  return steps.map(([minute, service, failures = usual]) => {
    const step = advanceHealth("collection", health, service, failures, T0 + minute * MINUTE, thresholds.recoveryMs);
    health = step.next;
    return { minute, changes: step.changes.map((change) => change.type), health };
  });
}

describe("the provider's state, evaluation after evaluation", () => {
  it("stays normal, writing nothing, while the figures are fine", () => {
    const start = initialHealth(T0);
    expect(advanceHealth("collection", start, fine, usual, T0 + MINUTE, thresholds.recoveryMs)).toEqual({ next: start, changes: [] });
  });

  it("degrades at once, goes down at once, and says each once", () => {
    const steps = run([[1, degraded], [2, degraded], [3, down], [4, down]]);
    expect(steps.map((step) => step.changes)).toEqual([["service-started"], [], ["service-worse"], []]);
    expect(steps[3]?.health.service).toMatchObject({ level: "down", since: T0 + 3 * MINUTE, episode: { startedAt: T0 + MINUTE, worst: "down", cause: "not-checked" } });
  });

  it("recovers only after 10 minutes below the thresholds, and says how long it lasted", () => {
    const steps = run([[0, degraded], [5, fine], [14, fine], [15, fine]]);
    expect(steps.map((step) => step.changes)).toEqual([["service-started"], [], [], ["service-recovered"]]);
    expect(steps[3]?.health.service).toEqual({ level: "normal", since: T0 + 15 * MINUTE });
    expect(steps[3]?.health.history).toEqual([{ condition: "service", worst: "degraded", from: T0, to: T0 + 15 * MINUTE }]);
  });

  it("does not flap: a bad minute in the quiet time starts the 10 minutes again, within one episode", () => {
    const steps = run([[0, degraded], [5, fine], [12, degraded], [13, fine], [22, fine], [23, fine]]);
    expect(steps.map((step) => step.changes)).toEqual([["service-started"], [], [], [], [], ["service-recovered"]]);
  });

  it("eases from down to degraded after the quiet time too, then to normal after another", () => {
    const steps = run([[0, down], [1, degraded], [11, degraded], [12, fine], [22, fine]]);
    expect(steps.map((step) => step.changes)).toEqual([["service-started"], [], ["service-better"], [], ["service-recovered"]]);
    expect(steps[4]?.health.history[0]).toMatchObject({ worst: "down", from: T0 });
  });

  it("marks failures unusually high, and ends it after the quiet time", () => {
    const steps = run([[0, fine, manyFailures], [30, fine, manyFailures], [31, fine], [40, fine], [41, fine]]);
    expect(steps.map((step) => step.changes)).toEqual([["failures-started"], [], [], [], ["failures-ended"]]);
  });

  it("adds up the time in trouble within a day, the ongoing episode included", () => {
    const [, , last] = run([[0, down], [10, fine], [20, fine]]);
    const health = { ...(last?.health ?? initialHealth(T0)), failures: { high: true, since: T0 + 30 * MINUTE } };
    expect(troubleWithin(health, T0 - 60 * MINUTE, T0 + 40 * MINUTE)).toEqual({ serviceMs: 20 * MINUTE, failuresMs: 10 * MINUTE });
    expect(troubleWithin(health, T0 + 5 * MINUTE, T0 + 40 * MINUTE).serviceMs).toBe(15 * MINUTE);
  });

  it("is kept as JSON; anything unreadable starts again from normal", () => {
    const [, step] = run([[0, degraded], [3, down]]);
    const health = step?.health ?? initialHealth(T0);
    expect(decodeHealth(encodeHealth(health))).toEqual(health);
    expect(decodeHealth("{not json")).toBeUndefined();
    expect(decodeHealth(JSON.stringify({ service: { level: "on fire" } }))).toBeUndefined();
  });
});
