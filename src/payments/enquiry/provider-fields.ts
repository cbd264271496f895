import { truncate } from "../../util/service-text.ts";
import type { EnquiryOutcome } from "./types.ts";

/**
 * The longest each field from the provider is kept, from the moment it arrives: a faulty provider
 * that sends a 60 KB failure reason must not have it cached, stored with watches, written into
 * reports or held in memory whole. Answers in the chat show less still (see the views).
 */
export const PROVIDER_FIELD_LIMITS = {
  /** `transaction.status`: SUCCESS, FAILED, PENDING and the like. */
  status: 40,
  /** `transaction.message`, the failure reason. */
  reason: 600,
  /** `transaction.mnoTransactionID` and the service's own `transactionID`. */
  reference: 100,
} as const;

/**
 * The outcome with every field the provider chose bounded: for what is read back from the state
 * store, which an older version (or a longer limit) may have written.
 */
export function withBoundedFields(outcome: EnquiryOutcome): EnquiryOutcome {
  if (outcome.type !== "found") return outcome;
  const { transaction } = outcome;
  return {
    ...outcome,
    serviceTransactionId: truncate(outcome.serviceTransactionId, PROVIDER_FIELD_LIMITS.reference),
    transaction: {
      status: truncate(transaction.status, PROVIDER_FIELD_LIMITS.status),
      message: transaction.message === undefined ? undefined : truncate(transaction.message, PROVIDER_FIELD_LIMITS.reason),
      mnoTransactionId: transaction.mnoTransactionId === undefined ? undefined : truncate(transaction.mnoTransactionId, PROVIDER_FIELD_LIMITS.reference),
    },
  };
}
