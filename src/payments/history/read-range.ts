import type { Journal } from "../../state/journal.ts";
import { decodeEntry, type HistoryEntry } from "./entry.ts";
import { matchesFilters, type ExportFilters } from "./export/export-request.ts";

/**
 * Entries read from the store at a time: one round trip each, under a hundred kilobytes. A page is
 * read (SQLite) or parsed (Redis) in one piece, so it is kept to about a millisecond that other
 * updates wait behind; 250 rather than 1,000 made an export a tenth longer and its pauses half.
 */
const PAGE = 250;

/** Every entry with `from <= at < to` that passes the filters, oldest first, read page by page (never all at once). */
export async function* rangeEntries(journal: Journal, from: number, to: number, filters: ExportFilters = {}): AsyncGenerator<HistoryEntry> {
  let after: string | undefined;
  for (;;) {
    const rows = await journal.range(from, to, { after, limit: PAGE });
    for (const row of rows) {
      const entry = decodeEntry(row.data);
      if (entry && matchesFilters(entry, filters)) yield entry;
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)?.cursor;
  }
}

/** The first entry of `entries` and the rest after it, or undefined when there is none (an export says so before sending a file). */
export async function firstAndRest(entries: AsyncGenerator<HistoryEntry>): Promise<AsyncGenerator<HistoryEntry> | undefined> {
  const first = await entries.next();
  if (first.done) return undefined;
  return (async function* () {
    yield first.value;
    yield* entries;
  })();
}
