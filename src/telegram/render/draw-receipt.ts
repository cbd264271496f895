import { Resvg } from "@resvg/resvg-js";
import { SANS_FAMILY, type ReceiptFonts } from "./fonts.ts";
import { indexedPng } from "./indexed-png.ts";
import type { ReceiptLayout } from "./receipt-layout.ts";
import { receiptSvg } from "./receipt-svg.ts";

/**
 * The receipt as a PNG 1080 px wide, drawn synchronously: the SVG of receipt-svg.ts drawn by resvg
 * with the shipped fonts only (system fonts off: the Docker image draws what a laptop draws), at
 * the SVG's own size (1080 px wide already: no scaling, the smallest pixmap the picture needs).
 * Called on the receipts' own thread (receipt-thread.ts) only: it holds whoever calls it for 40 to
 * 120 ms.
 *
 * resvg's objects hold the picture's pixels in native memory V8 does not see; they are made here
 * and nothing outside keeps them, so they are garbage as soon as this returns (the thread then
 * collects them at once).
 */
export function drawReceipt(layout: ReceiptLayout, fonts: ReceiptFonts): Buffer {
  const { svg } = receiptSvg(layout, fonts);
  const image = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: [...fonts.files], defaultFontFamily: SANS_FAMILY, sansSerifFamily: SANS_FAMILY },
    // Text is placed by the layout, not fitted; geometric precision keeps its widths as measured.
    textRendering: 2,
    logLevel: "off",
  }).render();
  // A palette PNG when the picture allows it (it does, but a font could one day draw more colours).
  return indexedPng(image.pixels, image.width, image.height) ?? image.asPng();
}
