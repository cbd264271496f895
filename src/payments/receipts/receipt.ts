import { z } from "zod";
import { ENQUIRY_KINDS, paymentState, type EnquiryKind, type EnquiryOutcome } from "../enquiry/types.ts";
import { decodeJson } from "../../util/decode-json.ts";

/** A receipt states only what the provider said of a settled payment. */
export type ReceiptState = "success" | "failed";

/** Someone in a receipt's record: who made it, who revoked it. */
export interface ReceiptPerson {
  userId: number;
  name: string;
}

/**
 * A receipt as kept: exactly the facts printed on it, who made it where, and whether it was
 * revoked. Its code is not in it: the store knows a receipt only by the hash of its code.
 */
export interface Receipt {
  /** From one counter every instance shares: never handed out twice. */
  number: number;
  madeAt: number;
  /** After this it checks as unknown (RECEIPT_DAYS after it was made). */
  expiresAt: number;
  /** What the picture's title said (RECEIPT_TITLE, or the bot's name). */
  title: string;
  /** The language it was made in: its check page speaks it too. */
  language: string;
  kind: EnquiryKind;
  transactionId: string;
  state: ReceiptState;
  /** The status as the provider sent it. */
  status: string;
  serviceTransactionId: string;
  mnoReference: string | undefined;
  /** The failure reason, when FAILED. */
  reason: string | undefined;
  /** When the provider was asked. */
  checkedAt: number;
  madeBy: ReceiptPerson;
  /** Where it was made (a private chat, a group). */
  chatId: number;
  revoked?: { at: number; by: ReceiptPerson } | undefined;
}

/** The outcome a receipt can be made of: a payment the provider says is SUCCESS or FAILED. */
export type FinalOutcome = Extract<EnquiryOutcome, { type: "found" }>;

/** Whether the outcome can be put on a receipt (never PENDING, not found, or not checked). */
export function receiptStateOf(outcome: EnquiryOutcome): ReceiptState | undefined {
  if (outcome.type !== "found") return undefined;
  const state = paymentState(outcome.transaction);
  return state === "not_final" ? undefined : state;
}

/** An answer older than this is asked again before it goes on a receipt. */
export const RECEIPT_FRESH_MS = 60_000;

/** Whether an answer must be asked again before it goes on a receipt: unless it is under a minute old. */
export function needsFreshCheck(outcome: EnquiryOutcome, now: number): boolean {
  return now - outcome.checkedAt.getTime() >= RECEIPT_FRESH_MS;
}

/** What a receipt made now of this outcome keeps. */
export function receiptOf(outcome: FinalOutcome, state: ReceiptState, made: { number: number; now: number; keepMs: number; title: string; language: string; by: ReceiptPerson; chatId: number }): Receipt {
  return {
    number: made.number,
    madeAt: made.now,
    expiresAt: made.now + made.keepMs,
    title: made.title,
    language: made.language,
    kind: outcome.kind,
    transactionId: outcome.transactionId,
    state,
    status: outcome.transaction.status,
    serviceTransactionId: outcome.serviceTransactionId,
    mnoReference: outcome.transaction.mnoTransactionId,
    reason: state === "failed" ? outcome.transaction.message : undefined,
    checkedAt: outcome.checkedAt.getTime(),
    madeBy: made.by,
    chatId: made.chatId,
  };
}

/** Whether a receipt still checks as genuine: neither revoked nor past its days. */
export function isLive(receipt: Receipt, now: number): boolean {
  return receipt.revoked === undefined && now < receipt.expiresAt;
}

/** What the provider says now, against what the receipt says. */
export type NowVerdict =
  | { type: "same"; outcome: EnquiryOutcome }
  /** Settled otherwise (a SUCCESS reversed), or no longer final, or no longer found. */
  | { type: "differs"; outcome: EnquiryOutcome }
  /** The provider could not be asked (no answer, too many checks now): nothing is said either way. */
  | { type: "unchecked" };

export function compareNow(receipt: Receipt, outcome: EnquiryOutcome | undefined): NowVerdict {
  if (outcome === undefined) return { type: "unchecked" };
  if (outcome.type === "not_found") return { type: "differs", outcome };
  if (outcome.type !== "found") return { type: "unchecked" };
  return paymentState(outcome.transaction) === receipt.state ? { type: "same", outcome } : { type: "differs", outcome };
}

const person = z.object({ userId: z.number(), name: z.string() });
const receiptSchema = z.object({
  number: z.number().int().positive(),
  madeAt: z.number(),
  expiresAt: z.number(),
  title: z.string(),
  language: z.string(),
  kind: z.enum(ENQUIRY_KINDS),
  transactionId: z.string(),
  state: z.enum(["success", "failed"]),
  status: z.string(),
  serviceTransactionId: z.string(),
  mnoReference: z.string().optional(),
  reason: z.string().optional(),
  checkedAt: z.number(),
  madeBy: person,
  chatId: z.number(),
  revoked: z.object({ at: z.number(), by: person }).optional(),
});

export function encodeReceipt(receipt: Receipt): string {
  return JSON.stringify(receipt);
}

/** A stored receipt read back; undefined for anything this bot did not write (it is then unknown). */
export function decodeReceipt(text: string | undefined): Receipt | undefined {
  const stored = decodeJson(receiptSchema, text);
  return stored && { ...stored, mnoReference: stored.mnoReference, reason: stored.reason, revoked: stored.revoked };
}
