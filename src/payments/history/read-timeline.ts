import type { Journal } from "../../state/journal.ts";
import { kindsFor, type Scope } from "../query.ts";
import { decodeEntry, paymentKey, type HistoryEntry } from "./entry.ts";
import { timelineFolder, type Timeline } from "./timeline.ts";
import type { HistoryReader, HistoryView } from "./visibility.ts";

/** Entries read a page at a time; a timeline longer than the cap is read from its start up to it. */
const PAGE = 1_000;
const MOST_ENTRIES = 50_000;

/** One kind's entries of a payment, read a page at a time: the page's entries and how far they were taken. */
interface Source {
  payment: string;
  entries: HistoryEntry[];
  next: number;
  cursor: string | undefined;
  done: boolean;
}

/** A payment's entries (both kinds' for `status`), oldest first, a page at a time. */
async function* paymentEntries(journal: Journal, scope: Scope, id: string): AsyncGenerator<HistoryEntry> {
  const sources: Source[] = kindsFor(scope).map((kind) => ({ payment: paymentKey(kind, id), entries: [], next: 0, cursor: undefined, done: false }));
  /** The source's next entry, its next page read when it has none left (undefined: none left at all). */
  const head = async (source: Source): Promise<HistoryEntry | undefined> => {
    while (source.next >= source.entries.length && !source.done) {
      const rows = await journal.forPayment(source.payment, { after: source.cursor, limit: PAGE });
      source.done = rows.length < PAGE;
      source.cursor = rows.at(-1)?.cursor;
      source.entries = [];
      source.next = 0;
      for (const row of rows) {
        const entry = decodeEntry(row.data);
        if (entry) source.entries.push(entry);
      }
    }
    return source.entries[source.next];
  };
  for (let read = 0; read < MOST_ENTRIES; read++) {
    // The earliest of each kind's next entry (the first kind's on a tie): the two kinds' timelines merged by time.
    let earliest: { source: Source; entry: HistoryEntry } | undefined;
    for (const source of sources) {
      const entry = await head(source);
      if (entry && (earliest === undefined || entry.at < earliest.entry.at)) earliest = { source, entry };
    }
    if (!earliest) return;
    earliest.source.next++;
    yield earliest.entry;
  }
}

/** A payment's timeline as one reader sees it, folded as it is read (never held whole). */
export async function readTimeline(journal: Journal, scope: Scope, id: string, reader: HistoryReader, view: HistoryView): Promise<Timeline> {
  const folder = timelineFolder(reader, view);
  if (view === "nothing") return folder.finish();
  // An event of a watch on both kinds is written on each kind's timeline: shown once when both are read.
  let lastEvent: string | undefined;
  for await (const entry of paymentEntries(journal, scope, id)) {
    const event = entry.event === "answer" ? undefined : `${entry.at}|${entry.event}|${entry.who?.id ?? ""}|${entry.caseNumber ?? ""}`;
    if (event !== undefined && event === lastEvent) continue;
    lastEvent = event;
    folder.add(entry);
  }
  return folder.finish();
}
