import { setImmediate } from "node:timers/promises";
import { stringify } from "csv-stringify/sync";
import { EXPORT_COLUMNS, exportRow, LATEST_COLUMNS, type LatestPerPayment } from "./export-rows.ts";
import type { HistoryEntry } from "../entry.ts";

/**
 * Rows turned into CSV at a time: a chunk of about 12 kilobytes, a millisecond or so of work. After
 * each, the event loop gets a turn: the rows may come without any I/O between them (SQLite answers
 * at once, and a socket that takes everything never makes the stream wait), and a command, which
 * waits for I/O several times, must not wait behind a long slice at each.
 */
const ROWS_PER_CHUNK = 50;

const csv = (rows: string[][]) => stringify(rows, { record_delimiter: "windows" });
const header = (columns: readonly string[]) => Buffer.from(`\ufeff${csv([[...columns]])}`, "utf8");

async function* inChunks(rows: AsyncIterable<string[]> | Iterable<string[]>): AsyncGenerator<Uint8Array> {
  let chunk: string[][] = [];
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= ROWS_PER_CHUNK) {
      yield Buffer.from(csv(chunk), "utf8");
      chunk = [];
      await setImmediate();
    }
  }
  if (chunk.length > 0) yield Buffer.from(csv(chunk), "utf8");
}

/**
 * Entries as a CSV document that Excel and LibreOffice open as written (UTF-8 with a BOM, RFC 4180
 * quoting, CRLF, every cell neutralised), made chunk by chunk as the entries are read: an export of
 * a hundred thousand entries is never held whole. `seen` hears of each entry written (the count for
 * the progress, the latest status per payment for the second file).
 */
export async function* exportCsv(entries: AsyncIterable<HistoryEntry>, iso: (at: number) => string, seen?: (entry: HistoryEntry) => void): AsyncGenerator<Uint8Array> {
  yield header(EXPORT_COLUMNS);
  yield* inChunks(
    (async function* () {
      for await (const entry of entries) {
        seen?.(entry);
        yield exportRow(entry, iso);
      }
    })(),
  );
}

/** The second file: the latest status of each payment in the range, as reconciliation needs it, written chunk by chunk as the first. */
export async function* latestCsv(latest: LatestPerPayment, iso: (at: number) => string): AsyncGenerator<Uint8Array> {
  yield header(LATEST_COLUMNS);
  yield* inChunks(latest.eachRow(iso));
}
