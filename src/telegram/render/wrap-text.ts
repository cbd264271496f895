import type { FontMetrics } from "./font-metrics.ts";

/** A font at a size, as one run of text is drawn. */
export interface TextStyle {
  metrics: FontMetrics;
  size: number;
  /** Extra space after every character, in px (as SVG's letter-spacing). */
  letterSpacing?: number;
}

// Characters XML 1.0 forbids (an SVG holding one does not parse) and C1 controls.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
// Bidirectional controls: an override (U+202E) in provider text would turn the printed facts around
// ("PAID" read as "DIAP", digits reordered), so they are dropped; right-to-left letters still read
// right to left, each line on its own.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// Marks stacked on one letter past three ("Zalgo" text) would climb into the lines above and below.
const MARK_STACK = /(\p{M}{3})\p{M}+/gu;
const ELLIPSIS = "…";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** Text as the picture may draw it: well-formed, no controls, no towers of marks, its white space as single spaces. */
export function drawableText(text: string): string {
  return text.toWellFormed().replace(NOT_XML, " ").replace(BIDI_CONTROLS, "").replace(MARK_STACK, "$1").replace(/\s+/gu, " ").trim();
}

/** The width of a text in a style, in px. */
export function textWidth(text: string, style: TextStyle): number {
  const spacing = style.letterSpacing ?? 0;
  return style.metrics.width(text, style.size) + (spacing === 0 ? 0 : spacing * [...text].length);
}

/** The last line, shortened until it and the ellipsis fit. */
function ellipsize(line: string, style: TextStyle, maxWidth: number): string {
  const parts = Array.from(graphemes.segment(line), (segment) => segment.segment);
  const ellipsis = textWidth(ELLIPSIS, style);
  let width = textWidth(line, style);
  while (parts.length > 0 && width + ellipsis > maxWidth) width -= textWidth(parts.pop() ?? "", style);
  return `${parts.join("").trimEnd()}${ELLIPSIS}`;
}

/**
 * Lines of at most `maxWidth` px, at most `maxLines` of them: words go whole onto a line when they
 * fit, a word longer than a line is broken between characters (never inside one: an accent stays on
 * its letter), and text past the last line is cut with an ellipsis. Widths come from the font's own
 * advances, so a 4,000-character word costs a few lines, never a picture wider than planned.
 */
export function wrapText(text: string, style: TextStyle, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  const space = textWidth(" ", style);
  let current = "";
  let width = 0;
  const full = () => lines.length > maxLines;
  const pushLine = () => {
    if (current !== "") lines.push(current);
    current = "";
    width = 0;
  };
  for (const word of drawableText(text).split(" ")) {
    if (word === "" || full()) continue;
    const wordWidth = textWidth(word, style);
    const joined = current === "" ? wordWidth : width + space + wordWidth;
    if (joined <= maxWidth) {
      current = current === "" ? word : `${current} ${word}`;
      width = joined;
      continue;
    }
    pushLine();
    if (wordWidth <= maxWidth) {
      current = word;
      width = wordWidth;
      continue;
    }
    for (const { segment } of graphemes.segment(word)) {
      const segmentWidth = textWidth(segment, style);
      if (current !== "" && width + segmentWidth > maxWidth) pushLine();
      if (full()) break;
      current += segment;
      width += segmentWidth;
    }
  }
  pushLine();
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(kept[maxLines - 1] ?? "", style, maxWidth);
  return kept;
}
