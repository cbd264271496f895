import { stringify } from "csv-stringify/sync";
import { paymentState, type EnquiryOutcome, type OutcomeType } from "../enquiry/types.ts";
import { relevantOutcomes, type IdResult } from "../query.ts";
import type { InvalidCell } from "./read-ids.ts";

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

/**
 * The report's rows: one per ID and kind shown (for `status`, the kinds that know it, or one
 * "collection or airtime" row when neither does), then one per cell that was not an ID.
 */
export function reportRows(results: readonly IdResult[], invalid: readonly InvalidCell[], eitherKindLabel = "collection or airtime"): ReportRow[] {
  const rows = results.flatMap((result): ReportRow[] => {
    const shown = relevantOutcomes(result);
    if (shown.length === 0) {
      const checkedAt = result.outcomes[0]?.checkedAt.toISOString() ?? "";
      return [{ transactionId: result.id, kind: eitherKindLabel, outcome: "not_found", paymentStatus: "", mnoReference: "", failureReason: "", serviceTransactionId: "", checkedAt }];
    }
    return shown.map((outcome) => rowOf(outcome));
  });
  return [
    ...rows,
    ...invalid.map((cell) => ({ transactionId: cell.cell, kind: "", outcome: "invalid_id" as const, paymentStatus: "", mnoReference: "", failureReason: `row ${cell.row}: not a transaction ID`, serviceTransactionId: "", checkedAt: "" })),
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

/** The report as Excel and LibreOffice open it: UTF-8 with a BOM, RFC 4180 quoting, CRLF. */
export function reportCsv(rows: readonly ReportRow[]): string {
  const records = rows.map((row) =>
    [row.transactionId, row.kind, row.outcome, row.paymentStatus, row.mnoReference, row.failureReason, row.serviceTransactionId, row.checkedAt].map(neutralise),
  );
  return `\ufeff${stringify(records, { header: true, columns: [...REPORT_COLUMNS], record_delimiter: "windows" })}`;
}
