import { journalCursor, readCursor, type Journal, type JournalAppend, type JournalPage, type JournalRow } from "../journal.ts";
import type { SqliteDatabase } from "./database.ts";

type Sync<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never };

/** Before every row: the first page's cursor, ascending. */
const START = { at: -1, seq: -1 };
/** After every row: the first page's cursor, descending. */
const END = { at: Number.MAX_SAFE_INTEGER, seq: Number.MAX_SAFE_INTEGER };

/**
 * The journal in the SQLite file: one table with an index per way it is read (time, payment,
 * person; each index ends in the row's id, which orders entries of the same millisecond), and each
 * payment's latest status in a table of its own. Writes go through the group commit with the rest.
 */
export function sqliteJournal(db: SqliteDatabase, write: <T>(op: () => T) => T): Sync<Journal> {
  const statements = {
    insert: db.prepare("INSERT INTO journal (at, payment, person, data) VALUES (?, ?, ?, ?)"),
    latestGet: db.prepare("SELECT status FROM journal_latest WHERE payment = ?"),
    latestSet: db.prepare("INSERT INTO journal_latest (payment, status, at) VALUES (?, ?, ?) ON CONFLICT (payment) DO UPDATE SET status = excluded.status, at = excluded.at"),
    latestMany: db.prepare("SELECT payment, status FROM journal_latest WHERE payment IN (SELECT value FROM json_each(?))"),
    forPayment: db.prepare("SELECT id, at, data FROM journal WHERE payment = ? AND (at, id) > (?, ?) ORDER BY at, id LIMIT ?"),
    forPerson: db.prepare("SELECT id, at, data FROM journal WHERE person = ? AND (at, id) < (?, ?) ORDER BY at DESC, id DESC LIMIT ?"),
    range: db.prepare("SELECT id, at, data FROM journal WHERE at >= ? AND at < ? AND (at, id) > (?, ?) ORDER BY at, id LIMIT ?"),
    remove: db.prepare("DELETE FROM journal WHERE id IN (SELECT id FROM journal WHERE at < ? ORDER BY at LIMIT ?)"),
    removeLatest: db.prepare("DELETE FROM journal_latest WHERE payment IN (SELECT payment FROM journal_latest WHERE at < ? ORDER BY at LIMIT ?)"),
  };
  const rows = (found: unknown[]): JournalRow[] => (found as { id: number; at: number; data: string }[]).map((row) => ({ cursor: journalCursor(Number(row.at), Number(row.id)), at: Number(row.at), data: row.data }));

  // Runs whole without yielding: the latest status read and the append cannot be split by another append.
  const append = (entry: JournalAppend): boolean => {
    const latest = (statements.latestGet.get(entry.payment) as { status: string } | undefined)?.status;
    if (entry.onlyIfChanged && (entry.status === undefined || entry.status === latest)) return false;
    write(() => {
      statements.insert.run(entry.at, entry.payment, entry.person ?? null, entry.data);
      if (entry.status !== undefined) statements.latestSet.run(entry.payment, entry.status, entry.at);
    });
    return true;
  };
  return {
    append,
    forPayment: (payment: string, page: JournalPage) => {
      const after = readCursor(page.after) ?? START;
      return rows(statements.forPayment.all(payment, after.at, after.seq, page.limit));
    },
    forPerson: (person: string, page: JournalPage) => {
      const before = readCursor(page.after) ?? END;
      return rows(statements.forPerson.all(person, before.at, before.seq, page.limit));
    },
    range: (from: number, to: number, page: JournalPage) => {
      const after = readCursor(page.after) ?? START;
      // The lowest time is the cursor's once past the first page: SQLite seeks the index to the
      // first bound on `at`, and with `from` there every page would walk the range from its start.
      return rows(statements.range.all(Math.max(from, after.at), to, after.at, after.seq, page.limit));
    },
    latest: (payments: readonly string[]) =>
      new Map((statements.latestMany.all(JSON.stringify(payments)) as { payment: string; status: string }[]).map((row) => [row.payment, row.status])),
    removeBefore: (before: number, limit: number) =>
      write(() => {
        const removed = statements.remove.run(before, limit).changes;
        statements.removeLatest.run(before, limit);
        return removed;
      }),
  };
}
