import { describe, expect, it } from "vitest";
import { compareNow, decodeReceipt, encodeReceipt, isLive, needsFreshCheck, receiptOf, receiptStateOf, type FinalOutcome } from "../../../src/payments/receipts/receipt.ts";
import { CHECKED_AT, outcomes } from "../../support/outcomes.ts";

const made = { number: 7, now: CHECKED_AT.getTime() + 5_000, keepMs: 365 * 86_400_000, title: "Pay Status Bot", language: "en", by: { userId: 12, name: "Amina" }, chatId: 12 };

describe("what a receipt states", () => {
  it("is made only of a settled payment: SUCCESS or FAILED, never PENDING, not found or not checked", () => {
    expect(receiptStateOf(outcomes.success("collection", "TX-1"))).toBe("success");
    expect(receiptStateOf(outcomes.failed("collection", "TX-1"))).toBe("failed");
    expect(receiptStateOf(outcomes.found("collection", "TX-1", " success "))).toBe("success");
    for (const outcome of [outcomes.pending("collection", "TX-1"), outcomes.notFound("collection", "TX-1"), outcomes.timeout("collection", "TX-1"), outcomes.unauthorized("airtime", "TX-1")]) {
      expect(receiptStateOf(outcome)).toBeUndefined();
    }
  });

  it("asks the provider again unless the answer is under a minute old", () => {
    const outcome = outcomes.success("collection", "TX-1");
    expect(needsFreshCheck(outcome, CHECKED_AT.getTime() + 59_999)).toBe(false);
    expect(needsFreshCheck(outcome, CHECKED_AT.getTime() + 60_000)).toBe(true);
  });

  it("keeps the facts, the reason only when FAILED, and expires RECEIPT_DAYS after it was made", () => {
    const failed = outcomes.failed("airtime", "TX-2") as FinalOutcome;
    const receipt = receiptOf(failed, "failed", made);
    expect(receipt).toMatchObject({ number: 7, kind: "airtime", transactionId: "TX-2", state: "failed", status: "FAILED", reason: "Insufficient balance", mnoReference: "MP241122.1530.K71626", checkedAt: CHECKED_AT.getTime(), expiresAt: made.now + made.keepMs });
    const success = receiptOf({ ...failed, transaction: { ...failed.transaction, status: "SUCCESS" } }, "success", made);
    expect(success.reason).toBeUndefined();
    expect(isLive(receipt, receipt.expiresAt - 1)).toBe(true);
    expect(isLive(receipt, receipt.expiresAt)).toBe(false);
    expect(isLive({ ...receipt, revoked: { at: made.now, by: { userId: 1, name: "Admin" } } }, made.now)).toBe(false);
  });

  it("is read back as written, and anything else is no receipt", () => {
    const receipt = receiptOf(outcomes.success("collection", "TX-1") as FinalOutcome, "success", made);
    expect(decodeReceipt(encodeReceipt(receipt))).toEqual(receipt);
    expect(decodeReceipt("{}")).toBeUndefined();
    expect(decodeReceipt("not json")).toBeUndefined();
  });

  it("compares what the provider says now: the same, a SUCCESS reversed or no longer found, or nothing said", () => {
    const receipt = receiptOf(outcomes.success("collection", "TX-1") as FinalOutcome, "success", made);
    expect(compareNow(receipt, outcomes.success("collection", "TX-1")).type).toBe("same");
    expect(compareNow(receipt, outcomes.failed("collection", "TX-1")).type).toBe("differs");
    expect(compareNow(receipt, outcomes.pending("collection", "TX-1")).type).toBe("differs");
    expect(compareNow(receipt, outcomes.notFound("collection", "TX-1")).type).toBe("differs");
    expect(compareNow(receipt, outcomes.timeout("collection", "TX-1")).type).toBe("unchecked");
    expect(compareNow(receipt, undefined).type).toBe("unchecked");
  });
});
