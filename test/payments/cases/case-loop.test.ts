import { afterEach, describe, expect, it, vi } from "vitest";
import { backgroundBudget } from "../../../src/payments/budget.ts";
import { startCaseLoop, type CaseDeskPort } from "../../../src/payments/cases/case-loop.ts";
import { createCaseStore } from "../../../src/payments/cases/case-store.ts";
import type { Case, CaseAgent } from "../../../src/payments/cases/case.ts";
import type { CaseAudit } from "../../../src/payments/cases/case-events.ts";
import { openCase } from "../../../src/payments/cases/open-case.ts";
import { caseChecked } from "../../../src/payments/cases/record-check.ts";
import { resolveCase } from "../../../src/payments/cases/resolve-case.ts";
import { createChecker, createEnquiryEvents } from "../../../src/payments/check.ts";
import type { EnquiryOutcome } from "../../../src/payments/enquiry/types.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { fakeClock } from "../../support/fake-clock.ts";
import { captureLogs } from "../../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";

const SUPPORT = -1005555555555;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const agent = (userId: number): CaseAgent => ({ userId, name: `Agent ${userId}`, chatId: userId, locale: "en", joinedAt: 1 });
const schedule = { firstCheckMs: 15_000, maxIntervalMs: 600_000 };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/** The Telegram side as the loop and `caseChecked` see it: what was shown and told, in order. */
function recordingDesk(store: ReturnType<typeof createCaseStore>, options: { postFails?: () => boolean } = {}) {
  const told: string[] = [];
  const desk: CaseDeskPort = {
    async postCard(value) {
      told.push(`post #${value.number}`);
      if (options.postFails?.()) return value;
      return (await store.attachCard(value.number, { chatId: SUPPORT, messageId: 900 + value.number, ownTopic: false })) ?? value;
    },
    showCard: async (value) => void told.push(`show #${value.number}`),
    announce: async (value, event) => void told.push(`${event} #${value.number}`),
    remind: async (value) => void told.push(`remind #${value.number}`),
  };
  return { desk, told };
}

function setup(answer: (id: string) => EnquiryOutcome = (id) => outcomes.pending("collection", id), options: { postFails?: () => boolean; tokenPaused?: () => Promise<boolean> } = {}) {
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const store = createCaseStore(state);
  const clock = fakeClock(1_000_000);
  const audited: string[] = [];
  const audit: CaseAudit = (action, value) => void audited.push(`${action} #${value.number}`);
  const { desk, told } = recordingDesk(store, options);
  const enquiry = scriptedEnquiry((_kind, id) => answer(id));
  const checker = createChecker({ enquiry, events: createEnquiryEvents(), auditInLog: true });
  const logs = captureLogs();
  const deps = { store, audit, desk, schedule, now: clock.now };
  const open = async (id: string, userId: number): Promise<Case> => {
    const opened = await openCase(deps, outcomes.pending("collection", id), agent(userId));
    if (opened.type !== "opened") throw new Error(opened.type);
    return opened.case;
  };
  const start = () => {
    const loop = startCaseLoop({
      ...deps,
      remindMs: 15 * MINUTE,
      keepMs: 30 * DAY,
      leases: state.leases,
      instanceId: "instance-1",
      budget: backgroundBudget(state.counters, 1_000),
      checker,
      tokenPaused: options.tokenPaused ?? (async () => false),
      logger: logs.logger,
      wait: clock.wait,
    });
    cleanup.unshift(() => loop.stop(0));
  };
  cleanup.push(() => state.close());
  return { state, store, clock, deps, told, audited, enquiry, logs, open, start };
}

describe("caseChecked: a check of a case's payment, recorded and told", () => {
  it("shows the card again only when the check changed what it shows, and tells a settlement once", async () => {
    const t = setup();
    const value = await t.open("TX-1", 1);
    expect(await caseChecked(t.deps, value.number, outcomes.pending("collection", "TX-1"))).toMatchObject({ type: "checked", changed: false, settled: false });
    expect(t.told).toEqual([]);
    expect(await caseChecked(t.deps, value.number, outcomes.failed("collection", "TX-1"))).toMatchObject({ changed: true, settled: true });
    expect(await caseChecked(t.deps, value.number, outcomes.failed("collection", "TX-1"))).toMatchObject({ changed: false, settled: false });
    expect(t.told).toEqual(["show #1", "settled #1"]);
    expect(t.audited).toEqual(["opened #1", "settled #1"]);
  });

  it("for a person's 🔄 Refresh, answers the press first, then shows the card even unchanged (the time it was checked moves)", async () => {
    const t = setup();
    const value = await t.open("TX-1", 1);
    const pressed = async (result: { changed: boolean }) => void t.told.push(result.changed ? "answered: updated" : "answered: unchanged");
    await caseChecked(t.deps, value.number, outcomes.pending("collection", "TX-1"), pressed);
    await caseChecked(t.deps, value.number, outcomes.success("collection", "TX-1"), pressed);
    expect(t.told).toEqual(["answered: unchanged", "show #1", "answered: updated", "show #1", "settled #1"]);
  });

  it("is gone for a case that is no more, telling nothing", async () => {
    const t = setup();
    expect(await caseChecked(t.deps, 41, outcomes.success("collection", "TX-1"))).toEqual({ type: "gone" });
    expect(t.told).toEqual([]);
  });
});

describe("the cases' loop", () => {
  it("checks an open case's payment when it is due, as its agent's watch, tells the settlement once, and checks it no more", async () => {
    const t = setup((id) => outcomes.success("collection", id));
    await t.open("TX-1", 7);
    t.start();
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    expect(t.enquiry.calls).toHaveLength(0);
    t.clock.advance(15_000);
    await vi.waitFor(() => expect(t.told).toContain("settled #1"));
    expect(t.enquiry.calls.map((call) => call.id)).toEqual(["TX-1"]);
    for (let turn = 0; turn < 3; turn++) {
      t.clock.advance(10 * MINUTE);
      await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    }
    expect(t.enquiry.calls).toHaveLength(1);
    expect(t.told.filter((line) => line.startsWith("settled"))).toEqual(["settled #1"]);
  });

  it("makes no check while the service token is rejected", async () => {
    const t = setup((id) => outcomes.success("collection", id), { tokenPaused: async () => true });
    await t.open("TX-1", 7);
    t.start();
    for (let turn = 0; turn < 3; turn++) {
      await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
      t.clock.advance(MINUTE);
    }
    expect(t.enquiry.calls).toHaveLength(0);
  });

  it("posts a card a failure left unposted after 30 s, and reminds once of a case nobody took in CASE_REMIND_MINUTES", async () => {
    let failing = true;
    const t = setup(undefined, { postFails: () => failing });
    const value = await t.open("TX-1", 7);
    t.start();
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    expect(t.told).toEqual([]);
    t.clock.advance(30_000);
    await vi.waitFor(() => expect(t.told).toEqual(["post #1"]));
    failing = false;
    // Tried again 30 s after the last attempt, not at every turn.
    t.clock.advance(29_000);
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    expect(t.told).toEqual(["post #1"]);
    t.clock.advance(1_000);
    await vi.waitFor(() => expect(t.told).toEqual(["post #1", "post #1"]));
    t.clock.advance(15 * MINUTE);
    await vi.waitFor(() => expect(t.told).toContain(`remind #${value.number}`));
    t.clock.advance(15 * MINUTE);
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    expect(t.told.filter((line) => line.startsWith("remind"))).toHaveLength(1);
    expect((await t.store.load(value.number))?.remindedAt).toBeDefined();
  });

  it("forgets a case CASE_DAYS after it was resolved, looking once an hour", async () => {
    const t = setup();
    const value = await t.open("TX-1", 7);
    await t.store.attachCard(value.number, { chatId: SUPPORT, messageId: 901, ownTopic: false });
    await resolveCase(t.deps, value.number, { userId: 9, name: "Support 9" }, { chatId: SUPPORT, messageId: 901 });
    t.start();
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    t.clock.advance(30 * DAY - 2 * MINUTE);
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    expect(await t.store.load(value.number)).toBeDefined();
    t.clock.advance(60 * MINUTE);
    await vi.waitFor(async () => expect(await t.store.load(value.number)).toBeUndefined());
    expect(t.logs.entries().filter((entry) => entry.msg === "resolved cases forgotten, CASE_DAYS after they were resolved")).toEqual([
      expect.objectContaining({ forgotten: 1, caseDays: 30 }),
    ]);
  });
});
