import { z } from "zod";
import type { StateStore } from "../../state/ports.ts";
import { decodeJson } from "../../util/decode-json.ts";
import { HOUR_MS, hourOf, hoursOverlapping } from "../../util/time-buckets.ts";
import { decodeCase, encodeCase, isOpen, type Case, type CaseCard, type CaseTopic } from "./case.ts";

/** The durable records of cases (state.records: kept until deleted, shared by every instance, each write on Sentinel waiting for a replica). */
const COLLECTIONS = {
  /** A case by its number. */
  cases: "cases",
  /** The last number handed out. */
  counter: "case-counter",
  /** Open cases: number → when it opened. */
  open: "cases-open",
  /** The open case of a payment: `kind:ID` → number. */
  payments: "case-payments",
  /** An agent's open cases: user ID → numbers (JSON). */
  agents: "case-agents",
  /**
   * The messages of a case, on either side (`chat:message`) → its number, and the agent the message
   * belongs to when it is one agent's (`12:5003`); the topics made for cases (`topic:chat:thread`) → number.
   */
  messages: "case-messages",
  /** The keys of `messages` that are a case's: number → keys (JSON), so that they go with it. */
  messageKeys: "case-message-keys",
  /** Resolved cases: number → when resolved, until they are forgotten (CASE_DAYS later). */
  resolved: "cases-resolved",
} as const;

/** In `counter`: set once every case and message the versions before `messageKeys` and `resolved` left was listed there. */
const INDEXED_ID = "indexed";

const CHECKS = "case-checks";
const COUNTER_ID = "last";
const FIGURES_KEEP_MS = 49 * HOUR_MS;
const figuresKey = (hour: number) => `cases:h:${hour}`;

/** What happened to cases within a stretch of time (counted by the hour, on every instance). */
export interface CaseCounts {
  opened: number;
  resolved: number;
}

/**
 * Cases in the state store: each one a record changed in one step at a time, and the indexes that
 * find them (the open ones, a payment's, an agent's, a message's or topic's). Numbers come from one
 * counter every instance shares, changed as one step too: no two cases ever get the same number,
 * and a number is never handed out again. Collections stay small: the open ones are what is read
 * whole, and the resolved ones (when forgetting those past CASE_DAYS, in the background), which go
 * with their messages.
 */
export interface CaseStore {
  load(number: number): Promise<Case | undefined>;
  /** Changes a case in one step: `step` may run more than once, so it must be pure. Undefined when there is no such case. */
  change<R>(number: number, step: (value: Case) => { case: Case; result: R }): Promise<{ case: Case; result: R } | undefined>;
  /** The next number: shared by every instance, never handed out twice. */
  nextNumber(): Promise<number>;
  /** Writes a new case; it is found by nobody until it is claimed for its payment (`claimPayment`). */
  create(value: Case): Promise<void>;
  /** A new case that lost the race for its payment: never seen by anyone, so it goes (its number is not reused). */
  discard(number: number): Promise<void>;
  /** The open case of a payment, if any. */
  caseOfPayment(key: string): Promise<number | undefined>;
  /**
   * Makes `number` the open case of the payment unless another open one holds it (`stale` is the
   * number a caller found there that is no longer open): the number that holds it now.
   */
  claimPayment(key: string, number: number, stale?: number): Promise<number>;
  /** Lists a case as open, and under each of its agents. */
  listOpen(value: Case): Promise<void>;
  /** Lists an agent who joined under the case. */
  addAgentCase(userId: number, number: number): Promise<void>;
  /** A resolved case leaves the open lists; its record and messages stay, until it is forgotten (`pruneResolved`). */
  unlistOpen(value: Case, key: string): Promise<void>;
  /** Open cases: number → when each opened. */
  openCases(): Promise<Map<number, number>>;
  /** An agent's open cases. */
  agentCases(userId: number): Promise<number[]>;
  /**
   * The topic just made for a case, recorded before its card is posted (a message in it belongs to
   * the case): the topic the case holds now, which is another when one was recorded first.
   */
  recordTopic(number: number, topic: CaseTopic): Promise<CaseTopic | undefined>;
  /** The topic made for a case could not be used (it was gone when the card was posted): the case no longer holds it. */
  dropTopic(number: number): Promise<void>;
  /** The card, once posted: a reply to it (or a message in its own topic) belongs to the case. The first card posted stays. */
  attachCard(number: number, card: CaseCard): Promise<Case | undefined>;
  /** A message of the case (a reply to it belongs to the case), and the agent whose conversation it is part of, when it is one agent's. */
  rememberMessage(chatId: number, messageId: number, number: number, agentId?: number): Promise<void>;
  caseOfMessage(chatId: number, messageId: number): Promise<CaseMessage | undefined>;
  rememberTopic(chatId: number, threadId: number, number: number): Promise<void>;
  caseOfTopic(chatId: number, threadId: number): Promise<number | undefined>;
  /** The payment of a case is checked again at `at` (on whichever instance claims it first). */
  scheduleCheck(number: number, at: number): Promise<void>;
  unscheduleCheck(number: number): Promise<void>;
  claimDueChecks(now: number, limit: number, leaseMs: number): Promise<number[]>;
  /**
   * Forgets up to `limit` cases resolved before `before`: the case, its messages and its topic. A
   * case that is open is never forgotten. `pause` is awaited between two cases (to let other work
   * through; it may throw to stop). How many were forgotten.
   */
  pruneResolved(before: number, limit: number, pause?: () => Promise<void>): Promise<number>;
  /** Counts a case opened or resolved at `at`. */
  count(what: keyof CaseCounts, at: number): Promise<void>;
  /** Cases opened and resolved in [from, to), by the hours that overlap it. */
  counts(from: number, to: number): Promise<CaseCounts>;
}

const numberOf = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return text !== undefined && Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** A stored list, each of its items read on its own: what is not a list is as good as empty. */
const listOf = (text: string | undefined): unknown[] => decodeJson(z.array(z.unknown()), text) ?? [];

/** The keys of `messages` listed under a case; unreadable, nothing is listed (the messages stay, harmless, as before there were lists). */
const keysOf = (text: string | undefined): string[] => listOf(text).filter((value): value is string => typeof value === "string");

/** Case numbers; unreadable, as good as empty (the cases themselves are intact). */
const numbersOf = (text: string | undefined): number[] => listOf(text).filter((value): value is number => Number.isSafeInteger(value));

/** A message of a case: which case, and which agent's conversation it belongs to (none: the case's, its first agent's). */
export interface CaseMessage {
  number: number;
  agentId?: number | undefined;
}

/** `12`, or `12:5003` for a message of agent 5003's conversation. */
function caseMessageOf(text: string | undefined): CaseMessage | undefined {
  const [number, agent] = (text ?? "").split(":");
  const value = numberOf(number);
  const agentId = agent === undefined ? undefined : Number(agent);
  if (value === undefined) return undefined;
  return agentId !== undefined && Number.isSafeInteger(agentId) ? { number: value, agentId } : { number: value };
}

export function createCaseStore(state: Pick<StateStore, "records" | "schedules" | "tallies">): CaseStore {
  const { records } = state;
  const updateNumbers = (userId: number, change: (numbers: number[]) => number[]) =>
    records.update(COLLECTIONS.agents, String(userId), (current) => {
      const next = change(numbersOf(current));
      return next.length === 0 ? undefined : JSON.stringify(next);
    });

  /** Lists a key of `messages` under its case, so that it goes with it. */
  const indexKey = (number: number, key: string) =>
    records.update(COLLECTIONS.messageKeys, String(number), (current) => {
      const keys = keysOf(current);
      return keys.includes(key) ? current : JSON.stringify([...keys, key]);
    });

  /** What versions before the indexes of `pruneResolved` left (resolved cases, messages), listed there once: one scan of each. */
  async function indexOlderCases(): Promise<void> {
    if ((await records.get(COLLECTIONS.counter, INDEXED_ID)) !== undefined) return;
    for (const [id, text] of await records.all(COLLECTIONS.cases)) {
      const value = decodeCase(text);
      const at = value?.resolvedBy?.at;
      if (at !== undefined) await records.update(COLLECTIONS.resolved, id, (current) => current ?? String(at));
    }
    for (const [key, text] of await records.all(COLLECTIONS.messages)) {
      const number = key.startsWith("topic:") ? numberOf(text) : caseMessageOf(text)?.number;
      if (number !== undefined) await indexKey(number, key);
    }
    await records.update(COLLECTIONS.counter, INDEXED_ID, () => "1");
  }

  /** A resolved case goes, with its messages and its topic: the indexes first, so that a run cut short finds it again. */
  async function forget(number: number): Promise<void> {
    for (const key of keysOf(await records.get(COLLECTIONS.messageKeys, String(number)))) {
      await records.update(COLLECTIONS.messages, key, (current) => ((key.startsWith("topic:") ? numberOf(current) : caseMessageOf(current)?.number) === number ? undefined : current));
    }
    await records.update(COLLECTIONS.messageKeys, String(number), () => undefined);
    await records.update(COLLECTIONS.cases, String(number), (current) => {
      const value = decodeCase(current);
      return value && isOpen(value) ? current : undefined;
    });
    await records.update(COLLECTIONS.resolved, String(number), () => undefined);
  }

  const store: CaseStore = {
    load: async (number) => decodeCase(await records.get(COLLECTIONS.cases, String(number))),

    async change(number, step) {
      let outcome: { case: Case; result: ReturnType<typeof step>["result"] } | undefined;
      await records.update(COLLECTIONS.cases, String(number), (current) => {
        const value = decodeCase(current);
        if (!value) {
          outcome = undefined;
          return current;
        }
        outcome = step(value);
        return encodeCase(outcome.case);
      });
      return outcome;
    },

    async nextNumber() {
      const stored = await records.update(COLLECTIONS.counter, COUNTER_ID, (current) => String((numberOf(current) ?? 0) + 1));
      return numberOf(stored) ?? 1;
    },

    create: async (value) => void (await records.update(COLLECTIONS.cases, String(value.number), () => encodeCase(value))),
    discard: async (number) => void (await records.update(COLLECTIONS.cases, String(number), () => undefined)),

    caseOfPayment: async (key) => numberOf(await records.get(COLLECTIONS.payments, key)),

    async claimPayment(key, number, stale) {
      const held = await records.update(COLLECTIONS.payments, key, (current) => (current === undefined || numberOf(current) === stale ? String(number) : current));
      return numberOf(held) ?? number;
    },

    async listOpen(value) {
      await records.update(COLLECTIONS.open, String(value.number), () => String(value.openedAt));
      for (const agent of value.agents) await updateNumbers(agent.userId, (numbers) => (numbers.includes(value.number) ? numbers : [...numbers, value.number]));
    },

    addAgentCase: async (userId, number) => void (await updateNumbers(userId, (numbers) => (numbers.includes(number) ? numbers : [...numbers, number]))),

    async unlistOpen(value, key) {
      const resolvedAt = value.resolvedBy?.at;
      if (resolvedAt !== undefined) await records.update(COLLECTIONS.resolved, String(value.number), () => String(resolvedAt));
      await records.update(COLLECTIONS.payments, key, (current) => (numberOf(current) === value.number ? undefined : current));
      for (const agent of value.agents) await updateNumbers(agent.userId, (numbers) => numbers.filter((number) => number !== value.number));
      await records.update(COLLECTIONS.open, String(value.number), () => undefined);
    },

    async openCases() {
      const open = new Map<number, number>();
      for (const [id, openedAt] of await records.all(COLLECTIONS.open)) {
        const number = numberOf(id);
        if (number !== undefined) open.set(number, Number(openedAt));
      }
      return open;
    },

    agentCases: async (userId) => numbersOf(await records.get(COLLECTIONS.agents, String(userId))),

    async attachCard(number, card) {
      if (card.ownTopic && card.threadId !== undefined) await store.rememberTopic(card.chatId, card.threadId, number);
      await store.rememberMessage(card.chatId, card.messageId, number);
      return (await store.change(number, (value) => ({ case: value.card ? value : { ...value, card }, result: undefined })))?.case;
    },

    async recordTopic(number, topic) {
      const changed = await store.change(number, (value) => ({ case: value.topic ? value : { ...value, topic }, result: undefined }));
      const held = changed?.case.topic;
      if (held?.chatId === topic.chatId && held.threadId === topic.threadId) await store.rememberTopic(topic.chatId, topic.threadId, number);
      return held;
    },

    dropTopic: async (number) => void (await store.change(number, (value) => ({ case: { ...value, topic: undefined }, result: undefined }))),

    async rememberMessage(chatId, messageId, number, agentId) {
      const key = `${chatId}:${messageId}`;
      await records.update(COLLECTIONS.messages, key, () => (agentId === undefined ? String(number) : `${number}:${agentId}`));
      await indexKey(number, key);
    },
    caseOfMessage: async (chatId, messageId) => caseMessageOf(await records.get(COLLECTIONS.messages, `${chatId}:${messageId}`)),
    async rememberTopic(chatId, threadId, number) {
      const key = `topic:${chatId}:${threadId}`;
      await records.update(COLLECTIONS.messages, key, () => String(number));
      await indexKey(number, key);
    },
    caseOfTopic: async (chatId, threadId) => numberOf(await records.get(COLLECTIONS.messages, `topic:${chatId}:${threadId}`)),

    scheduleCheck: (number, at) => state.schedules.set(CHECKS, String(number), at),
    unscheduleCheck: (number) => state.schedules.remove(CHECKS, String(number)),
    async claimDueChecks(now, limit, leaseMs) {
      return (await state.schedules.claimDue(CHECKS, now, limit, leaseMs)).map(numberOf).filter((number): number is number => number !== undefined);
    },

    async pruneResolved(before, limit, pause) {
      await indexOlderCases();
      let forgotten = 0;
      for (const [id, resolvedAt] of await records.all(COLLECTIONS.resolved)) {
        if (forgotten >= limit) break;
        const number = numberOf(id);
        if (number === undefined) {
          await records.update(COLLECTIONS.resolved, id, () => undefined);
          continue;
        }
        if (Number(resolvedAt) >= before) continue;
        if (forgotten > 0) await pause?.();
        await forget(number);
        forgotten++;
      }
      return forgotten;
    },

    count: (what, at) => state.tallies.add([{ key: figuresKey(hourOf(at)), ttlMs: FIGURES_KEEP_MS, counts: new Map([[what, 1]]) }]),
    async counts(from, to) {
      const read = await state.tallies.read(hoursOverlapping(from, to).map(figuresKey));
      const total: CaseCounts = { opened: 0, resolved: 0 };
      for (const counts of read.values()) {
        total.opened += counts.get("opened") ?? 0;
        total.resolved += counts.get("resolved") ?? 0;
      }
      return total;
    },
  };
  return store;
}
