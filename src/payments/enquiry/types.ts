export const ENQUIRY_KINDS = ["collection", "airtime"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/** The underlying payment's outcome as the service reported it (spec section 2, `transaction`). */
export interface TransactionResult {
  /** Exactly as sent: SUCCESS, FAILED, or anything else the service invents (PENDING, …). */
  status: string;
  /** Failure reason; the spec promises it only for FAILED. */
  message: string | undefined;
  /** The mobile network operator's reference. */
  mnoTransactionId: string | undefined;
}

interface OutcomeBase {
  kind: EnquiryKind;
  /** The ID the user asked about (what was sent as `transactionID`). */
  transactionId: string;
  /** When the service's answer (or the failure to get one) was observed. */
  checkedAt: Date;
}

/**
 * Everything an enquiry can end in. The client never throws: every failure is one of these, so
 * callers (the bot, the demo, a script) decide how to present it.
 */
export type EnquiryOutcome =
  | (OutcomeBase & {
      type: "found";
      /** The service's own UUID-shaped `transactionID`. */
      serviceTransactionId: string;
      transaction: TransactionResult;
    })
  /** The service does not know this ID (HTTP 404, or a normal-looking answer that says so). */
  | (OutcomeBase & { type: "not_found" })
  /** HTTP 401/403: the service token is missing, expired or revoked. */
  | (OutcomeBase & { type: "unauthorized"; httpStatus: number | undefined })
  /** HTTP 429 that could not be waited out within the time budget. */
  | (OutcomeBase & { type: "busy"; retryAfterSeconds: number | undefined })
  /** No answer within the time budget. */
  | (OutcomeBase & { type: "timeout" })
  /**
   * Could not connect, the connection broke, or the service answered with an error. `hint` says
   * when the bot knows more than "an error": its address looks wrong, or it has no token to send.
   */
  | (OutcomeBase & { type: "upstream_error"; httpStatus: number | undefined; reason: string; hint?: UpstreamHint })
  /** An answer arrived but cannot be trusted: not JSON, wrong shape, wrong ID, too large. */
  | (OutcomeBase & { type: "invalid_response"; reason: string });

export type OutcomeType = EnquiryOutcome["type"];

/**
 * What an error is known to come from. `wrong_address`: a web server's error page (a 404 or 405
 * that is not the API's JSON), so ENQUIRY_BASE_URL likely points past the API; the payment was
 * never asked about. `no_token`: the bot could not obtain a service token (the token endpoint
 * failed), so it did not ask; `token_refused`: the same because the provider refuses the bot's
 * credentials, which is the bot's own trouble rather than the provider's.
 */
export const UPSTREAM_HINTS = ["wrong_address", "no_token", "token_refused"] as const;
export type UpstreamHint = (typeof UPSTREAM_HINTS)[number];

/**
 * The `reason` of an enquiry given up before its answer came (a bulk check cancelled, a shutdown):
 * it was never an answer, so it is neither shown, counted nor recorded as one.
 */
export const CANCELLED = "cancelled";

export function cancelledOutcome(kind: EnquiryKind, transactionId: string, checkedAt = new Date()): EnquiryOutcome {
  return { kind, transactionId, checkedAt, type: "upstream_error", httpStatus: undefined, reason: CANCELLED };
}

export function isCancelled(outcome: EnquiryOutcome): boolean {
  return outcome.type === "upstream_error" && outcome.reason === CANCELLED;
}

export interface EnquiryOptions {
  /** The asker gives up when it aborts: the request is not made, or is abandoned, unless others share it. */
  signal?: AbortSignal;
  /** Skip any cached answer (a user pressed Refresh); an identical enquiry in flight may still be joined. */
  fresh?: boolean;
}

/** Anything that can answer an enquiry: the HTTP client, or a wrapper that shares and caches. */
export interface EnquiryService {
  enquire(kind: EnquiryKind, transactionId: string, options?: EnquiryOptions): Promise<EnquiryOutcome>;
  /**
   * A service with a cache in a store: starts reading what an enquiry about to be made would find
   * there, now, so that the read shares a round trip with whatever else goes to the store at this
   * moment (an update's claim); the next `enquire` of it takes what was read.
   */
  readAhead?(kind: EnquiryKind, transactionId: string): void;
}

export type PaymentState = "success" | "failed" | "not_final";

/**
 * Only the two statuses the spec defines are final. Anything else (PENDING, PROCESSING, a typo)
 * is shown as "not final yet": never as a success or a failure.
 */
export function paymentState(transaction: TransactionResult): PaymentState {
  const status = transaction.status.trim().toUpperCase();
  if (status === "SUCCESS") return "success";
  if (status === "FAILED") return "failed";
  return "not_final";
}

/** Final means the answer will not change: a settled payment. Everything else is worth a re-check. */
export function isFinal(outcome: EnquiryOutcome): boolean {
  return outcome.type === "found" && paymentState(outcome.transaction) !== "not_final";
}
