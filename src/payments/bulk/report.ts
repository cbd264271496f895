import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { stringify } from "csv-stringify/sync";
import { cleanServiceText } from "../../util/service-text.ts";
import { paymentState, type EnquiryOutcome, type OutcomeType } from "../enquiry/types.ts";
import { relevantOutcomes, type IdResult } from "../query.ts";
import type { InvalidCells } from "./read-ids.ts";

export const REPORT_COLUMNS = ["transaction_id", "kind", "outcome", "payment_status", "mno_reference", "failure_reason", "service_transaction_id", "checked_at"] as const;

/** What the summary counts. */
export type Verdict = "success" | "failed" | "not_final" | "not_found" | "could_not_check";

export interface ReportRow {
  transactionId: string;
  kind: string;
  outcome: "success" | "failed" | "not_final" | Exclude<OutcomeType, "found"> | "invalid_id";
  paymentStatus: string;
  mnoReference: string;
  failureReason: string;
  serviceTransactionId: string;
  checkedAt: string;
}

/** What to count an ID as: its best-known outcome across the kinds shown. */
export function verdictOf(outcomes: readonly EnquiryOutcome[]): Verdict {
  if (outcomes.length === 0) return "not_found";
  // Unknown beats "not found": a timeout on one kind means the ID may yet be there.
  const order: Verdict[] = ["success", "failed", "not_final", "could_not_check", "not_found"];
  return outcomes.map(verdictOfOne).sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? "could_not_check";
}

function verdictOfOne(outcome: EnquiryOutcome): Verdict {
  if (outcome.type === "found") return paymentState(outcome.transaction) === "not_final" ? "not_final" : paymentState(outcome.transaction);
  return outcome.type === "not_found" ? "not_found" : "could_not_check";
}

/** The words of the report that are not the provider's: in the language of the person who sent the file. */
export interface ReportLabels {
  /** The kind of an ID neither kind knows (`/status`). */
  eitherKind: string;
  /** Why a listed cell is in the report. */
  notAnId: (row: number) => string;
  /** The line after the listed cells, when there were more. */
  moreNotIds: (count: number) => string;
}

export const ENGLISH_REPORT_LABELS: ReportLabels = {
  eitherKind: "collection or airtime",
  notAnId: (row) => `row ${row}: not a transaction ID`,
  moreNotIds: (count) => `${count} more cells were not transaction IDs (not listed)`,
};

/**
 * The report's rows: one per ID and kind shown (for `status`, the kinds that know it, or one
 * "collection or airtime" row when neither does), then one per listed cell that was not an ID,
 * and one line counting those not listed.
 */
export function reportRows(results: readonly IdResult[], invalid: InvalidCells, labels: ReportLabels = ENGLISH_REPORT_LABELS): ReportRow[] {
  const empty = { kind: "", paymentStatus: "", mnoReference: "", serviceTransactionId: "", checkedAt: "" };
  const rows = results.flatMap((result): ReportRow[] => {
    const shown = relevantOutcomes(result);
    if (shown.length === 0) {
      const checkedAt = result.outcomes[0]?.checkedAt.toISOString() ?? "";
      return [{ ...empty, transactionId: result.id, kind: labels.eitherKind, outcome: "not_found", failureReason: "", checkedAt }];
    }
    return shown.map((outcome) => rowOf(outcome));
  });
  const unlisted = invalid.total - invalid.listed.length;
  return [
    ...rows,
    ...invalid.listed.map((cell) => ({ ...empty, transactionId: cell.cell, outcome: "invalid_id" as const, failureReason: labels.notAnId(cell.row) })),
    ...(unlisted > 0 ? [{ ...empty, transactionId: "…", outcome: "invalid_id" as const, failureReason: labels.moreNotIds(unlisted) }] : []),
  ];
}

function rowOf(outcome: EnquiryOutcome): ReportRow {
  const base = { transactionId: outcome.transactionId, kind: outcome.kind, checkedAt: outcome.checkedAt.toISOString() };
  if (outcome.type !== "found") return { ...base, outcome: outcome.type, paymentStatus: "", mnoReference: "", failureReason: "", serviceTransactionId: "" };
  const state = paymentState(outcome.transaction);
  return {
    ...base,
    outcome: state,
    paymentStatus: outcome.transaction.status,
    mnoReference: outcome.transaction.mnoTransactionId ?? "",
    failureReason: state === "failed" ? (outcome.transaction.message ?? "") : "",
    serviceTransactionId: outcome.serviceTransactionId,
  };
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) is
 * made inert with a leading apostrophe: a provider's failure reason must never become a formula.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * How long each column's cells may be, in characters. With BULK_MAX_IDS at its highest (10,000
 * IDs, two rows each for `/status`) and every cell at its limit in three-byte characters, the
 * report stays under the 50 MB Telegram accepts (a test holds it there).
 */
export const REPORT_CELL_LIMITS = { id: 100, kind: 40, outcome: 20, status: 40, reference: 100, reason: 300, checkedAt: 30 } as const;

/** Rows written at a time: the event loop gets a turn between slices (a 10,000-ID report is ~0.4 s of work). */
const ROWS_PER_SLICE = 1_000;

/**
 * The report as Excel and LibreOffice open it: UTF-8 with a BOM, RFC 4180 quoting, CRLF. Cells
 * are cleaned as the chat's answers are (no control or bidi characters, one line each), cut to
 * their column's limit, and neutralised. Written in slices, yielding in between.
 */
export async function reportCsv(rows: readonly ReportRow[]): Promise<string> {
  const cell = (text: string, limit: number) => neutralise(cleanServiceText(text, limit));
  const limits = REPORT_CELL_LIMITS;
  const record = (row: ReportRow) => [
    cell(row.transactionId, limits.id),
    cell(row.kind, limits.kind),
    cell(row.outcome, limits.outcome),
    cell(row.paymentStatus, limits.status),
    cell(row.mnoReference, limits.reference),
    cell(row.failureReason, limits.reason),
    cell(row.serviceTransactionId, limits.reference),
    cell(row.checkedAt, limits.checkedAt),
  ];
  const parts = [`\ufeff${stringify([], { header: true, columns: [...REPORT_COLUMNS], record_delimiter: "windows" })}`];
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    if (start > 0) await yieldToEventLoop();
    parts.push(stringify(rows.slice(start, start + ROWS_PER_SLICE).map(record), { record_delimiter: "windows" }));
  }
  return parts.join("");
}
