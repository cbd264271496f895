import { statusOf, type HistoryEntry, type HistoryPerson, type Said } from "./entry.ts";
import { showPerson, type HistoryReader, type HistoryView, type Shown } from "./visibility.ts";

/** One line of a payment's timeline as one reader sees it. */
export type TimelineLine =
  /** An answer shown: the first, one that told something new, or the reader's own. */
  | { type: "answer"; entry: HistoryEntry; who: Shown<HistoryPerson>; first: boolean; changed: boolean }
  /** A watch or a case: started, notified, opened, taken, resolved; a receipt made. */
  | { type: "event"; entry: HistoryEntry; who: Shown<HistoryPerson> }
  /** Answers that told nothing new, folded: "checked 7 more times by 3 people, still PENDING". */
  | { type: "repeats"; count: number; people: number; status: string | undefined };

export interface Timeline {
  lines: TimelineLine[];
  /** The status as last known (undefined: never told). */
  status: string | undefined;
  /** The last answer that told a status. */
  lastSaid: Said | undefined;
  /** Entries read. */
  entries: number;
}

/** What makes an answer the same as the one before: the status told, or why it could not check. */
const sameness = (said: Said | undefined): string => (said === undefined ? "" : said.type === "unknown" ? `?${said.cause}` : `=${statusOf(said) ?? ""}`);

/**
 * A payment's timeline, folded for one reader, from its entries oldest first: fed one at a time
 * (a timeline of ten thousand entries is never held whole), then `finish()`ed. Pure. Each line is
 * final once made: `emit` takes them as they come (then `lines` stays empty), so that a caller
 * can turn each into text at once and keep no entry longer than it takes.
 */
export function timelineFolder(reader: HistoryReader, view: HistoryView, emit?: (line: TimelineLine) => void) {
  const lines: TimelineLine[] = [];
  const push = emit ?? ((line: TimelineLine) => void lines.push(line));
  let status: string | undefined;
  let lastSaid: Said | undefined;
  let previous: string | undefined;
  let entries = 0;
  let repeats: { count: number; people: Set<number> } | undefined;
  const flush = () => {
    if (repeats) push({ type: "repeats", count: repeats.count, people: repeats.people.size, status });
    repeats = undefined;
  };
  const fold = (entry: HistoryEntry) => {
    repeats ??= { count: 0, people: new Set() };
    repeats.count++;
    if (entry.who) repeats.people.add(entry.who.id);
  };
  return {
    add(entry: HistoryEntry): void {
      if (view === "nothing") return;
      entries++;
      const who = showPerson(entry.who, reader, view);
      if (entry.event !== "answer") {
        flush();
        push({ type: "event", entry, who });
        // A receipt states what the provider said when it was made: the status as last known too.
        if (entry.event === "receipt-made" && statusOf(entry.said) !== undefined) {
          status = statusOf(entry.said);
          lastSaid = entry.said;
        }
        return;
      }
      const told = statusOf(entry.said);
      const first = previous === undefined;
      const changed = told !== undefined && status !== undefined && told !== status;
      const same = sameness(entry.said);
      const shown = view === "everything" ? first || same !== previous : first || changed || who.type === "you";
      previous = same;
      if (shown) {
        flush();
        push({ type: "answer", entry, who, first, changed });
      } else fold(entry);
      if (told !== undefined) {
        status = told;
        lastSaid = entry.said;
      }
    },
    finish(): Timeline {
      flush();
      return { lines, status, lastSaid, entries };
    },
  };
}

/** The whole timeline at once (tests, short histories). */
export function foldTimeline(entries: Iterable<HistoryEntry>, reader: HistoryReader, view: HistoryView): Timeline {
  const folder = timelineFolder(reader, view);
  for (const entry of entries) folder.add(entry);
  return folder.finish();
}
