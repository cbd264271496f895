import { stringify } from "csv-stringify/sync";
import { EXPORT_COLUMNS, exportRow, LATEST_COLUMNS, type LatestPerPayment } from "./export-rows.ts";
import type { HistoryEntry } from "../entry.ts";

/** Rows turned into CSV at a time: a chunk of a few hundred kilobytes, the event loop free in between. */
const ROWS_PER_CHUNK = 500;

const csv = (rows: string[][]) => stringify(rows, { record_delimiter: "windows" });
const header = (columns: readonly string[]) => Buffer.from(`\ufeff${csv([[...columns]])}`, "utf8");

/**
 * Entries as a CSV document that Excel and LibreOffice open as written (UTF-8 with a BOM, RFC 4180
 * quoting, CRLF, every cell neutralised), made chunk by chunk as the entries are read: an export of
 * a hundred thousand entries is never held whole. `seen` hears of each entry written (the count for
 * the progress, the latest status per payment for the second file).
 */
export async function* exportCsv(entries: AsyncIterable<HistoryEntry>, iso: (at: number) => string, seen?: (entry: HistoryEntry) => void): AsyncGenerator<Uint8Array> {
  yield header(EXPORT_COLUMNS);
  let rows: string[][] = [];
  for await (const entry of entries) {
    seen?.(entry);
    rows.push(exportRow(entry, iso));
    if (rows.length >= ROWS_PER_CHUNK) {
      yield Buffer.from(csv(rows), "utf8");
      rows = [];
    }
  }
  if (rows.length > 0) yield Buffer.from(csv(rows), "utf8");
}

/** The second file: the latest status of each payment in the range, as reconciliation needs it. */
export function latestCsv(latest: LatestPerPayment, iso: (at: number) => string): Buffer {
  return Buffer.concat([header(LATEST_COLUMNS), Buffer.from(csv(latest.rows(iso)), "utf8")]);
}
