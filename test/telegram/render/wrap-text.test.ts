import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadReceiptFonts } from "../../../src/telegram/render/fonts.ts";
import { drawableText, textWidth, wrapText, type TextStyle } from "../../../src/telegram/render/wrap-text.ts";
import { HOSTILE_TEXT } from "../../support/receipt-layouts.ts";

const fonts = loadReceiptFonts();
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const sans: TextStyle = { metrics: fonts.sans, size: 38 };
const mono: TextStyle = { metrics: fonts.monoBold, size: 50, letterSpacing: 2 };

describe("the fonts' advances", () => {
  it("are read from the shipped fonts: a monospaced font's are all alike, W is wider than i", () => {
    expect(fonts.monoBold.advance("W".codePointAt(0) ?? 0)).toBeCloseTo(fonts.monoBold.advance("i".codePointAt(0) ?? 0));
    expect(fonts.sans.advance("W".codePointAt(0) ?? 0)).toBeGreaterThan(2 * fonts.sans.advance("i".codePointAt(0) ?? 0));
    expect(fonts.sans.has("é".codePointAt(0) ?? 0)).toBe(true);
    // A character the font lacks counts wider than any letter it has.
    expect(fonts.sansBold.has(0x4e00)).toBe(false);
    expect(fonts.sansBold.advance(0x4e00)).toBeGreaterThan(fonts.sansBold.advance("W".codePointAt(0) ?? 0));
  });
});

describe("text the picture may draw", () => {
  it("drops controls XML forbids and bidirectional overrides, mends lone surrogates, and makes white space single spaces", () => {
    expect(drawableText("a\u0000b\u0007c\uFFFF d\u202Eyap\u202C\u2066x\u2069 \uD800")).toBe("a b c dyapx \uFFFD");
    expect(drawableText("  one\n\ttwo  ")).toBe("one two");
    expect(drawableText(`Z${"\u0301\u0300\u0302\u0303".repeat(10)}a`)).toBe("Z\u0301\u0300\u0302a");
  });
});

describe("wrapping", () => {
  it("puts whole words on a line while they fit", () => {
    const text = "Scan the code or open the link to check that this receipt is genuine.";
    const lines = wrapText(text, sans, 500, 5);
    expect(lines.length).toBe(3);
    expect(lines.join(" ")).toBe(text);
    for (const [index, line] of lines.entries()) {
      expect(textWidth(line, sans)).toBeLessThanOrEqual(500);
      const next = lines[index + 1]?.split(" ")[0];
      if (next) expect(textWidth(`${line} ${next}`, sans)).toBeGreaterThan(500);
    }
  });

  it("breaks a word longer than a line between characters, never between a letter and its accent", () => {
    const lines = wrapText("e\u0301".repeat(200), sans, 300, 20);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.startsWith("\u0301")).toBe(false);
    expect(lines.join("")).toBe("e\u0301".repeat(200));
  });

  it("cuts text past the last line with an ellipsis that fits", () => {
    const lines = wrapText(HOSTILE_TEXT, sans, 900, 4);
    expect(lines).toHaveLength(4);
    expect(lines[3]?.endsWith("…")).toBe(true);
    for (const line of lines) expect(textWidth(line, sans)).toBeLessThanOrEqual(900);
  });

  // Wider than any one character (a missing one counts 1.25 em, 64 px at 50 px): the picture's lines are 500 px and more.
  it("never makes a line wider than it was given, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.integer({ min: 100, max: 1_000 }), fc.integer({ min: 1, max: 6 }), (text, width, maxLines) => {
        for (const style of [sans, mono]) {
          const lines = wrapText(text, style, width, maxLines);
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          // A line may only be too wide when it is one character that is (three accents on a glyph the font lacks).
          for (const line of lines) if ([...graphemes.segment(line)].length > 1) expect(textWidth(line, style)).toBeLessThanOrEqual(width);
        }
      }),
    );
    // A hundred texts of every kind of character, segmented twice: room for a loaded machine.
  }, 30_000);
});
