import { z } from "zod";
import { withBoundedFields } from "./provider-fields.ts";
import { ENQUIRY_KINDS, UPSTREAM_HINTS, type EnquiryOutcome } from "./types.ts";
import { decodeJson } from "../../util/decode-json.ts";

const base = { kind: z.enum(ENQUIRY_KINDS), transactionId: z.string(), checkedAt: z.iso.datetime().transform((value) => new Date(value)) };
const optionalText = z.string().optional();

const outcomeSchema = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("found"),
    serviceTransactionId: z.string(),
    transaction: z.object({ status: z.string(), message: optionalText, mnoTransactionId: optionalText }),
  }),
  z.object({ ...base, type: z.literal("not_found") }),
  z.object({ ...base, type: z.literal("unauthorized"), httpStatus: z.number().optional() }),
  z.object({ ...base, type: z.literal("busy"), retryAfterSeconds: z.number().optional() }),
  z.object({ ...base, type: z.literal("timeout") }),
  z.object({ ...base, type: z.literal("upstream_error"), httpStatus: z.number().optional(), reason: z.string(), hint: z.enum(UPSTREAM_HINTS).optional() }),
  z.object({ ...base, type: z.literal("invalid_response"), reason: z.string() }),
]);

/** An outcome as stored (shared cache, watches, answers kept for re-rendering): JSON, dates as ISO strings. */
export function encodeOutcome(outcome: EnquiryOutcome): string {
  return JSON.stringify(outcome);
}

/**
 * Reads a stored outcome back. Another version of the bot may have written it (a rolling deploy
 * shares Redis), so it is validated: anything unreadable is treated as absent, never trusted.
 */
export function decodeOutcome(text: string | undefined): EnquiryOutcome | undefined {
  const stored = decodeJson(outcomeSchema, text);
  return stored && withBoundedFields(toOutcome(stored));
}

/** zod's output has `x?: T`; outcomes spell optional values as `x: T | undefined`. */
function toOutcome(value: z.output<typeof outcomeSchema>): EnquiryOutcome {
  switch (value.type) {
    case "found":
      return { ...value, transaction: { status: value.transaction.status, message: value.transaction.message, mnoTransactionId: value.transaction.mnoTransactionId } };
    case "unauthorized":
      return { ...value, httpStatus: value.httpStatus };
    case "upstream_error": {
      const { hint, ...rest } = value;
      return { ...rest, httpStatus: value.httpStatus, ...(hint ? { hint } : {}) };
    }
    case "busy":
      return { ...value, retryAfterSeconds: value.retryAfterSeconds };
    case "not_found":
    case "timeout":
    case "invalid_response":
      return value;
  }
}
