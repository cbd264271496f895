import { readFileSync } from "node:fs";

/**
 * How wide a text is in one of the fonts the receipt picture ships with, read from the font's own
 * tables (cmap: character → glyph; hmtx: glyph → advance), so that wrapping is decided by the
 * widths resvg will draw rather than by a guess. Only what wrapping needs: no shaping, no kerning
 * (the caller keeps a margin for both).
 */
export interface FontMetrics {
  /** The advance of one code point, in em (a character the font lacks counts as MISSING_ADVANCE_EM: resvg draws a fallback or nothing). */
  advance(codePoint: number): number;
  /** Whether the font has a glyph for the code point. */
  has(codePoint: number): boolean;
  /** The width of a text at a font size, in the size's units. */
  width(text: string, size: number): number;
}

/**
 * A character the font lacks is taken as 1.25 em: wider than the widest letter of DejaVu Sans Bold
 * (W, 1.1 em), so whatever resvg draws in its place (another shipped font's glyph, or nothing) fits.
 */
const MISSING_ADVANCE_EM = 1.25;

interface Tables {
  view: DataView;
  offsets: Map<string, number>;
}

function readTables(data: Buffer): Tables {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const count = view.getUint16(4);
  const offsets = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
    offsets.set(tag, view.getUint32(record + 8));
  }
  return { view, offsets };
}

function table({ offsets }: Tables, tag: string): number {
  const offset = offsets.get(tag);
  if (offset === undefined) throw new Error(`font has no ${tag} table`);
  return offset;
}

/** Every mapped code point and its glyph, from the best Unicode subtable (format 12, else format 4). */
function readCmap(tables: Tables): Map<number, number> {
  const { view } = tables;
  const cmap = table(tables, "cmap");
  const subtables = view.getUint16(cmap + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < subtables; i++) {
    const record = cmap + 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const at = cmap + view.getUint32(record + 4);
    const format = view.getUint16(at);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && format === 12) format12 ??= at;
    if (unicode && format === 4) format4 ??= at;
  }
  const glyphs = new Map<number, number>();
  if (format12 !== undefined) {
    const groups = view.getUint32(format12 + 12);
    for (let g = 0; g < groups; g++) {
      const group = format12 + 16 + g * 12;
      const start = view.getUint32(group);
      const end = view.getUint32(group + 4);
      const glyph = view.getUint32(group + 8);
      for (let c = start; c <= end; c++) glyphs.set(c, glyph + c - start);
    }
    return glyphs;
  }
  if (format4 === undefined) throw new Error("font has no Unicode cmap");
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = view.getUint16(ends + s * 2);
    const start = view.getUint16(starts + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const rangeAt = rangeOffsets + s * 2;
    const rangeOffset = view.getUint16(rangeAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      const raw = rangeOffset === 0 ? c : view.getUint16(rangeAt + rangeOffset + (c - start) * 2);
      const glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      if (glyph !== 0) glyphs.set(c, glyph);
    }
  }
  return glyphs;
}

/** Reads a TrueType font file's advances. */
export function readFontMetrics(path: string): FontMetrics {
  const tables = readTables(readFileSync(path));
  const { view } = tables;
  const unitsPerEm = view.getUint16(table(tables, "head") + 18);
  const longMetrics = view.getUint16(table(tables, "hhea") + 34);
  const hmtx = table(tables, "hmtx");
  const glyphs = readCmap(tables);
  const glyphAdvance = (glyph: number) => view.getUint16(hmtx + Math.min(glyph, longMetrics - 1) * 4) / unitsPerEm;
  const advances = new Map<number, number>();
  for (const [codePoint, glyph] of glyphs) advances.set(codePoint, glyphAdvance(glyph));
  const advance = (codePoint: number) => advances.get(codePoint) ?? MISSING_ADVANCE_EM;
  return {
    advance,
    has: (codePoint) => advances.has(codePoint),
    width(text, size) {
      let em = 0;
      for (const character of text) em += advance(character.codePointAt(0) ?? 0);
      return em * size;
    },
  };
}
