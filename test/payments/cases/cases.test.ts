import { afterEach, describe, expect, it } from "vitest";
import { createCaseStore, type CaseStore } from "../../../src/payments/cases/case-store.ts";
import { decodeCase, encodeCase, MAX_OPEN_CASES_PER_AGENT, reminderDue, type CaseAgent } from "../../../src/payments/cases/case.ts";
import type { CaseAudit } from "../../../src/payments/cases/case-events.ts";
import { kindToEscalate, openCase } from "../../../src/payments/cases/open-case.ts";
import { recordCaseCheck } from "../../../src/payments/cases/record-check.ts";
import { noteRelayed, routeAgentMessage, routeSupportMessage } from "../../../src/payments/cases/relay-message.ts";
import { resolveCase } from "../../../src/payments/cases/resolve-case.ts";
import { takeCase } from "../../../src/payments/cases/take-case.ts";
import type { StateStore } from "../../../src/state/ports.ts";
import { openRedisStore } from "../../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { outcomes } from "../../support/outcomes.ts";
import { deletePrefix, probeRedis, testPrefix } from "../../support/redis.ts";

const redis = await probeRedis();
const SUPPORT = -1005555555555;
const agent = (userId: number, note?: string): CaseAgent => ({ userId, name: `Agent ${userId}`, chatId: userId, locale: "en", joinedAt: 1, ...(note === undefined ? {} : { note }) });
const support = (userId: number) => ({ userId, name: `Support ${userId}` });

const stores: { state: StateStore; dispose: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.dispose();
});

const adapters: { name: string; skip: boolean; open: () => Promise<StateStore> }[] = [
  { name: "SQLite", skip: false, open: async () => openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }) },
  {
    name: "Redis",
    skip: !redis.available,
    open: async () => {
      const prefix = testPrefix("cases");
      const state = await openRedisStore({ url: redis.available ? redis.url : "", prefix });
      stores.push({ state, dispose: () => deletePrefix(redis.available ? redis.url : "", prefix) });
      return state;
    },
  },
];

describe.each(adapters)("cases in the $name store", ({ skip, open }) => {
  async function setup(now = () => 1_000) {
    const state = await open();
    stores.push({ state, dispose: () => state.close() });
    const store: CaseStore = createCaseStore(state);
    const audited: { action: string; case: number }[] = [];
    const audit: CaseAudit = (action, value) => void audited.push({ action, case: value.number });
    const deps = { store, audit, now, schedule: { firstCheckMs: 15_000, maxIntervalMs: 600_000 } };
    /** Opens a case and gives it a card, as the Telegram side does once it is posted. */
    const openWithCard = async (id: string, userId: number, messageId: number) => {
      const opened = await openCase(deps, outcomes.pending("collection", id), agent(userId));
      if (opened.type !== "opened") throw new Error(opened.type);
      await store.attachCard(opened.case.number, { chatId: SUPPORT, messageId, ownTopic: false });
      return opened.case.number;
    };
    return { state, store, deps, audited, openWithCard };
  }

  it.skipIf(skip)("numbers cases from one counter: distinct under concurrent opens, never reused after a resolve", async () => {
    const { deps, store, openWithCard } = await setup();
    const opened = await Promise.all(Array.from({ length: 12 }, (_, i) => openCase(deps, outcomes.failed("collection", `TX-${i}`), agent(100 + i))));
    const numbers = opened.map((result) => (result.type === "opened" ? result.case.number : 0));
    expect(new Set(numbers).size).toBe(12);
    expect(Math.min(...numbers)).toBe(1);
    const again = await openWithCard("TX-AGAIN", 7, 500);
    expect(await resolveCase(deps, again, support(9), { chatId: SUPPORT, messageId: 500 })).toMatchObject({ type: "resolved" });
    const reopened = await openCase(deps, outcomes.pending("collection", "TX-AGAIN"), agent(7));
    expect(reopened).toMatchObject({ type: "opened", case: { number: again + 1 } });
    expect(await store.openCases()).toHaveProperty("size", 13);
  });

  it.skipIf(skip)("keeps one open case per payment: two agents escalating it at once end up in the same case", async () => {
    const { deps, store } = await setup();
    const [a, b] = await Promise.all([openCase(deps, outcomes.failed("airtime", "AT-1"), agent(1)), openCase(deps, outcomes.failed("airtime", "AT-1"), agent(2, "customer paid twice"))]);
    expect([a?.type, b?.type].sort()).toEqual(["joined", "opened"]);
    const number = a?.type === "opened" ? a.case.number : b?.type === "opened" ? b.case.number : 0;
    const value = await store.load(number);
    expect(value?.agents.map((person) => [person.userId, person.note])).toEqual(expect.arrayContaining([[1, undefined], [2, "customer paid twice"]]));
    expect(await store.agentCases(2)).toEqual([number]);
    // The same payment on the other kind is another case; the same agent again is told so.
    expect(await openCase(deps, outcomes.failed("collection", "AT-1"), agent(1))).toMatchObject({ type: "opened" });
    expect(await openCase(deps, outcomes.failed("airtime", "AT-1"), agent(1, "a note"))).toMatchObject({ type: "already", case: { agents: expect.arrayContaining([expect.objectContaining({ userId: 1, note: "a note" })]) } });
  });

  it.skipIf(skip)("refuses a 21st open case to one agent, but lets them join one, and never opens one for a SUCCESS", async () => {
    const { deps } = await setup();
    for (let i = 0; i < MAX_OPEN_CASES_PER_AGENT; i++) expect((await openCase(deps, outcomes.pending("collection", `TX-${i}`), agent(1))).type).toBe("opened");
    expect(await openCase(deps, outcomes.pending("collection", "TX-21"), agent(1))).toEqual({ type: "limit", max: 20 });
    await openCase(deps, outcomes.pending("collection", "TX-OTHER"), agent(2));
    expect(await openCase(deps, outcomes.pending("collection", "TX-OTHER"), agent(1))).toEqual({ type: "limit", max: 20 });
    expect(await openCase(deps, outcomes.success("collection", "TX-OK"), agent(3))).toEqual({ type: "success" });
  });

  it.skipIf(skip)("lets the first of two support members pressing ✋ Take at once win, and refuses a press off the card", async () => {
    const { deps, openWithCard, audited } = await setup();
    const number = await openWithCard("TX-1", 1, 700);
    const where = { chatId: SUPPORT, messageId: 700 };
    const results = await Promise.all([takeCase(deps, number, support(10), where), takeCase(deps, number, support(11), where)]);
    expect(results.map((result) => result.type).sort()).toEqual(["already", "taken"]);
    const winner = results.find((result) => result.type === "taken");
    const loser = results.find((result) => result.type === "already");
    expect(loser?.type === "already" && winner?.type === "taken" && loser.by.userId).toBe(winner?.type === "taken" && winner.case.takenBy?.userId);
    expect(audited.filter((entry) => entry.action === "taken")).toHaveLength(1);
    // A forwarded card (another chat) or a forged payload (another message): nothing changes.
    expect(await takeCase(deps, number, support(12), { chatId: -1, messageId: 700 })).toEqual({ type: "not_support" });
    expect(await resolveCase(deps, number, support(12), { chatId: SUPPORT, messageId: 701 })).toEqual({ type: "not_support" });
    expect(await resolveCase(deps, number, support(12), where)).toMatchObject({ type: "resolved" });
    expect(await resolveCase(deps, number, support(13), where)).toMatchObject({ type: "already", by: { userId: 12 } });
    expect(await takeCase(deps, number, support(13), where)).toMatchObject({ type: "resolved" });
  });

  it.skipIf(skip)("marks a payment that settles once, and keeps checking only while it is open and not final", async () => {
    let now = 1_000;
    const { deps, state, openWithCard } = await setup(() => now);
    const number = await openWithCard("TX-9", 1, 800);
    expect(await state.schedules.dueAt("case-checks", String(number))).toBe(16_000);
    now = 20_000;
    expect(await recordCaseCheck(deps, number, outcomes.pending("collection", "TX-9"))).toMatchObject({ settled: false, changed: false });
    expect(await state.schedules.dueAt("case-checks", String(number))).toBeGreaterThan(now);
    const settled = await recordCaseCheck(deps, number, outcomes.success("collection", "TX-9"));
    expect(settled).toMatchObject({ settled: true, changed: true, case: { settledAt: 20_000 } });
    expect(await recordCaseCheck(deps, number, outcomes.success("collection", "TX-9"))).toMatchObject({ settled: false });
    expect(await state.schedules.dueAt("case-checks", String(number))).toBeUndefined();
  });

  it.skipIf(skip)("routes a message to its case: the case's topic, or a reply to its card or a relayed message; an outsider's reply goes nowhere", async () => {
    const { deps, store, openWithCard } = await setup();
    const number = await openWithCard("TX-5", 1, 900);
    const topical = await openCase(deps, outcomes.pending("airtime", "TX-5"), agent(3));
    if (topical.type !== "opened") throw new Error(topical.type);
    await store.attachCard(topical.case.number, { chatId: SUPPORT, messageId: 950, threadId: 77, ownTopic: true });
    await noteRelayed(deps, (await store.load(number))!, agent(1), "agent", [{ chatId: 1, messageId: 40, agentId: 1 }]);
    expect(await routeSupportMessage(store, { chatId: SUPPORT, threadId: 77, replyTo: undefined }, SUPPORT)).toMatchObject({ type: "to_agent", case: { number: topical.case.number }, agent: { userId: 3 } });
    expect(await routeSupportMessage(store, { chatId: SUPPORT, threadId: undefined, replyTo: 900 }, SUPPORT)).toMatchObject({ type: "to_agent", agent: { userId: 1 } });
    expect(await routeSupportMessage(store, { chatId: SUPPORT, threadId: undefined, replyTo: 901 }, SUPPORT)).toEqual({ type: "none" });
    expect(await routeSupportMessage(store, { chatId: -42, threadId: undefined, replyTo: 900 }, SUPPORT)).toEqual({ type: "none" });
    expect(await routeAgentMessage(store, { chatId: 1, userId: 1, replyTo: 40 })).toMatchObject({ type: "to_support", agent: { userId: 1 } });
    expect(await routeAgentMessage(store, { chatId: 1, userId: 2, replyTo: 40 })).toMatchObject({ type: "outsider" });
    expect(await routeAgentMessage(store, { chatId: 2, userId: 2, replyTo: 40 })).toEqual({ type: "none" });
  });

  it.skipIf(skip)("keeps each agent's conversation their own: support's reply to a second agent's message goes to them, anything else of the case to its first agent", async () => {
    const { deps, store, openWithCard } = await setup();
    const number = await openWithCard("TX-6", 1, 900);
    expect(await openCase(deps, outcomes.pending("collection", "TX-6"), agent(2, "same customer"))).toMatchObject({ type: "joined" });
    const value = (await store.load(number))!;
    await noteRelayed(deps, value, agent(2), "agent", [{ chatId: SUPPORT, messageId: 910, agentId: 2 }]);
    await noteRelayed(deps, value, agent(1), "agent", [{ chatId: SUPPORT, messageId: 911, agentId: 1 }]);
    // A message index written before agents had conversations of their own: the case's, its first agent's.
    await store.rememberMessage(SUPPORT, 912, number);
    const to = async (replyTo: number) => {
      const route = await routeSupportMessage(store, { chatId: SUPPORT, threadId: undefined, replyTo }, SUPPORT);
      return route.type === "to_agent" ? route.agent.userId : route.type;
    };
    expect([await to(900), await to(910), await to(911), await to(912)]).toEqual([1, 2, 1, 1]);
    expect(await store.caseOfMessage(SUPPORT, 910)).toEqual({ number, agentId: 2 });
    expect(await store.caseOfMessage(SUPPORT, 912)).toEqual({ number });
  });

  it.skipIf(skip)("forgets a case resolved before the cut-off, with its message index and its topic; open and newer ones stay", async () => {
    let now = 1_000;
    const { deps, store, state, openWithCard } = await setup(() => now);
    const old = await openWithCard("TX-OLD", 1, 900);
    await store.recordTopic(old, { chatId: SUPPORT, threadId: 77 });
    await noteRelayed(deps, (await store.load(old))!, agent(1), "agent", [{ chatId: SUPPORT, messageId: 901, agentId: 1 }, { chatId: 1, messageId: 40, agentId: 1 }]);
    const newer = await openWithCard("TX-NEW", 2, 950);
    const open = await openWithCard("TX-OPEN", 3, 990);
    await store.rememberMessage(3, 41, open, 3);
    expect(await resolveCase(deps, old, support(9), { chatId: SUPPORT, messageId: 900 })).toMatchObject({ type: "resolved" });
    now = 10_000;
    expect(await resolveCase(deps, newer, support(9), { chatId: SUPPORT, messageId: 950 })).toMatchObject({ type: "resolved" });

    expect(await store.pruneResolved(5_000, 100)).toBe(1);
    expect(await store.load(old)).toBeUndefined();
    for (const [chat, message] of [[SUPPORT, 900], [SUPPORT, 901], [1, 40]] as const) expect(await store.caseOfMessage(chat, message), `${chat}:${message}`).toBeUndefined();
    expect(await store.caseOfTopic(SUPPORT, 77)).toBeUndefined();
    expect(await store.load(newer)).toBeDefined();
    expect(await store.caseOfMessage(SUPPORT, 950)).toEqual({ number: newer });
    expect(await store.caseOfMessage(3, 41)).toEqual({ number: open, agentId: 3 });
    // Nothing of it is left in any collection, and a second run finds nothing to do.
    for (const collection of ["cases", "case-message-keys", "cases-resolved"]) expect((await state.records.all(collection)).has(String(old)), collection).toBe(false);
    expect([...(await state.records.all("case-messages")).values()].filter((value) => value.split(":")[0] === String(old))).toEqual([]);
    expect(await store.pruneResolved(5_000, 100)).toBe(0);
    expect(await store.pruneResolved(20_000, 100)).toBe(1);
    expect(await store.load(open)).toBeDefined();
    expect(await store.openCases()).toHaveProperty("size", 1);
    // The numbers are never handed out again.
    expect(await store.nextNumber()).toBe(open + 1);
  });

  it.skipIf(skip)("forgets cases resolved before their messages were indexed by case (an older version's): found by one scan, once", async () => {
    const { state, store } = await setup();
    // As an older version left them: a resolved case, its messages indexed by number alone, no index of either.
    const value = { number: 7, kind: "collection" as const, transactionId: "TX-7", openedAt: 1, agents: [agent(1)], last: outcomes.failed("collection", "TX-7"), checks: 0, resolvedBy: { ...support(9), at: 2 } };
    await state.records.update("cases", "7", () => encodeCase(value));
    await state.records.update("case-messages", `${SUPPORT}:70`, () => "7");
    await state.records.update("case-messages", `topic:${SUPPORT}:71`, () => "7");
    await state.records.update("case-messages", `${SUPPORT}:72`, () => "8");
    expect(await store.pruneResolved(1_000, 100)).toBe(1);
    expect(await store.load(7)).toBeUndefined();
    expect(await store.caseOfMessage(SUPPORT, 70)).toBeUndefined();
    expect(await store.caseOfTopic(SUPPORT, 71)).toBeUndefined();
    expect(await store.caseOfMessage(SUPPORT, 72)).toEqual({ number: 8 });
  });

  it.skipIf(skip)("forgets at most as many cases as asked at a time", async () => {
    const { deps, store, openWithCard } = await setup();
    for (let i = 0; i < 5; i++) {
      const number = await openWithCard(`TX-${i}`, 1, 800 + i);
      await resolveCase(deps, number, support(9), { chatId: SUPPORT, messageId: 800 + i });
    }
    expect(await store.pruneResolved(2_000, 3)).toBe(3);
    expect(await store.pruneResolved(2_000, 3)).toBe(2);
  });
});

describe("cases, pure", () => {
  it("asks which kind when both kinds know an ID, or neither does", () => {
    expect(kindToEscalate({ id: "X", outcomes: [outcomes.failed("collection", "X"), outcomes.notFound("airtime", "X")] })).toMatchObject({ type: "kind", outcome: { kind: "collection" } });
    expect(kindToEscalate({ id: "X", outcomes: [outcomes.failed("collection", "X"), outcomes.pending("airtime", "X")] })).toEqual({ type: "ask" });
    expect(kindToEscalate({ id: "X", outcomes: [outcomes.notFound("collection", "X"), outcomes.notFound("airtime", "X")] })).toEqual({ type: "ask" });
    expect(kindToEscalate({ id: "X", outcomes: [outcomes.notFound("airtime", "X")] })).toMatchObject({ type: "kind", outcome: { type: "not_found" } });
  });

  it("reads a stored case back as it was written; one of another shape, or whose answer cannot be read, is absent", () => {
    const stored = { number: 7, kind: "collection" as const, transactionId: "X", openedAt: 5, agents: [agent(1, "on hold")], last: outcomes.pending("collection", "X"), checks: 2 };
    expect(decodeCase(encodeCase(stored))).toEqual(stored);
    const written = encodeCase(stored);
    const otherNumber = written.replace('"number":7', '"number":"7"');
    const otherAnswer = written.replace(/"last":"(?:[^"\\]|\\.)*"/, '"last":"not an answer"');
    expect([otherNumber, otherAnswer]).not.toContain(written);
    for (const text of ["not json", "[7]", otherNumber, otherAnswer, undefined]) {
      expect(decodeCase(text), text).toBeUndefined();
    }
  });

  it("reminds of a case nobody took once, after CASE_REMIND_MINUTES, once its card is up", () => {
    const base = { number: 1, kind: "collection" as const, transactionId: "X", openedAt: 0, agents: [agent(1)], last: outcomes.pending("collection", "X"), checks: 0 };
    const card = { chatId: SUPPORT, messageId: 1, ownTopic: false };
    expect(reminderDue({ ...base, card }, 899_999, 900_000)).toBe(false);
    expect(reminderDue({ ...base, card }, 900_000, 900_000)).toBe(true);
    expect(reminderDue(base, 900_000, 900_000)).toBe(false);
    expect(reminderDue({ ...base, card, remindedAt: 900_000 }, 1_000_000, 900_000)).toBe(false);
    expect(reminderDue({ ...base, card, takenBy: { ...support(2), at: 5 } }, 1_000_000, 900_000)).toBe(false);
  });
});
