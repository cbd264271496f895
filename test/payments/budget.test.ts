import { getEventListeners, setMaxListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { backgroundBudget, budgetWindow } from "../../src/payments/budget.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";

describe("the background budget", () => {
  it.each([1, 3, 10, 100, 200, 1000])("never fits more than %i places in any second, even with 50 ms of unevenness", (perSecond) => {
    const { limit, windowMs } = budgetWindow(perSecond);
    expect(Math.ceil(1_050 / windowMs) * limit).toBeLessThanOrEqual(perSecond);
    // And uses at least 90 % of it.
    expect((1_000 / windowMs) * limit).toBeGreaterThanOrEqual(perSecond * 0.9);
  });

  it("never grants more than ENQUIRY_MAX_PER_SECOND in any second, in the order asked, however many wait", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const budget = backgroundBudget(state.counters, 20).consumer();
    const granted: { at: number; n: number }[] = [];
    const started = Date.now();
    const waits = Array.from({ length: 45 }, (_, n) => budget.acquire().then(() => granted.push({ at: Date.now(), n })));

    await Promise.all(waits);
    expect(granted.map((g) => g.n)).toEqual(Array.from({ length: 45 }, (_, n) => n));
    for (const grant of granted) expect(granted.filter((other) => other.at >= grant.at && other.at < grant.at + 1_000).length).toBeLessThanOrEqual(20);
    // Evenly spread: no more than a twentieth of a second's worth in any 50 ms.
    for (const grant of granted) expect(granted.filter((other) => other.at >= grant.at && other.at < grant.at + 50).length).toBeLessThanOrEqual(1);
    expect(granted[44]!.at - started).toBeGreaterThanOrEqual(2_000);
    expect(granted[44]!.at - started).toBeLessThan(2_600);
    await state.close();
  });

  it("lets a waiter give up", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const budget = backgroundBudget(state.counters, 1);
    const consumer = budget.consumer();
    await consumer.acquire();
    const stop = new AbortController();
    const waiting = consumer.acquire(stop.signal);
    expect(budget.waiting).toBe(1);
    stop.abort(new Error("stopping"));
    await expect(waiting).rejects.toThrow("stopping");
    expect(budget.waiting).toBe(0);
    await state.close();
  });

  it("leaves nothing attached to a long-lived signal once a place is granted", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const budget = backgroundBudget(state.counters, 1000).consumer();
    const schedulerLifetime = new AbortController();
    // Thirty wait at once, as the scheduler's do; it raises the limit the same way.
    setMaxListeners(40, schedulerLifetime.signal);
    await Promise.all(Array.from({ length: 30 }, () => budget.acquire(schedulerLifetime.signal)));
    expect(getEventListeners(schedulerLifetime.signal, "abort")).toHaveLength(0);
    await state.close();
  });

  it("hands places round the consumers that wait, one each in turn, however many each has queued", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const budget = backgroundBudget(state.counters, 1000);
    const [watches, fileA, fileB] = [budget.consumer(), budget.consumer(), budget.consumer()];
    const order: string[] = [];
    const ask = (consumer: typeof watches, name: string, count: number) =>
      Array.from({ length: count }, () => consumer.acquire().then(() => order.push(name)));
    // Each file keeps 32 places queued, the watches 10: first come, first served, the watches got a seventh.
    await Promise.all([...ask(fileA, "a", 32), ...ask(fileB, "b", 32), ...ask(watches, "w", 10)]);
    expect(budget.waiting).toBe(0);
    const first30 = order.slice(0, 30);
    expect(first30.filter((name) => name === "w")).toHaveLength(10);
    expect(order.slice(0, 6)).toEqual(["a", "b", "w", "a", "b", "w"]);
    await state.close();
  });
});
