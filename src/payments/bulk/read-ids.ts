import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import Papa from "papaparse";
import { isValidTransactionId } from "../enquiry/transaction-id.ts";

/** A cell that is not a transaction ID: listed in the report, never asked about. */
export interface InvalidCell {
  /** 1-based record of the file (blank lines not counted). */
  row: number;
  cell: string;
}

/** Cells that are not IDs: the first ones as read, and how many there were in all. */
export interface InvalidCells {
  listed: InvalidCell[];
  total: number;
}

export type ReadIds =
  | { type: "ok"; ids: string[]; invalid: InvalidCells }
  /** Binary, or not UTF-8 (a spreadsheet, a zip renamed to .csv, a picture). */
  | { type: "not_text" }
  /** Nothing in it, or nothing that looks like an ID. */
  | { type: "no_ids"; invalid: number }
  | { type: "too_many"; count: number; max: number };

/**
 * Cells that are not IDs are listed up to this many (then counted): a file of half a million
 * junk lines must not become half a million report rows held in memory for the whole check.
 */
export const INVALID_CELLS_LISTED = 1_000;
/** A listed cell is shown up to this long: enough to recognise it. */
const INVALID_CELL_CHARACTERS = 100;
/**
 * The file is parsed this much at a time, and the event loop gets a turn in between: a slice
 * costs a few milliseconds whatever the file's shape, so other users' commands are never held up.
 */
const SLICE_BYTES = 64 * 1024;

/** Column names that hold the IDs, in any case. */
const ID_COLUMNS = new Set(["id", "transaction_id", "transactionid", "reference"]);
/** Files that are not text, whatever their name says: zip (xlsx, docx too), PDF, PNG, JPEG, GIF, old Office. */
const BINARY_SIGNATURES = [[0x50, 0x4b, 0x03, 0x04], [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0xd0, 0xcf, 0x11, 0xe0]];

/**
 * The transaction IDs in an uploaded .csv or .txt file: from the column named id, transaction_id,
 * transactionID or reference (any case), or else the first column. Comma-, semicolon- and
 * tab-separated files (the separator is guessed), with or without a BOM, CRLF or LF. Each ID once,
 * in the order first seen; cells that are not IDs are kept aside for the report (the first
 * {@link INVALID_CELLS_LISTED}, and a count). In a .txt file, a line may also hold several IDs
 * separated by spaces.
 *
 * Papa Parse reads the file in slices, yielding between them: its cost is linear whatever the
 * shape (csv-parse built an error, stack trace and all, for every row whose column count
 * differed from the first: 12 s for a hostile 1 MB file).
 */
export async function readIds(bytes: Uint8Array, fileName: string, max: number): Promise<ReadIds> {
  const text = decodeText(bytes);
  if (text === undefined) return { type: "not_text" };

  const ids = new Set<string>();
  const invalid: InvalidCells = { listed: [], total: 0 };
  let records = 0;
  let column = 0;
  let splitWords = false;
  const take = (row: readonly string[]) => {
    records++;
    if (records === 1) {
      const header = row.findIndex((cell) => ID_COLUMNS.has(cell.trim().toLowerCase()));
      column = Math.max(header, 0);
      splitWords = /\.txt$/i.test(fileName) && header < 0;
      if (header >= 0) return;
    }
    const cell = (row[column] ?? "").trim();
    for (const value of splitWords ? cell.split(/\s+/) : [cell]) {
      if (value === "") continue;
      if (isValidTransactionId(value)) {
        ids.add(value);
        continue;
      }
      invalid.total++;
      if (invalid.listed.length < INVALID_CELLS_LISTED) invalid.listed.push({ row: records, cell: value.slice(0, INVALID_CELL_CHARACTERS) });
    }
  };

  await new Promise<void>((resolve) => {
    // The typings know chunked parsing only for files; a string is parsed the same way.
    const slicedParsing = {
      delimitersToGuess: [",", ";", "\t"],
      skipEmptyLines: "greedy" as const,
      chunkSize: SLICE_BYTES,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        results.data.forEach(take);
        parser.pause();
        void yieldToEventLoop().then(() => parser.resume());
      },
      complete: () => resolve(),
    };
    Papa.parse<string[]>(text, slicedParsing);
  });

  if (ids.size === 0) return { type: "no_ids", invalid: invalid.total };
  if (ids.size > max) return { type: "too_many", count: ids.size, max };
  return { type: "ok", ids: [...ids], invalid };
}

function decodeText(bytes: Uint8Array): string | undefined {
  if (BINARY_SIGNATURES.some((signature) => signature.every((byte, at) => bytes[at] === byte))) return undefined;
  if (bytes.includes(0)) return undefined;
  try {
    // A BOM is dropped here (ignoreBOM: false), so the header's first cell reads as written.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8: the caller refuses the file as not text.
    return undefined;
  }
}
