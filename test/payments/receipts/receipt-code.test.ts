import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, newReceiptCode, normaliseReceiptCode, receiptCodeHash } from "../../../src/payments/receipts/receipt-code.ts";

describe("receipt codes", () => {
  it("are 12 characters of an alphabet without look-alikes, in groups of four", () => {
    for (let draw = 0; draw < 200; draw++) {
      const code = newReceiptCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    }
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it("carry 60 random bits: all-zero and all-one bytes give the ends of the alphabet, and draws do not repeat", () => {
    expect(newReceiptCode(() => Buffer.alloc(8, 0))).toBe("0000-0000-0000");
    expect(newReceiptCode(() => Buffer.alloc(8, 0xff))).toBe("ZZZZ-ZZZZ-ZZZZ");
    const drawn = new Set(Array.from({ length: 1_000 }, () => newReceiptCode()));
    expect(drawn.size).toBe(1_000);
  });

  it("are read the way people type them: lower case, O for 0, I or L for 1, dashes left out or spaces put in", () => {
    expect(normaliseReceiptCode("R7KQ-4XM9-P2JD")).toBe("R7KQ-4XM9-P2JD");
    expect(normaliseReceiptCode("r7kq4xm9p2jd")).toBe("R7KQ-4XM9-P2JD");
    expect(normaliseReceiptCode(" r7kq 4xm9 p2jd ")).toBe("R7KQ-4XM9-P2JD");
    expect(normaliseReceiptCode("OIL0-1111-2222")).toBe("0110-1111-2222");
    expect(normaliseReceiptCode("R7KQ_4XM9_P2JD")).toBe("R7KQ-4XM9-P2JD");
  });

  it("are read through what phones and copying add: invisible characters, other dashes, full-width letters", () => {
    for (const typed of ["\u200bR7KQ-4XM9-P2JD\u200d", "\ufeffR7KQ\u00ad4XM9\u2060P2JD", "R7KQ\u20114XM9\u2013P2JD", "R7KQ\u2014 4XM9 \u2212P2JD", "Ｒ７ＫＱ－４ＸＭ９－Ｐ２ＪＤ", "\u200eR7KQ-4XM9-P2JD\u200f"]) {
      expect(normaliseReceiptCode(typed), JSON.stringify(typed)).toBe("R7KQ-4XM9-P2JD");
    }
    // Letters of other scripts that look like Latin capitals are other letters: not the code.
    for (const typed of ["\u0420\u0037KQ-4XM9-P2JD", "R7\u039aQ-4XM9-P2JD"]) expect(normaliseReceiptCode(typed), JSON.stringify(typed)).toBeUndefined();
  });

  it("refuse what cannot be a code: too short, too long, a U, markup", () => {
    for (const typed of ["", "R7KQ-4XM9", "R7KQ-4XM9-P2JD-A", "U7KQ-4XM9-P2JD", "<b>R7KQ4XM9P2J</b>", "x".repeat(100)]) expect(normaliseReceiptCode(typed), typed).toBeUndefined();
  });

  it("are kept as a SHA-256 of their one spelling: every way of typing a code finds the same receipt", () => {
    const hash = receiptCodeHash("R7KQ-4XM9-P2JD");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("R7KQ");
    expect(receiptCodeHash(normaliseReceiptCode("r7kq4xm9p2jd") ?? "")).toBe(hash);
  });
});
