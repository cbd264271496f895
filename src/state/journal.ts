/**
 * The journal: a log of what the bot told whom about each payment (payments/history/ gives it its
 * meaning). Unlike records it holds millions of entries, appended and read back by range: by time
 * (an export), by payment (a timeline) and by person (one's own checks), and it forgets what is
 * older than the retention. Both adapters keep, beside the log, each payment's latest status, so
 * that a background check that changed nothing is known as such without reading the timeline.
 */
export interface Journal {
  /** Appends one entry: false when it was dropped as unchanged (see `JournalAppend.onlyIfChanged`). */
  append(entry: JournalAppend): Promise<boolean>;
  /** A payment's entries, oldest first, after `after` (a row's `cursor`). */
  forPayment(payment: string, page: JournalPage): Promise<JournalRow[]>;
  /** A person's entries, newest first, before `after` (a row's `cursor`). */
  forPerson(person: string, page: JournalPage): Promise<JournalRow[]>;
  /** Entries with `from <= at < to`, oldest first, after `after` (a row's `cursor`). */
  range(from: number, to: number, page: JournalPage): Promise<JournalRow[]>;
  /** The latest status kept for each payment asked (missing: none known, or forgotten). */
  latest(payments: readonly string[]): Promise<Map<string, string>>;
  /** Removes up to `limit` entries older than `before`: how many went. Small batches never hold anything up. */
  removeBefore(before: number, limit: number): Promise<number>;
}

export interface JournalAppend {
  /** When it happened (ms since the epoch). */
  at: number;
  /** The payment it is about (its kind and ID). */
  payment: string;
  /** Who asked, when someone did. */
  person: string | undefined;
  /** The payment's status as this entry tells it, when it tells one: kept as the payment's latest. */
  status: string | undefined;
  /** A background check: appended only when `status` is known and differs from the latest kept. */
  onlyIfChanged: boolean;
  /** The entry itself, as compact JSON. */
  data: string;
  /** How long entries are kept: what is older goes on append where the store trims by age (Redis). */
  retentionMs: number;
}

export interface JournalPage {
  /** The cursor of the last row of the previous page; none for the first page. */
  after?: string | undefined;
  limit: number;
}

export interface JournalRow {
  /** Where a page that follows this row starts: opaque, stable, unique. */
  cursor: string;
  at: number;
  data: string;
}

/** A cursor is the entry's time and its sequence number, which breaks ties between entries of the same millisecond. */
export const journalCursor = (at: number, seq: number | string): string => `${at}:${seq}`;

export function readCursor(cursor: string | undefined): { at: number; seq: number } | undefined {
  const match = cursor === undefined ? null : /^(\d+):(\d+)$/.exec(cursor);
  return match ? { at: Number(match[1]), seq: Number(match[2]) } : undefined;
}
