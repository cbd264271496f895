import { describe, expect, it } from "vitest";
import { encodeEntry, paymentKey, type HistoryEntry } from "../../../src/payments/history/entry.ts";
import { readTimeline } from "../../../src/payments/history/read-timeline.ts";
import { journalCursor, type Journal, type JournalRow } from "../../../src/state/journal.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");

/** A journal of a few payments' entries in memory, paged as the stores page (cursors after the last row). */
function journalOf(entries: HistoryEntry[]): Journal & { pages: number } {
  const rows = new Map<string, JournalRow[]>();
  entries.forEach((entry, seq) => {
    const key = paymentKey(entry.kind, entry.transactionId);
    rows.set(key, [...(rows.get(key) ?? []), { cursor: journalCursor(entry.at, seq), at: entry.at, data: encodeEntry(entry) }]);
  });
  const unused = () => Promise.reject(new Error("not read by a timeline"));
  const journal = {
    pages: 0,
    append: unused,
    forPerson: unused,
    range: unused,
    latest: unused,
    removeBefore: unused,
    forPayment: async (payment: string, page: { after?: string | undefined; limit: number }) => {
      journal.pages++;
      const all = rows.get(payment) ?? [];
      const from = page.after === undefined ? 0 : all.findIndex((row) => row.cursor === page.after) + 1;
      return all.slice(from, from + page.limit);
    },
  };
  return journal;
}

const answer = (at: number, kind: HistoryEntry["kind"], status: string, who = 1): HistoryEntry => ({
  at,
  event: "answer",
  kind,
  transactionId: "TX-1",
  said: { type: "found", status },
  who: { id: who, name: `Agent ${who}` },
  how: "command",
});

describe("a payment's timeline read from the journal", () => {
  it("merges both kinds' entries by time over several pages, the first kind's first on a tie", async () => {
    // 1,500 collection answers and 1,200 airtime ones, interleaved, some in the same millisecond; every answer a change.
    const entries = [
      ...Array.from({ length: 1_500 }, (_, n) => answer(T0 + n * 10, "collection", n % 2 ? "PENDING" : "SUCCESS")),
      ...Array.from({ length: 1_200 }, (_, n) => answer(T0 + n * 15, "airtime", n % 2 ? "FAILED" : "PROCESSING")),
    ];
    const journal = journalOf(entries);
    const timeline = await readTimeline(journal, "status", "TX-1", { userId: 1, admin: true, inSupportChat: false, mayAsk: true }, "everything");
    expect(timeline.entries).toBe(2_700);
    const read = timeline.lines.flatMap((line) => (line.type === "answer" ? [line.entry] : []));
    const expected = [...entries].sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === "collection" ? -1 : 1));
    // Statuses alternate within a kind and differ between kinds: every answer is a line of its own.
    expect(read.map((entry) => `${entry.at} ${entry.kind}`)).toEqual(expected.map((entry) => `${entry.at} ${entry.kind}`));
    expect(timeline.lastSaid).toEqual(expected.at(-1)?.said);
    // Two pages of collection's (1,000 and 500), two of airtime's (1,000 and 200).
    expect(journal.pages).toBe(4);
  });

  it("fails as the store fails when a page read ahead cannot be read", async () => {
    const journal = journalOf(Array.from({ length: 1_200 }, (_, n) => answer(T0 + n, "collection", n % 2 ? "PENDING" : "SUCCESS")));
    const read = journal.forPayment.bind(journal);
    journal.forPayment = (payment, page) => (page.after === undefined ? read(payment, page) : Promise.reject(new Error("store unavailable")));
    await expect(readTimeline(journal, "collection", "TX-1", { userId: 1, admin: true, inSupportChat: false, mayAsk: true }, "everything")).rejects.toThrow("store unavailable");
  });

  it("reads one kind alone, and nothing for a reader who may see nothing", async () => {
    const journal = journalOf([answer(T0, "collection", "PENDING"), answer(T0 + 1, "airtime", "SUCCESS"), answer(T0 + 2, "collection", "SUCCESS")]);
    const mine = await readTimeline(journal, "collection", "TX-1", { userId: 1, admin: false, inSupportChat: false, mayAsk: true }, "own-and-changes");
    expect(mine.entries).toBe(2);
    expect(mine.status).toBe("SUCCESS");
    const nothing = await readTimeline(journal, "status", "TX-1", { userId: 2, admin: false, inSupportChat: false, mayAsk: false }, "nothing");
    expect(nothing.entries).toBe(0);
  });
});
