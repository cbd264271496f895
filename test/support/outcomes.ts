import type { EnquiryKind, EnquiryOptions, EnquiryOutcome, EnquiryService } from "../../src/payments/enquiry/types.ts";

export const CHECKED_AT = new Date("2026-11-22T14:05:32Z");

const base = (kind: EnquiryKind, transactionId: string) => ({ kind, transactionId, checkedAt: CHECKED_AT });

export const outcomes = {
  found: (kind: EnquiryKind, id: string, status: string, extra: { message?: string; mno?: string } = {}): EnquiryOutcome => ({
    ...base(kind, id),
    type: "found",
    serviceTransactionId: "3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90",
    transaction: { status, message: extra.message, mnoTransactionId: extra.mno },
  }),
  success: (kind: EnquiryKind, id: string, mno = "MP241122.1530.K71625") => outcomes.found(kind, id, "SUCCESS", { mno }),
  failed: (kind: EnquiryKind, id: string, message = "Insufficient balance", mno = "MP241122.1530.K71626") =>
    outcomes.found(kind, id, "FAILED", { message, mno }),
  pending: (kind: EnquiryKind, id: string) => outcomes.found(kind, id, "PENDING"),
  notFound: (kind: EnquiryKind, id: string): EnquiryOutcome => ({ ...base(kind, id), type: "not_found" }),
  unauthorized: (kind: EnquiryKind, id: string): EnquiryOutcome => ({ ...base(kind, id), type: "unauthorized", httpStatus: 401 }),
  timeout: (kind: EnquiryKind, id: string): EnquiryOutcome => ({ ...base(kind, id), type: "timeout" }),
  busy: (kind: EnquiryKind, id: string): EnquiryOutcome => ({ ...base(kind, id), type: "busy", retryAfterSeconds: 30 }),
  upstreamError: (kind: EnquiryKind, id: string): EnquiryOutcome => ({
    ...base(kind, id),
    type: "upstream_error",
    httpStatus: 500,
    reason: "HTTP 500",
  }),
  invalid: (kind: EnquiryKind, id: string): EnquiryOutcome => ({ ...base(kind, id), type: "invalid_response", reason: "body is not JSON" }),
};

export interface ScriptedEnquiry extends EnquiryService {
  calls: { kind: EnquiryKind; id: string; options: EnquiryOptions | undefined }[];
}

/** An EnquiryService whose answers a test scripts; records every call. */
export function scriptedEnquiry(answer: (kind: EnquiryKind, id: string) => EnquiryOutcome | Promise<EnquiryOutcome>): ScriptedEnquiry {
  const calls: ScriptedEnquiry["calls"] = [];
  return {
    calls,
    enquire: async (kind, id, options) => {
      calls.push({ kind, id, options });
      return answer(kind, id);
    },
  };
}
