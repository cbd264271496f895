import { encodeEntry, paymentKey, type HistoryEntry } from "../../src/payments/history/entry.ts";
import { retentionMs } from "../../src/payments/history/retention.ts";
import type { Journal, JournalAppend } from "../../src/state/journal.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The bot's HISTORY_DAYS in the scenario (the default). */
export const HISTORY_DAYS = 90;

/** How the filled history is made up: one payment and one agent with many entries, a day to export, old entries to remove. */
export interface HistoryLayout {
  /** Entries within HISTORY_DAYS, in all. */
  total: number;
  /** Entries of the one payment /history is asked about. */
  payment: number;
  /** Checks of the one agent /mychecks is asked by. */
  person: number;
  /** Entries of yesterday (UTC): what a plain /export sends. */
  exported: number;
  /** Entries older than HISTORY_DAYS, added for the retention loop to remove. */
  old: number;
}

/** Who and what the filled history is about (users the rig allows). */
export const BUSY_PAYMENT = "COL-HIST-BUSY-1";
export const BUSY_AGENT = 20_000;
export const ADMIN = 30_000;
/** Others the entries name: 2,000 agents, 150,000 payments (a busy quarter). */
const AGENTS = 2_000;
const PAYMENTS = 150_000;
const STATUSES = ["SUCCESS", "SUCCESS", "SUCCESS", "PENDING", "FAILED"] as const;

const startOfDayUtc = (at: number) => at - (at % DAY_MS);

function entry(at: number, transactionId: string, person: number, n: number): HistoryEntry {
  const status = STATUSES[n % STATUSES.length] ?? "SUCCESS";
  return {
    at,
    event: "answer",
    kind: "collection",
    transactionId,
    said: { type: "found", status, mnoReference: `MP${String(n).padStart(10, "0")}`, serviceTransactionId: `3f0e6a4e-2c1b-4d8e-9a7f-${String(n % 1e12).padStart(12, "0")}`, reason: status === "FAILED" ? "Insufficient funds in the payer's wallet" : undefined },
    who: { id: person, name: `Agent ${person}` },
    where: { chatId: person, title: "private" },
    how: n % 7 === 0 ? "refresh" : "command",
  };
}

/** What the bot's recorder would append for this entry (`retentionMs` as HISTORY_DAYS makes it). */
function appended(item: HistoryEntry, keepMs = retentionMs(HISTORY_DAYS)): JournalAppend {
  const status = item.said?.type === "found" ? item.said.status : undefined;
  return { at: item.at, payment: paymentKey(item.kind, item.transactionId), person: item.who && String(item.who.id), status, onlyIfChanged: false, data: encodeEntry(item), retentionMs: keepMs };
}

/**
 * The history within HISTORY_DAYS, oldest first: `exported` entries spread over yesterday (UTC);
 * the rest over the 85 days before, among which every so often one of the busy payment's and
 * one of the busy agent's (some entries are both).
 */
export function* recentEntries(layout: HistoryLayout, now: number): Generator<JournalAppend> {
  const yesterday = startOfDayUtc(now) - DAY_MS;
  const earlier = layout.total - layout.exported;
  const from = yesterday - 85 * DAY_MS;
  const step = (yesterday - from) / earlier;
  const everyPayment = Math.floor(earlier / layout.payment);
  const everyPerson = Math.floor(earlier / layout.person);
  let payments = 0;
  let persons = 0;
  for (let i = 0; i < earlier; i++) {
    const busyPayment = i % everyPayment === 0 && payments++ < layout.payment;
    const busyPerson = i % everyPerson === 0 && persons++ < layout.person;
    const person = busyPerson ? BUSY_AGENT : 10_000 + (i % AGENTS);
    yield appended(entry(Math.floor(from + i * step), busyPayment ? BUSY_PAYMENT : `TX-${i % PAYMENTS}`, person, i));
  }
  const exportStep = DAY_MS / layout.exported;
  for (let i = 0; i < layout.exported; i++) yield appended(entry(Math.floor(yesterday + i * exportStep), `TX-${(i * 7) % PAYMENTS}`, 10_000 + (i % AGENTS), i));
}

/** Entries older than HISTORY_DAYS (from 100 to 91 days ago), for the retention loop; kept on append (a longer retention). */
export function* oldEntries(layout: HistoryLayout, now: number): Generator<JournalAppend> {
  const from = now - 100 * DAY_MS;
  const step = (9 * DAY_MS) / layout.old;
  for (let i = 0; i < layout.old; i++) yield appended(entry(Math.floor(from + i * step), `TX-${i % PAYMENTS}`, 10_000 + (i % AGENTS), i), retentionMs(3650));
}

/** Everything older than this is the retention loop's to remove. */
export const oldBefore = (now: number): number => now - (HISTORY_DAYS + 0.5) * DAY_MS;

/**
 * Appends through the Journal port, as the bot does, in large batches at once: SQLite commits a
 * batch in one transaction (the group commit), Redis pipelines it. Returns entries a second.
 */
export async function fillJournal(journal: Journal, entries: Iterable<JournalAppend>, batch = 5_000): Promise<number> {
  const started = performance.now();
  let pending: Promise<boolean>[] = [];
  let count = 0;
  for (const item of entries) {
    pending.push(journal.append(item));
    count++;
    if (pending.length >= batch) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return count / ((performance.now() - started) / 1000);
}
