import { MONO_FAMILY, SANS_FAMILY, type ReceiptFonts } from "./fonts.ts";
import { qrCodeSvg } from "./qr-svg.ts";
import type { ReceiptLayout, ReceiptTone } from "./receipt-layout.ts";
import { wrapText, type TextStyle } from "./wrap-text.ts";

/** The picture's width: a phone shows it full width at about a third, so 30 px type reads as 10 pt. */
export const RECEIPT_WIDTH = 1080;
const MARGIN = 72;
const CONTENT = RECEIPT_WIDTH - 2 * MARGIN;
const PANEL_PADDING = 40;
/**
 * Lines are wrapped to this share of the room they have: the advances the wrapping counts leave out
 * kerning and the shaping of joined scripts, which can widen a line by a little.
 */
const SLACK = 0.96;

const INK = "#151a22";
const MUTED = "#596273";
const RULE = "#dde1e7";
const BAND = "#1d2b4f";
const PANEL = "#f2f4f7";
const LINK = "#1c4fc4";
/** Colour is never the only sign: each tone has its own mark (a tick, a cross) and its own words. */
const TONES: Record<ReceiptTone, { strong: string; soft: string; mark: string }> = {
  success: { strong: "#17692f", soft: "#e5f3e9", mark: "M-30 2 L-9 23 L31 -19" },
  failed: { strong: "#b3261e", soft: "#fce9e7", mark: "M-22 -22 L22 22 M22 -22 L-22 22" },
};

type Font = "sans" | "sansBold" | "monoBold";
interface Run {
  font: Font;
  size: number;
  lineHeight: number;
  maxLines: number;
  fill: string;
  letterSpacing?: number;
}

/** The height of `lines` lines of a run: the line pitch between them, the font's ascent and descent around. */
const blockHeight = (lines: number, run: Run) => (lines - 1) * run.lineHeight + Math.round(run.size * 1.17);

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** An SVG of the receipt, and its size: the text wrapped to its place, the QR code of the link drawn. */
export function receiptSvg(layout: ReceiptLayout, fonts: ReceiptFonts): { svg: string; width: number; height: number } {
  const parts: string[] = [];

  /** Draws a run of text wrapped to `width` from `top`; returns the height it took. */
  const text = (value: string, run: Run, x: number, top: number, width: number): number => {
    const style: TextStyle = { metrics: fonts[run.font], size: run.size, letterSpacing: run.letterSpacing };
    const lines = wrapText(value, style, width * SLACK, run.maxLines);
    if (lines.length === 0) return 0;
    const family = run.font === "monoBold" ? MONO_FAMILY : SANS_FAMILY;
    const weight = run.font === "sans" ? "normal" : "bold";
    const spacing = run.letterSpacing ? ` letter-spacing="${run.letterSpacing}"` : "";
    for (const [index, line] of lines.entries()) {
      const baseline = top + Math.round(run.size * 0.93) + index * run.lineHeight;
      parts.push(`<text x="${x}" y="${baseline}" font-family="${family}" font-weight="${weight}" font-size="${run.size}" fill="${run.fill}"${spacing}>${escapeXml(line)}</text>`);
    }
    return blockHeight(lines.length, run);
  };

  // The band: the title, white on dark blue, so the picture is known at a glance in a chat.
  const bandParts = parts.length;
  const titleHeight = text(layout.title, { font: "sansBold", size: 46, lineHeight: 58, maxLines: 2, fill: "#ffffff" }, MARGIN, 48, CONTENT);
  const bandHeight = 48 + titleHeight + 40;
  parts.splice(bandParts, 0, `<rect width="${RECEIPT_WIDTH}" height="${bandHeight}" fill="${BAND}"/>`);
  let y = bandHeight + 56;

  // What was paid: its kind, then its ID in a monospaced font (every character told apart).
  y += text(layout.kindLabel, { font: "sans", size: 32, lineHeight: 42, maxLines: 2, fill: MUTED }, MARGIN, y, CONTENT) + 10;
  y += text(layout.transactionId, { font: "monoBold", size: 52, lineHeight: 64, maxLines: 2, fill: INK }, MARGIN, y, CONTENT) + 44;

  // The status: the largest type, in a panel of its tone, with its mark.
  const tone = TONES[layout.status.tone];
  const badge = 124;
  const statusX = MARGIN + PANEL_PADDING + badge + 36;
  const statusWidth = RECEIPT_WIDTH - MARGIN - PANEL_PADDING - statusX;
  const statusPanel = parts.length;
  const statusRun: Run = { font: "sansBold", size: 76, lineHeight: 88, maxLines: 2, fill: tone.strong };
  const statusLines = wrapText(layout.status.text, { metrics: fonts.sansBold, size: statusRun.size }, statusWidth * SLACK, statusRun.maxLines).length;
  const statusHeight = blockHeight(Math.max(1, statusLines), statusRun);
  const inner = Math.max(badge, statusHeight);
  text(layout.status.text, statusRun, statusX, y + PANEL_PADDING + (inner - statusHeight) / 2, statusWidth);
  const centre = { x: MARGIN + PANEL_PADDING + badge / 2, y: y + PANEL_PADDING + inner / 2 };
  parts.splice(
    statusPanel,
    0,
    `<rect x="${MARGIN}" y="${y}" width="${CONTENT}" height="${inner + 2 * PANEL_PADDING}" rx="28" fill="${tone.soft}" stroke="${tone.strong}" stroke-width="4"/>`,
    `<circle cx="${centre.x}" cy="${centre.y}" r="${badge / 2}" fill="${tone.strong}"/>`,
    `<path transform="translate(${centre.x} ${centre.y})" d="${tone.mark}" fill="none" stroke="#ffffff" stroke-width="13" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  y += inner + 2 * PANEL_PADDING + 40;

  // The facts, each a label over its value, ruled apart.
  for (const [index, field] of layout.fields.entries()) {
    if (index > 0) {
      parts.push(`<rect x="${MARGIN}" y="${y}" width="${CONTENT}" height="2" fill="${RULE}"/>`);
      y += 26;
    }
    y += text(field.label, { font: "sans", size: 30, lineHeight: 38, maxLines: 2, fill: MUTED }, MARGIN, y, CONTENT) + 6;
    y += text(field.value, { font: "sans", size: 38, lineHeight: 48, maxLines: 4, fill: INK }, MARGIN, y, CONTENT) + 26;
  }
  y += 18;

  // How to check it: the QR code beside the code and the hint, the link under them.
  const verifyPanel = parts.length;
  const qr = qrCodeSvg(layout.link, MARGIN + PANEL_PADDING, y + PANEL_PADDING, 320);
  const columnX = MARGIN + PANEL_PADDING + qr.size + 40;
  const columnWidth = RECEIPT_WIDTH - MARGIN - PANEL_PADDING - columnX;
  let column = y + PANEL_PADDING;
  column += text(layout.codeLabel, { font: "sans", size: 30, lineHeight: 38, maxLines: 2, fill: MUTED }, columnX, column, columnWidth) + 12;
  column += text(layout.code, { font: "monoBold", size: 50, lineHeight: 62, maxLines: 2, fill: INK, letterSpacing: 2 }, columnX, column, columnWidth) + 24;
  column += text(layout.verifyHint, { font: "sans", size: 32, lineHeight: 42, maxLines: 5, fill: INK }, columnX, column, columnWidth);
  const verifyHeight = Math.max(qr.size, column - y - PANEL_PADDING) + 2 * PANEL_PADDING;
  parts.splice(verifyPanel, 0, `<rect x="${MARGIN}" y="${y}" width="${CONTENT}" height="${verifyHeight}" rx="28" fill="${PANEL}"/>`, qr.svg);
  y += verifyHeight + 28;
  y += text(layout.link, { font: "sans", size: 32, lineHeight: 42, maxLines: 3, fill: LINK }, MARGIN, y, CONTENT);
  const height = Math.round(y + MARGIN);

  // No clip path as a safety net: it costs resvg a layer and a mask as large as the picture (25 ms
  // of a receipt's 60, and 15 MB); the wrapping keeps every line within its width on its own.
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RECEIPT_WIDTH}" height="${height}" viewBox="0 0 ${RECEIPT_WIDTH} ${height}" xml:lang="${escapeXml(layout.language)}">`,
    `<rect width="${RECEIPT_WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    `</svg>`,
  ].join("");
  return { svg, width: RECEIPT_WIDTH, height };
}
