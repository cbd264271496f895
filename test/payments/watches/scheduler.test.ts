import { afterEach, describe, expect, it, vi } from "vitest";
import { backgroundBudget } from "../../../src/payments/budget.ts";
import { runBulkCheck } from "../../../src/payments/bulk/run.ts";
import { createChecker, createEnquiryEvents } from "../../../src/payments/check.ts";
import type { EnquiryOutcome } from "../../../src/payments/enquiry/types.ts";
import { startWatchScheduler } from "../../../src/payments/watches/scheduler.ts";
import { tokenPause } from "../../../src/payments/service-token/token-pause.ts";
import { createWatchStore } from "../../../src/payments/watches/watch-store.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";

const schedule = { firstCheckMs: 30, maxIntervalMs: 60, maxAgeMs: 3_600_000, notFoundMs: 3_600_000 };
const TX1 = { scope: "collection" as const, transactionId: "TX-1" };
const watcher = { chatId: 5001, chatType: "private" as const, messageId: 1, locale: "en", subscriber: { userId: 5001, name: "Ama" } };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

function setup(answer: (call: number) => EnquiryOutcome, options: { mayWatch?: () => Promise<boolean>; paused?: () => Promise<boolean> } = {}) {
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const store = createWatchStore({ state, schedule });
  let calls = 0;
  const enquiry = scriptedEnquiry(() => answer(++calls));
  const events = createEnquiryEvents();
  const records: string[] = [];
  events.subscribe((record) => records.push(record.via));
  const logs = captureLogs();
  const budget = backgroundBudget(state.counters, 50);
  const checker = createChecker({ enquiry, events, auditInLog: true });
  const scheduler = startWatchScheduler({
    store,
    budget,
    checker,
    perSecond: 50,
    mayWatch: options.mayWatch ?? (async () => true),
    tokenPaused: options.paused ?? tokenPause(events, state.kv, () => "token-fingerprint", logs.logger),
    logger: logs.logger,
    idleMs: 10,
  });
  stop = async () => {
    await scheduler.stop(1_000);
    await state.close();
  };
  return { store, enquiry, records, logs, budget, checker };
}

describe("the watch scheduler", () => {
  it("checks a watched payment until it settles, then leaves a notice, recording each check as a watch's", async () => {
    const { store, enquiry, records } = setup((call) => (call < 3 ? outcomes.pending("collection", "TX-1") : outcomes.success("collection", "TX-1")));
    await store.subscribe([TX1], watcher, 50);
    await vi.waitFor(async () => expect((await store.load(TX1))?.notices).toHaveLength(1), { timeout: 3_000 });
    expect(enquiry.calls).toHaveLength(3);
    expect(records).toEqual(["watch", "watch", "watch"]);
    expect(await store.activeTargets()).toBe(0);
  });

  it("makes no call, and ends the watch silently, once its chat may no longer ask", async () => {
    const { store, enquiry } = setup(() => outcomes.pending("collection", "TX-1"), { mayWatch: async () => false });
    await store.subscribe([TX1], watcher, 50);
    await vi.waitFor(async () => expect(await store.load(TX1)).toBeUndefined(), { timeout: 3_000 });
    expect(enquiry.calls).toHaveLength(0);
  });

  it("pauses every check while the service token is rejected, and notifies nobody", async () => {
    const { store, enquiry, logs } = setup(() => outcomes.unauthorized("collection", "TX-1"));
    await store.subscribe([TX1, { scope: "collection", transactionId: "TX-2" }], watcher, 50);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The first rejection pauses everything: at most the checks already under way were made.
    expect(enquiry.calls.length).toBeLessThanOrEqual(2);
    expect((await store.load(TX1))?.notices).toEqual([]);
    expect(logs.entries().some((entry) => String(entry.msg).startsWith("the service token was rejected"))).toBe(true);
  });

  it("makes no call at all while the token is known to be rejected", async () => {
    const { store, enquiry } = setup(() => outcomes.pending("collection", "TX-1"), { paused: async () => true });
    await store.subscribe([TX1], watcher, 50);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(enquiry.calls).toHaveLength(0);
  });

  it("gets its turn of the background budget while big bulk checks run: a third of it beside two files", async () => {
    const { store, records, logs, budget, checker } = setup(() => outcomes.pending("collection", "TX"));
    const watched = Array.from({ length: 60 }, (_, i) => ({ scope: "collection" as const, transactionId: `W-${i}` }));
    await store.subscribe(watched, watcher, 100);
    const files = new AbortController();
    const file = (name: string) =>
      runBulkCheck({
        scope: "collection",
        ids: Array.from({ length: 500 }, (_, i) => `${name}-${i}`),
        checker,
        budget: budget.consumer(),
        asker: { userId: 1, chatId: 1, via: "bulk", logger: logs.logger },
        signal: files.signal,
      });
    const running = [file("A"), file("B")];
    await vi.waitFor(() => expect(records.length).toBeGreaterThanOrEqual(60), { timeout: 5_000 });
    files.abort("stopping");
    await Promise.all(running);
    const first60 = records.slice(0, 60);
    // First come, first served, the watches got about a seventh (10 queued against 2 × 32).
    expect(first60.filter((via) => via === "watch").length).toBeGreaterThanOrEqual(15);
  });
});
