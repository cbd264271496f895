import type { ReceiptRecords } from "../../state/receipt-records.ts";
import type { EnquiryOutcome } from "../enquiry/types.ts";
import type { ReceiptAudit } from "./receipt-audit.ts";
import { newReceiptCode, receiptCodeHash } from "./receipt-code.ts";
import { encodeReceipt, needsFreshCheck, receiptOf, receiptStateOf, type FinalOutcome, type Receipt, type ReceiptPerson } from "./receipt.ts";

export interface MakeReceiptDeps {
  records: ReceiptRecords;
  audit: ReceiptAudit;
  now: () => number;
  /** RECEIPT_DAYS, in ms. */
  keepMs: number;
  /** crypto-random codes; tests give their own. */
  newCode?: () => string;
  /** Told of every receipt made (a metric). */
  onMade?: () => void;
}

/** What the receipt is of, and who asks. `ask(fresh)` is the provider, through the asker's own checker. */
export interface ReceiptRequest {
  ask: (fresh: boolean) => Promise<EnquiryOutcome>;
  /**
   * Spends asking the provider again from the asker's rate limit, as any check is spent; false
   * when it does not fit (the asker is then told to slow down, as a check over the limit is).
   */
  mayAskAgain: () => Promise<boolean>;
  title: string;
  language: string;
  by: ReceiptPerson;
  chatId: number;
}

export type MadeReceipt =
  | { type: "made"; receipt: Receipt; code: string }
  /** The provider does not say SUCCESS or FAILED (now): no receipt; the outcome says what it says. */
  | { type: "not_final"; outcome: EnquiryOutcome }
  /** Asking again did not fit in the asker's rate limit: no receipt, the provider not asked again. */
  | { type: "rate_limited" };

/** A code drawn twice is astronomically unlikely; drawing again this many times is a bug, not luck. */
const MAX_DRAWS = 5;

/**
 * Makes a receipt: the provider asked again unless its answer is under a minute old (that second
 * question spent from the asker's rate limit, nothing made when it does not fit), nothing made
 * unless it says SUCCESS or FAILED; then a number from the shared counter and a fresh code, the
 * receipt kept under the code's hash only, recorded and audited.
 */
export async function makeReceipt(deps: MakeReceiptDeps, request: ReceiptRequest): Promise<MadeReceipt> {
  let outcome = await request.ask(false);
  if (needsFreshCheck(outcome, deps.now())) {
    // A question to the provider like any check: otherwise 🧾 on old answers would be a way round the limit.
    if (!(await request.mayAskAgain())) return { type: "rate_limited" };
    outcome = await request.ask(true);
  }
  const state = receiptStateOf(outcome);
  if (state === undefined) return { type: "not_final", outcome };
  const number = await deps.records.nextNumber();
  const receipt = receiptOf(outcome as FinalOutcome, state, { number, now: deps.now(), keepMs: deps.keepMs, title: request.title, language: request.language, by: request.by, chatId: request.chatId });
  const draw = deps.newCode ?? newReceiptCode;
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const code = draw();
    if (!(await deps.records.add(receiptCodeHash(code), encodeReceipt(receipt), receipt.expiresAt))) continue;
    deps.audit("made", receipt, request.by);
    deps.onMade?.();
    return { type: "made", receipt, code };
  }
  throw new Error(`no free receipt code in ${MAX_DRAWS} draws`);
}
