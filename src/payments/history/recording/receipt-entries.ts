import type { Receipt } from "../../receipts/receipt.ts";
import type { HistoryEntry, HistoryPerson, HistoryPlace } from "../entry.ts";

/**
 * A receipt made, as its payment's timeline shows it: who made it, where, its number and exactly
 * what it states. Checks of a receipt are not entries: they are strangers', counted in metrics only.
 */
export function receiptMadeEntry(receipt: Receipt, asked: { who: HistoryPerson | undefined; where: HistoryPlace | undefined }): HistoryEntry {
  return {
    at: receipt.madeAt,
    event: "receipt-made",
    kind: receipt.kind,
    transactionId: receipt.transactionId,
    said: { type: "found", status: receipt.status, mnoReference: receipt.mnoReference, serviceTransactionId: receipt.serviceTransactionId, reason: receipt.reason },
    who: asked.who,
    where: asked.where,
    how: "receipt",
    receiptNumber: receipt.number,
  };
}

/**
 * A receipt revoked by an admin, on its payment's timeline beside the audit line: who revoked it,
 * where, when, and its number. It says nothing of the payment: the status as last known stays.
 */
export function receiptRevokedEntry(receipt: Receipt, asked: { who: HistoryPerson | undefined; where: HistoryPlace | undefined }): HistoryEntry {
  return {
    at: receipt.revoked?.at ?? receipt.madeAt,
    event: "receipt-revoked",
    kind: receipt.kind,
    transactionId: receipt.transactionId,
    who: asked.who,
    where: asked.where,
    how: "receipt",
    receiptNumber: receipt.number,
  };
}
