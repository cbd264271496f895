import type { ReceiptRecords } from "../receipt-records.ts";
import type { SqliteDatabase } from "./database.ts";

/** How the SQLite store runs a call: refused while the file cannot be written, writes batched into its commit. */
export interface SqliteCalls {
  available: <A extends unknown[], R>(call: (...args: A) => R) => (...args: A) => Promise<R>;
  write: <T>(op: () => T) => T;
  now: () => number;
}

/**
 * Receipts in their own table (hash, value, expiry), and their counter in a table of one row per
 * counter; what expired is deleted with the rest of the sweep. Each call runs whole without
 * yielding: no other call comes in between a read and its write.
 */
export function sqliteReceiptRecords(db: SqliteDatabase, { available, write, now }: SqliteCalls): { records: ReceiptRecords; sweep: (limit: number) => number } {
  const statements = {
    get: db.prepare("SELECT value FROM receipts WHERE hash = ? AND expires_at > ?"),
    // Inserts, or replaces a receipt that expired but was not swept yet; a live one stays.
    add: db.prepare("INSERT INTO receipts (hash, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (hash) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at WHERE receipts.expires_at <= ?"),
    set: db.prepare("UPDATE receipts SET value = ? WHERE hash = ?"),
    next: db.prepare("INSERT INTO receipt_numbers (name, last) VALUES ('receipts', 1) ON CONFLICT (name) DO UPDATE SET last = last + 1 RETURNING last"),
    sweep: db.prepare("DELETE FROM receipts WHERE hash IN (SELECT hash FROM receipts WHERE expires_at <= ? LIMIT ?)"),
  };
  const get = (hash: string) => (statements.get.get(hash, now()) as { value: string } | undefined)?.value;
  const records: ReceiptRecords = {
    nextNumber: available(() => Number(write(() => (statements.next.get() as { last: number | bigint }).last))),
    add: available((hash: string, value: string, expiresAt: number) => write(() => statements.add.run(hash, value, expiresAt, now()).changes > 0)),
    get: available(get),
    update: available((hash: string, change: (current: string) => string) => {
      const current = get(hash);
      if (current === undefined) return undefined;
      const next = change(current);
      if (next !== current) write(() => statements.set.run(next, hash));
      return next;
    }),
  };
  return { records, sweep: (limit) => statements.sweep.run(now(), limit).changes };
}
