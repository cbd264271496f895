import type { Journal, JournalRow } from "../../state/journal.ts";
import { kindsFor, type Scope } from "../query.ts";
import { decodeEntry, paymentKey, type HistoryEntry } from "./entry.ts";
import { timelineFolder, type Timeline, type TimelineLine } from "./timeline.ts";
import type { HistoryReader, HistoryView } from "./visibility.ts";

/** Entries read a page at a time; a timeline longer than the cap is read from its start up to it. */
const PAGE = 1_000;
const MOST_ENTRIES = 50_000;

/** One kind's entries of a payment, read a page at a time: the page's entries, how far they were taken, the next page asked for. */
interface Source {
  payment: string;
  entries: HistoryEntry[];
  next: number;
  cursor: string | undefined;
  done: boolean;
  coming: Promise<JournalRow[]> | undefined;
}

/**
 * A payment's entries (both kinds' for `status`), oldest first, each handed to `visit` as it is
 * read: a page at a time, the next page asked for before this one is decoded (Redis works on it
 * meanwhile), and no promise per entry (a timeline may have ten thousand).
 */
async function eachPaymentEntry(journal: Journal, scope: Scope, id: string, visit: (entry: HistoryEntry) => void): Promise<void> {
  const ask = (source: Source): Promise<JournalRow[]> => {
    const page = journal.forPayment(source.payment, { after: source.cursor, limit: PAGE });
    // Awaited when its turn comes; until then (or if the cap comes first) its failure is nobody's to hear.
    page.catch(() => undefined);
    return page;
  };
  const refill = async (source: Source): Promise<void> => {
    while (source.next >= source.entries.length && !source.done) {
      const rows = await (source.coming ?? ask(source));
      source.done = rows.length < PAGE;
      source.cursor = rows.at(-1)?.cursor;
      source.coming = source.done ? undefined : ask(source);
      source.entries = [];
      source.next = 0;
      for (const row of rows) {
        const entry = decodeEntry(row.data);
        if (entry) source.entries.push(entry);
      }
    }
  };
  const sources: Source[] = kindsFor(scope).map((kind) => ({ payment: paymentKey(kind, id), entries: [], next: 0, cursor: undefined, done: false, coming: undefined }));
  for (let read = 0; read < MOST_ENTRIES; read++) {
    // The earliest of each kind's next entry (the first kind's on a tie): the two kinds' timelines merged by time.
    let earliest: Source | undefined;
    for (const source of sources) {
      if (source.next >= source.entries.length) await refill(source);
      const entry = source.entries[source.next];
      if (entry && (earliest === undefined || entry.at < (earliest.entries[earliest.next]?.at ?? Infinity))) earliest = source;
    }
    const entry = earliest?.entries[earliest.next++];
    if (!entry) return;
    visit(entry);
  }
}

/** A payment's timeline as one reader sees it, folded as it is read (never held whole); its lines to `emit` as they are made, when given. */
export async function readTimeline(journal: Journal, scope: Scope, id: string, reader: HistoryReader, view: HistoryView, emit?: (line: TimelineLine) => void): Promise<Timeline> {
  const folder = timelineFolder(reader, view, emit);
  if (view === "nothing") return folder.finish();
  // An event of a watch on both kinds is written on each kind's timeline: shown once when both are read.
  let lastEvent: string | undefined;
  await eachPaymentEntry(journal, scope, id, (entry) => {
    const event = entry.event === "answer" ? undefined : `${entry.at}|${entry.event}|${entry.who?.id ?? ""}|${entry.caseNumber ?? ""}`;
    if (event !== undefined && event === lastEvent) return;
    lastEvent = event;
    folder.add(entry);
  });
  return folder.finish();
}
