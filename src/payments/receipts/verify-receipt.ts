import type { ReceiptRecords } from "../../state/receipt-records.ts";
import type { EnquiryOutcome } from "../enquiry/types.ts";
import type { ReceiptAudit } from "./receipt-audit.ts";
import { normaliseReceiptCode, receiptCodeHash } from "./receipt-code.ts";
import { compareNow, decodeReceipt, encodeReceipt, isLive, type NowVerdict, type Receipt, type ReceiptPerson } from "./receipt.ts";

/**
 * What a check of a code finds. Unknown says nothing more: a code never made, one revoked and one
 * expired are told apart by nobody, so a forged receipt is found out and guessing teaches nothing.
 */
export type ReceiptCheck = { type: "genuine"; receipt: Receipt; code: string; now: NowVerdict } | { type: "unknown" };

export interface VerifyReceiptDeps {
  records: ReceiptRecords;
  now: () => number;
  /** What the provider says of the payment now (cached a minute); undefined when it cannot be asked now. */
  currentStatus: (receipt: Receipt) => Promise<EnquiryOutcome | undefined>;
}

/** Checks a code as someone typed it (or a link carried it). */
export async function verifyReceipt(deps: VerifyReceiptDeps, typed: string): Promise<ReceiptCheck> {
  const receipt = await findLive(deps, typed);
  if (!receipt) return { type: "unknown" };
  return { type: "genuine", receipt: receipt.receipt, code: receipt.code, now: compareNow(receipt.receipt, await deps.currentStatus(receipt.receipt)) };
}

/** The live receipt a typed code stands for: one lookup by hash, whatever was typed. */
async function findLive(deps: Pick<VerifyReceiptDeps, "records" | "now">, typed: string): Promise<{ receipt: Receipt; code: string } | undefined> {
  const code = normaliseReceiptCode(typed);
  if (code === undefined) return undefined;
  const receipt = decodeReceipt(await deps.records.get(receiptCodeHash(code)));
  return receipt && isLive(receipt, deps.now()) ? { receipt, code } : undefined;
}

export type RevokeResult = { type: "revoked"; receipt: Receipt } | { type: "unknown" };

/**
 * An admin revokes a receipt: it is kept, marked revoked (the record says who and when), and
 * checks as unknown from then on. A code unknown, expired or revoked already is "unknown".
 */
export async function revokeReceipt(deps: { records: ReceiptRecords; now: () => number; audit: ReceiptAudit }, typed: string, by: ReceiptPerson): Promise<RevokeResult> {
  const found = await findLive(deps, typed);
  if (!found) return { type: "unknown" };
  const at = deps.now();
  let revoked: Receipt | undefined;
  await deps.records.update(receiptCodeHash(found.code), (current) => {
    const receipt = decodeReceipt(current);
    revoked = receipt && receipt.revoked === undefined ? { ...receipt, revoked: { at, by } } : undefined;
    return revoked ? encodeReceipt(revoked) : current;
  });
  if (!revoked) return { type: "unknown" };
  deps.audit("revoked", revoked, by);
  return { type: "revoked", receipt: revoked };
}
