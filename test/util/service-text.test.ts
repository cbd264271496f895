import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanServiceText, truncate } from "../../src/util/service-text.ts";

/** Cleaning as it is done for any text, without the shortcut for text already clean. */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
function cleanedInFull(text: string, max: number): string {
  const shown = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const clean = shown.toWellFormed().replace(UNSAFE, "").replace(/\s+/g, " ").trim();
  return truncate(shown === text ? clean : `${clean}…`, max);
}

describe("service text", () => {
  it("gives text already clean back as it is, and cleans anything else in full", () => {
    const pieces = fc.oneof(fc.stringMatching(/^[!-~]{1,12}$/), fc.constantFrom(" ", "  ", "\t", "\n", "\u202e", "\u0000", "\u007f", "é", "😀", "\ud800", "\u00a0"), fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")), fc.integer({ min: 1, max: 60 }), (text, max) => {
        expect(cleanServiceText(text, max)).toBe(cleanedInFull(text, max));
      }),
      { numRuns: 3000 },
    );
    expect(cleanServiceText("SUCCESS", 40)).toBe("SUCCESS");
    expect(cleanServiceText(" Insufficient  funds ", 40)).toBe("Insufficient funds");
  });
});
