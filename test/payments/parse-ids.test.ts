import { describe, expect, it } from "vitest";
import { bareIds, extractIds, parseIds } from "../../src/payments/parse-ids.ts";
import { isValidTransactionId } from "../../src/payments/enquiry/transaction-id.ts";

describe("isValidTransactionId", () => {
  it.each(["TX-1", "a", "abc_DEF.123:xyz", "x".repeat(64)])("accepts %s", (id) => expect(isValidTransactionId(id)).toBe(true));
  it.each(["", "x".repeat(65), "TX 1", "TX<1>", "TX/1", "тx1", "TX-1\u200b", "TX\u00001"])("rejects %j", (id) =>
    expect(isValidTransactionId(id)).toBe(false),
  );
});

describe("parseIds", () => {
  it("trims and splits on spaces, commas and new lines, counting duplicates once", () => {
    expect(parseIds("  TX-1 ,TX-2\nTX-3,, TX-1  ")).toEqual({ type: "ids", ids: ["TX-1", "TX-2", "TX-3"] });
  });
  it("reports a missing ID", () => {
    expect(parseIds("")).toEqual({ type: "missing" });
    expect(parseIds("  \n ")).toEqual({ type: "missing" });
  });
  it("rejects the whole input when any part is not an ID", () => {
    expect(parseIds("TX-1 <script>")).toEqual({ type: "invalid" });
    expect(parseIds("x".repeat(65))).toEqual({ type: "invalid" });
  });
  it("enforces the limit after removing duplicates", () => {
    const ids = Array.from({ length: 21 }, (_, i) => `TX-${i}`);
    expect(parseIds(ids.join(" "))).toEqual({ type: "too_many", count: 21 });
    expect(parseIds([...ids.slice(0, 20), "TX-0"].join(" "))).toMatchObject({ type: "ids" });
  });
});

describe("bareIds", () => {
  it("takes a message of ID-looking words as IDs", () => {
    expect(bareIds("TX-1001\nTX-1002")).toEqual({ type: "ids", ids: ["TX-1001", "TX-1002"] });
  });
  it("does not take chat for IDs", () => {
    expect(bareIds("hello there")).toEqual({ type: "invalid" });
  });
});

describe("extractIds", () => {
  it("uses the whole text when it is only IDs", () => {
    expect(extractIds("TX-1 TX-2")).toEqual({ type: "ids", ids: ["TX-1", "TX-2"] });
  });
  it("finds references inside a customer's message", () => {
    expect(extractIds('Hello, I paid 5000 yesterday (ref: "MP2411.22.AB", txn TX-88123), nothing arrived!')).toEqual({
      type: "ids",
      ids: ["MP2411.22.AB", "TX-88123"],
    });
  });
  it("finds nothing in plain chat", () => {
    expect(extractIds("Hi, can you check my payment please?")).toEqual({ type: "missing" });
  });
});
