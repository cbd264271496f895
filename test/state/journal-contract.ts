import { afterEach, describe, expect, it } from "vitest";
import type { Journal, JournalAppend, JournalRow } from "../../src/state/journal.ts";
import type { ContractSubject } from "./contract.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const DAY = 86_400_000;
const entry = (at: number, payment: string, person: string | undefined, status: string | undefined, over: Partial<JournalAppend> = {}): JournalAppend => ({
  at,
  payment,
  person,
  status,
  onlyIfChanged: false,
  data: JSON.stringify({ at, payment, person, status }),
  retentionMs: 90 * DAY,
  ...over,
});
const ats = (rows: JournalRow[]) => rows.map((row) => row.at);

async function readAll(read: (after: string | undefined) => Promise<JournalRow[]>): Promise<JournalRow[]> {
  const all: JournalRow[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length === 0) return all;
    all.push(...page);
    after = page.at(-1)?.cursor;
  }
}

/**
 * The journal's behaviour, the same over both stores: appended, read back by payment (oldest
 * first), by person (newest first) and by time, a page at a time; background checks that change
 * nothing dropped; old entries removed.
 */
export function describeJournalContract(name: string, open: () => Promise<ContractSubject>, options: { skip?: string } = {}): void {
  describe.skipIf(options.skip !== undefined)(`journal contract: ${name}`, () => {
    let subject: ContractSubject | undefined;
    const journal = async (): Promise<Journal> => {
      subject = await open();
      return subject.store.journal;
    };
    afterEach(async () => {
      await subject?.dispose();
      subject = undefined;
    });

    it("reads a payment oldest first, a person newest first, and a range of time", async () => {
      const j = await journal();
      await j.append(entry(T0 + 2000, "collection:A", "1", "PENDING"));
      await j.append(entry(T0, "collection:A", "2", "PENDING"));
      await j.append(entry(T0 + 1000, "airtime:B", "1", "SUCCESS"));
      await j.append(entry(T0 + 3000, "collection:A", undefined, "SUCCESS"));
      expect(ats(await j.forPayment("collection:A", { limit: 10 }))).toEqual([T0, T0 + 2000, T0 + 3000]);
      expect(ats(await j.forPerson("1", { limit: 10 }))).toEqual([T0 + 2000, T0 + 1000]);
      expect(ats(await j.range(T0 + 1000, T0 + 3000, { limit: 10 }))).toEqual([T0 + 1000, T0 + 2000]);
      expect(await j.forPayment("collection:none", { limit: 10 })).toEqual([]);
      const [first] = await j.forPayment("airtime:B", { limit: 1 });
      expect(JSON.parse(first?.data ?? "{}")).toMatchObject({ payment: "airtime:B", status: "SUCCESS" });
    });

    it("pages through entries of the same millisecond without losing or repeating one", async () => {
      const j = await journal();
      for (let i = 0; i < 25; i++) await j.append(entry(T0 + Math.floor(i / 4), "collection:P", "7", "PENDING", { data: `{"n":${i}}` }));
      const numbers = (rows: JournalRow[]) => rows.map((row) => (JSON.parse(row.data) as { n: number }).n);
      const byPayment = await readAll((after) => j.forPayment("collection:P", { after, limit: 3 }));
      expect(numbers(byPayment)).toEqual([...Array(25).keys()]);
      const byPerson = await readAll((after) => j.forPerson("7", { after, limit: 4 }));
      expect(numbers(byPerson)).toEqual([...Array(25).keys()].reverse());
      const byTime = await readAll((after) => j.range(T0, T0 + 10, { after, limit: 5 }));
      expect(numbers(byTime)).toEqual([...Array(25).keys()]);
      expect(new Set(byTime.map((row) => row.cursor)).size).toBe(25);
    });

    it("keeps each payment's latest status, and drops a background check that changed nothing", async () => {
      const j = await journal();
      expect(await j.append(entry(T0, "collection:W", "1", "PENDING"))).toBe(true);
      expect(await j.append(entry(T0 + 1, "collection:W", undefined, "PENDING", { onlyIfChanged: true }))).toBe(false);
      expect(await j.append(entry(T0 + 2, "collection:W", undefined, undefined, { onlyIfChanged: true }))).toBe(false);
      // Someone asking is always an entry, whatever it says.
      expect(await j.append(entry(T0 + 3, "collection:W", "2", "PENDING"))).toBe(true);
      expect(await j.append(entry(T0 + 4, "collection:W", "2", undefined))).toBe(true);
      expect(await j.append(entry(T0 + 5, "collection:W", undefined, "SUCCESS", { onlyIfChanged: true }))).toBe(true);
      expect(ats(await j.forPayment("collection:W", { limit: 10 }))).toEqual([T0, T0 + 3, T0 + 4, T0 + 5]);
      expect(await j.latest(["collection:W", "collection:none"])).toEqual(new Map([["collection:W", "SUCCESS"]]));
      expect(await j.latest([])).toEqual(new Map());
    });

    it("passes over removed entries in pages larger than a thousand, forwards and backwards", async () => {
      const j = await journal();
      await Promise.all(Array.from({ length: 2_500 }, (_, i) => j.append(entry(T0 + i, "collection:L", "8", "PENDING"))));
      // The first 1,000 go by time; a payment's and a person's index may still name them (Redis trims those as it appends).
      for (let removed = 0; removed < 1_000; ) removed += await j.removeBefore(T0 + 1_000, 500);
      const forwards = await j.forPayment("collection:L", { limit: 1_200 });
      expect(ats(forwards)).toEqual(Array.from({ length: 1_200 }, (_, i) => T0 + 1_000 + i));
      expect(ats(await j.forPayment("collection:L", { after: forwards.at(-1)?.cursor, limit: 1_200 }))).toEqual(Array.from({ length: 300 }, (_, i) => T0 + 2_200 + i));
      const backwards = await readAll((after) => j.forPerson("8", { after, limit: 1_100 }));
      expect(ats(backwards)).toEqual(Array.from({ length: 1_500 }, (_, i) => T0 + 2_499 - i));
      // 2,500 appends: half a second alone, several on a machine shared with other tests.
    }, 30_000);

    it("removes entries older than a time, a batch at a time", async () => {
      const j = await journal();
      for (let i = 0; i < 7; i++) await j.append(entry(T0 + i, `collection:R${i}`, "1", "PENDING"));
      await j.append(entry(T0 + DAY, "collection:R0", "1", "SUCCESS"));
      expect(await j.removeBefore(T0 + 5, 3)).toBe(3);
      expect(await j.removeBefore(T0 + 5, 3)).toBe(2);
      expect(await j.removeBefore(T0 + 5, 3)).toBe(0);
      expect(ats(await j.range(0, T0 + 2 * DAY, { limit: 50 }))).toEqual([T0 + 5, T0 + 6, T0 + DAY]);
      expect(ats(await j.forPayment("collection:R0", { limit: 10 }))).toEqual([T0 + DAY]);
      expect(ats(await j.forPerson("1", { limit: 10 }))).toEqual([T0 + DAY, T0 + 6, T0 + 5]);
    });
  });
}
