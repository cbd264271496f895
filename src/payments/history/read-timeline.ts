import type { Journal } from "../../state/journal.ts";
import { kindsFor, type Scope } from "../query.ts";
import { decodeEntry, paymentKey, type HistoryEntry } from "./entry.ts";
import { timelineFolder, type Timeline } from "./timeline.ts";
import type { HistoryReader, HistoryView } from "./visibility.ts";

/** Entries read a page at a time; a timeline longer than the cap is read from its start up to it. */
const PAGE = 1_000;
const MOST_ENTRIES = 50_000;

/** A payment's entries (both kinds' for `status`), oldest first, a page at a time. */
async function* paymentEntries(journal: Journal, scope: Scope, id: string): AsyncGenerator<HistoryEntry> {
  const cursors = new Map(kindsFor(scope).map((kind) => [paymentKey(kind, id), undefined as string | undefined]));
  const buffers = new Map<string, HistoryEntry[]>();
  const done = new Set<string>();
  const refill = async (payment: string) => {
    const rows = await journal.forPayment(payment, { after: cursors.get(payment), limit: PAGE });
    if (rows.length < PAGE) done.add(payment);
    cursors.set(payment, rows.at(-1)?.cursor);
    buffers.set(payment, rows.flatMap((row) => decodeEntry(row.data) ?? []));
  };
  for (const payment of cursors.keys()) await refill(payment);
  for (let read = 0; read < MOST_ENTRIES; read++) {
    // The earliest of each kind's next entry: the two kinds' timelines merged by time.
    let next: string | undefined;
    for (const payment of cursors.keys()) {
      if ((buffers.get(payment) ?? []).length === 0 && !done.has(payment)) await refill(payment);
      const head = buffers.get(payment)?.[0];
      if (head && (next === undefined || head.at < (buffers.get(next)?.[0]?.at ?? Infinity))) next = payment;
    }
    const entry = next === undefined ? undefined : buffers.get(next)?.shift();
    if (!entry) return;
    yield entry;
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
