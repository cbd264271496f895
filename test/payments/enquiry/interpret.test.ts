import { describe, expect, it } from "vitest";
import { interpretAnswer } from "../../../src/payments/enquiry/interpret.ts";
import { PROVIDER_FIELD_LIMITS } from "../../../src/payments/enquiry/provider-fields.ts";
import { enquiryAnswer } from "../../support/http-server.ts";

const stamp = { kind: "collection" as const, transactionId: "TX-1", checkedAt: new Date(0) };
const answer = (status: number, body: unknown) => interpretAnswer(stamp, status, typeof body === "string" ? body : JSON.stringify(body));

describe("interpretAnswer", () => {
  it("reads a success", () => {
    expect(answer(200, enquiryAnswer("TX-1", { status: "SUCCESS", mnoTransactionID: "MNO-1" }))).toEqual({
      ...stamp,
      type: "found",
      serviceTransactionId: "3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90",
      transaction: { status: "SUCCESS", message: undefined, mnoTransactionId: "MNO-1" },
    });
  });

  it.each([
    ["a 404-coded answer", 200, { code: "404", status: "FAILED", message: "Transaction not found", reqTransactionID: "TX-2" }],
    ["an HTTP 404 body", 404, { code: "404", message: "not found", reqTransactionID: "TX-2" }],
    ["a 'not found' status", 200, { code: "200", status: "NOT_FOUND", reqTransactionID: "TX-2" }],
  ])("checks the echoed ID before saying 'not found': %s about another ID is unreadable, not 'not found'", (_, status, body) => {
    expect(answer(status, body)).toMatchObject({ type: "invalid_response", reason: "reqTransactionID does not match the ID asked" });
  });

  it("keeps a failure's reason, even one that mentions 'not found'", () => {
    const outcome = answer(200, enquiryAnswer("TX-1", { status: "FAILED", message: "Subscriber wallet not found", mnoTransactionID: "M" }));
    expect(outcome).toMatchObject({ type: "found", transaction: { status: "FAILED", message: "Subscriber wallet not found" } });
  });

  it("accepts a numeric code, extra fields and a missing MNO reference", () => {
    const outcome = answer(200, { ...enquiryAnswer("TX-1", { status: "PENDING", extra: 1 }), code: 200, newField: { a: 1 } });
    expect(outcome).toMatchObject({ type: "found", transaction: { status: "PENDING", mnoTransactionId: undefined } });
  });

  it.each([
    ["HTTP 404", 404, { message: "whatever" }],
    ["code 404 in a 200", 200, { code: "404", status: "FAILED", message: "No record" }],
    ["a 200 whose message says so", 200, { code: "200", status: "FAILED", message: "Transaction not found", reqTransactionID: "TX-1" }],
    ["a NOT_FOUND status", 200, { code: "200", status: "NOT_FOUND" }],
    ["a NOT_FOUND transaction status", 200, enquiryAnswer("TX-1", { status: "NOT_FOUND" })],
    ["a 400 that says so", 400, { message: "Transaction does not exist" }],
  ])("reads %s as not found", (_, status, body) => {
    expect(answer(status, body).type).toBe("not_found");
  });

  it("treats an answer about another ID as invalid", () => {
    expect(answer(200, enquiryAnswer("TX-2", { status: "SUCCESS" }))).toMatchObject({ type: "invalid_response", reason: expect.stringMatching(/reqTransactionID/) });
  });

  it.each([
    ["not JSON", "<html>oops</html>"],
    ["the wrong shape", { code: "200", reqTransactionID: "TX-1", status: "SUCCESS" }],
    ["a transaction without a status", enquiryAnswer("TX-1", { mnoTransactionID: "x" })],
    ["a JSON array", [1, 2]],
  ])("treats %s as invalid", (_, body) => {
    expect(answer(200, body).type).toBe("invalid_response");
  });

  it("does not trust a transaction result when the enquiry itself did not succeed", () => {
    const outcome = answer(200, { ...enquiryAnswer("TX-1", { status: "FAILED", message: "Internal error" }), code: "500", status: "FAILED" });
    expect(outcome.type).toBe("upstream_error");
  });

  it.each([
    ["an HTML 404 (a web server's own page)", 404, "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>", "HTML"],
    ["a plain-text 404 (a framework's)", 404, "Cannot POST /api/v1/api/v1/collection/enquiry", "not JSON"],
    ["an empty 404", 404, "", "empty"],
    ["an HTML 405", 405, "<!DOCTYPE html><title>405 Method Not Allowed</title>", "HTML"],
  ])("reads %s as could not check, with the hint that the address may be wrong: never as not found", (_, status, body, looks) => {
    expect(answer(status, body)).toEqual({ ...stamp, type: "upstream_error", httpStatus: status, reason: `HTTP ${status} with a page that is not the API's (${looks})`, hint: "wrong_address" });
  });

  it("keeps a JSON 404 the provider's own 'not found', and a JSON 405 a service error", () => {
    expect(answer(404, { code: "404", status: "FAILED", message: "Transaction not found" }).type).toBe("not_found");
    expect(answer(405, { message: "Use POST" })).toMatchObject({ type: "upstream_error", httpStatus: 405 });
    expect(answer(405, { message: "Use POST" })).not.toHaveProperty("hint");
  });

  it("treats other error statuses as service errors, whatever the body", () => {
    expect(answer(500, { message: "Transaction not found" })).toMatchObject({ type: "upstream_error", httpStatus: 500 });
    expect(answer(400, "bad request")).toMatchObject({ type: "upstream_error", httpStatus: 400 });
  });

  it("keeps the provider's fields at a bounded length, however long a faulty provider makes them", () => {
    const outcome = answer(200, {
      ...enquiryAnswer("TX-1", { status: `FAILED${" ".repeat(10)}${"S".repeat(60_000)}`, message: "r".repeat(60_000), mnoTransactionID: "m".repeat(60_000) }),
      transactionID: `  ${"u".repeat(60_000)}`,
    });
    if (outcome.type !== "found") throw new Error(`expected found, got ${outcome.type}`);
    expect(outcome.transaction.message).toHaveLength(PROVIDER_FIELD_LIMITS.reason);
    expect(outcome.transaction.message?.endsWith("…")).toBe(true);
    expect(outcome.transaction.mnoTransactionId).toHaveLength(PROVIDER_FIELD_LIMITS.reference);
    expect(outcome.serviceTransactionId).toHaveLength(PROVIDER_FIELD_LIMITS.reference);
    expect(outcome.transaction.status).toHaveLength(PROVIDER_FIELD_LIMITS.status);
  });

  it("trims the service's own ID, as every other field", () => {
    const outcome = answer(200, { ...enquiryAnswer("TX-1", { status: "SUCCESS" }), transactionID: ' =HYPERLINK("http://x") ' });
    expect(outcome).toMatchObject({ type: "found", serviceTransactionId: '=HYPERLINK("http://x")' });
  });
});
