import { renderAsync } from "@resvg/resvg-js";
import { indexedPng } from "./indexed-png.ts";
import { loadReceiptFonts, SANS_FAMILY, type ReceiptFonts } from "./fonts.ts";
import type { ReceiptLayout } from "./receipt-layout.ts";
import { receiptSvg } from "./receipt-svg.ts";

// The fonts' advances are constant data read from the package: read once, on the first receipt,
// rather than at import (a bot that never makes a receipt never reads them).
let fonts: ReceiptFonts | undefined;

/**
 * The receipt as a PNG, 1080 px wide: the SVG of receipt-svg.ts drawn by resvg with the shipped
 * fonts only (system fonts off: the Docker image draws what a laptop draws). resvg draws on libuv's
 * thread pool (renderAsync), so an agent's answer is not held up behind a receipt being drawn.
 */
export async function renderReceiptPicture(layout: ReceiptLayout): Promise<Buffer> {
  fonts ??= loadReceiptFonts();
  const { svg } = receiptSvg(layout, fonts);
  const image = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: [...fonts.files], defaultFontFamily: SANS_FAMILY, sansSerifFamily: SANS_FAMILY },
    // Text is placed by the layout, not fitted; geometric precision keeps its widths as measured.
    textRendering: 2,
    logLevel: "off",
  });
  // A palette PNG when the picture allows it (it does, but a font could one day draw more colours).
  return (await indexedPng(image.pixels, image.width, image.height)) ?? image.asPng();
}
