import { parse, type Options } from "csv-parse/sync";
import { isValidTransactionId } from "../enquiry/transaction-id.ts";

/** A cell that is not a transaction ID: listed in the report, never asked about. */
export interface InvalidCell {
  /** 1-based row of the file. */
  row: number;
  cell: string;
}

export type ReadIds =
  | { type: "ok"; ids: string[]; invalid: InvalidCell[] }
  /** Binary, or not UTF-8 (a spreadsheet, a zip renamed to .csv, a picture). */
  | { type: "not_text" }
  /** Nothing in it, or nothing that looks like an ID. */
  | { type: "no_ids"; invalid: number }
  | { type: "too_many"; count: number; max: number };

/** Column names that hold the IDs, in any case. */
const ID_COLUMNS = new Set(["id", "transaction_id", "transactionid", "reference"]);
const DELIMITERS = [",", ";", "\t"] as const;
/** Files that are not text, whatever their name says: zip (xlsx, docx too), PDF, PNG, JPEG, GIF, old Office. */
const BINARY_SIGNATURES = [[0x50, 0x4b, 0x03, 0x04], [0x25, 0x50, 0x44, 0x46], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0xd0, 0xcf, 0x11, 0xe0]];

/**
 * The transaction IDs in an uploaded .csv or .txt file: from the column named id, transaction_id,
 * transactionID or reference (any case), or else the first column. Comma-, semicolon- and
 * tab-separated files, with or without a BOM, CRLF or LF. Each ID once, in the order first seen;
 * cells that are not IDs are kept aside for the report. In a .txt file, a line may also hold
 * several IDs separated by spaces. Pure: the bytes in, the verdict out.
 */
export function readIds(bytes: Uint8Array, fileName: string, max: number): ReadIds {
  const text = decodeText(bytes);
  if (text === undefined) return { type: "not_text" };
  const rows = parseRows(text);
  if (rows.length === 0) return { type: "no_ids", invalid: 0 };

  const header = rows[0]?.findIndex((cell) => ID_COLUMNS.has(cell.trim().toLowerCase())) ?? -1;
  const column = Math.max(header, 0);
  const firstRow = header >= 0 ? 1 : 0;
  const splitWords = /\.txt$/i.test(fileName) && header < 0;

  const ids = new Set<string>();
  const invalid: InvalidCell[] = [];
  for (let index = firstRow; index < rows.length; index++) {
    const cell = (rows[index]?.[column] ?? "").trim();
    for (const value of splitWords ? cell.split(/\s+/) : [cell]) {
      if (value === "") continue;
      if (isValidTransactionId(value)) ids.add(value);
      else invalid.push({ row: index + 1, cell: value });
    }
  }
  if (ids.size === 0) return { type: "no_ids", invalid: invalid.length };
  if (ids.size > max) return { type: "too_many", count: ids.size, max };
  return { type: "ok", ids: [...ids], invalid };
}

function decodeText(bytes: Uint8Array): string | undefined {
  if (BINARY_SIGNATURES.some((signature) => signature.every((byte, at) => bytes[at] === byte))) return undefined;
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

function parseRows(text: string): string[][] {
  const delimiter = guessDelimiter(text);
  try {
    const options: Options = { delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true };
    return parse(text, options);
  } catch {
    // Quotes broken beyond repair: one cell per line is still better than nothing.
    return text.split(/\r?\n/).filter((line) => line.trim() !== "").map((line) => [line]);
  }
}

/** The separator of the first line that has one (outside quotes): European Excel writes semicolons. */
function guessDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const counts = DELIMITERS.map((delimiter) => ({ delimiter, count: unquoted.split(delimiter).length - 1 }));
  const best = counts.reduce((a, b) => (b.count > a.count ? b : a));
  return best.count > 0 ? best.delimiter : ",";
}
