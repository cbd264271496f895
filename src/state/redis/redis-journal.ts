import { journalCursor, readCursor, type Journal, type JournalPage, type JournalRow } from "../journal.ts";
import type { Scripted } from "./scripts.ts";

/** Old entries trimmed by each append at most: the retention keeps up with appends without ever a long script. */
const TRIM_ON_APPEND = 20;

/**
 * The journal in Redis: the entries in one hash, indexed by time in sorted sets (every entry, a
 * payment's, a person's); each payment's latest status in a key of its own. An append is one
 * script (one round trip), which also trims what is older than the retention; every key lapses
 * once nothing was appended to it for as long. Pages are read by one script each.
 */
export function redisJournal(client: Scripted, key: (name: string) => string, run: <T>(command: () => Promise<T>) => Promise<T>): Journal {
  const byTime = key("journal:time");
  const entries = key("journal:entries");
  const byPayment = (payment: string) => key(`journal:payment:${payment}`);
  const byPerson = (person: string) => key(`journal:person:${person}`);
  const latestKey = (payment: string) => key(`journal:latest:${payment}`);

  const page = (index: string, direction: "asc" | "desc", low: string, high: string, { after, limit }: JournalPage) =>
    run(async () => {
      const cursor = readCursor(after);
      const found = await client.journalPage(index, entries, direction, low, high, cursor ? cursor.at : "", cursor ? String(cursor.seq).padStart(16, "0") : "", limit);
      const rows: JournalRow[] = [];
      for (let i = 0; i + 2 < found.length; i += 3) {
        const at = Number(found[i + 1]);
        rows.push({ cursor: journalCursor(at, Number(found[i])), at, data: found[i + 2] ?? "" });
      }
      return rows;
    });

  return {
    append: (entry) =>
      run(
        async () =>
          (await client.journalAppend(
            key("journal:seq"),
            byTime,
            entries,
            byPayment(entry.payment),
            byPerson(entry.person ?? ""),
            latestKey(entry.payment),
            entry.at,
            entry.status ?? "",
            entry.onlyIfChanged ? 1 : 0,
            entry.data,
            Math.max(1, entry.retentionMs),
            entry.person === undefined ? 0 : 1,
            TRIM_ON_APPEND,
          )) === 1,
      ),
    forPayment: (payment, options) => page(byPayment(payment), "asc", "-inf", "+inf", options),
    forPerson: (person, options) => page(byPerson(person), "desc", "-inf", "+inf", options),
    range: (from, to, options) => page(byTime, "asc", String(from), `(${to}`, options),
    latest: (payments) =>
      run(async () => {
        const latest = new Map<string, string>();
        if (payments.length === 0) return latest;
        const values = await client.mget(...payments.map(latestKey));
        payments.forEach((payment, index) => {
          const value = values[index];
          if (value !== null && value !== undefined) latest.set(payment, value);
        });
        return latest;
      }),
    removeBefore: (before, limit) => run(() => client.journalTrim(byTime, entries, before, limit)),
  };
}
