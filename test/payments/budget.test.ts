import { describe, expect, it } from "vitest";
import { backgroundBudget } from "../../src/payments/budget.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";

describe("the background budget", () => {
  it("never grants more than ENQUIRY_MAX_PER_SECOND in any second, in the order asked, however many wait", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const budget = backgroundBudget(state.counters, 20);
    const granted: { at: number; n: number }[] = [];
    const started = Date.now();
    const waits = Array.from({ length: 45 }, (_, n) => budget.acquire().then(() => granted.push({ at: Date.now(), n })));
    expect(budget.waiting).toBe(45);
    await Promise.all(waits);
    expect(granted.map((g) => g.n)).toEqual(Array.from({ length: 45 }, (_, n) => n));
    for (const grant of granted) expect(granted.filter((other) => other.at >= grant.at && other.at < grant.at + 1_000).length).toBeLessThanOrEqual(20);
    // A second's worth at once, then paced.
    expect(granted[19]!.at - started).toBeLessThan(200);
    expect(granted[44]!.at - started).toBeGreaterThanOrEqual(2_000);
    expect(granted[44]!.at - started).toBeLessThan(3_000);
    await state.close();
  });

  it("lets a waiter give up", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const budget = backgroundBudget(state.counters, 1);
    await budget.acquire();
    const stop = new AbortController();
    const waiting = budget.acquire(stop.signal);
    stop.abort(new Error("stopping"));
    await expect(waiting).rejects.toThrow("stopping");
    expect(budget.waiting).toBe(0);
    await state.close();
  });
});
