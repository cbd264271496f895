import { describe, expect, it } from "vitest";
import { decodeOutcome, encodeOutcome } from "../../../src/payments/enquiry/outcome-codec.ts";
import { PROVIDER_FIELD_LIMITS } from "../../../src/payments/enquiry/provider-fields.ts";
import { outcomes } from "../../support/outcomes.ts";

describe("outcomes as stored", () => {
  it("read back as written", () => {
    for (const outcome of [outcomes.failed("collection", "TX-1"), outcomes.timeout("airtime", "TX-2"), outcomes.upstreamError("collection", "TX-3")]) {
      expect(decodeOutcome(encodeOutcome(outcome))).toEqual(outcome);
    }
  });

  it("keep what the bot knows of an error: a wrong address, no token", () => {
    for (const hint of ["wrong_address", "no_token", "token_refused"] as const) {
      const outcome = { ...outcomes.upstreamError("collection", "TX-9"), hint };
      expect(decodeOutcome(encodeOutcome(outcome))).toEqual(outcome);
    }
    expect(decodeOutcome(JSON.stringify({ ...outcomes.upstreamError("collection", "TX-9"), hint: "something-else" }))).toBeUndefined();
  });

  it("come back with the provider's fields bounded, whoever wrote them", () => {
    const stored = encodeOutcome(outcomes.found("collection", "TX-1", "FAILED", { message: "r".repeat(60_000), mno: "m".repeat(60_000) }));
    const read = decodeOutcome(stored);
    expect(read?.type === "found" && read.transaction.message?.length).toBe(PROVIDER_FIELD_LIMITS.reason);
    expect(read?.type === "found" && read.transaction.mnoTransactionId?.length).toBe(PROVIDER_FIELD_LIMITS.reference);
  });

  it("treat what they cannot read as absent", () => {
    expect(decodeOutcome("{not json")).toBeUndefined();
    expect(decodeOutcome(JSON.stringify({ type: "found" }))).toBeUndefined();
  });
});
