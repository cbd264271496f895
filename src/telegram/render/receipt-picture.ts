import { renderAsync } from "@resvg/resvg-js";
import { indexedPng } from "./indexed-png.ts";
import { loadReceiptFonts, SANS_FAMILY, type ReceiptFonts } from "./fonts.ts";
import type { ReceiptLayout } from "./receipt-layout.ts";
import { receiptSvg } from "./receipt-svg.ts";

export type ReceiptRenderer = (layout: ReceiptLayout) => Promise<Buffer>;

/**
 * Draws receipts as PNGs 1080 px wide: the SVG of receipt-svg.ts drawn by resvg with the shipped
 * fonts only (system fonts off: the Docker image draws what a laptop draws), on libuv's thread pool
 * (renderAsync), so an agent's answer is not held up behind a receipt being drawn.
 *
 * `concurrency` receipts are drawn at a time, the rest wait their turn in order. A receipt holds
 * about 20 MB while it is drawn (its pixels, twice) and takes about 90 ms of a core: twenty drawn at
 * once would hold 400 MB and take every core from the answers; one at a time, twenty take two
 * seconds, hold 20 MB, and leave the other cores to the agents.
 */
export function createReceiptRenderer({ concurrency = 1 }: { concurrency?: number } = {}): ReceiptRenderer {
  // The fonts' advances are constant data read from the package: read on the first receipt, not at
  // start (a bot that never makes a receipt never reads them).
  let fonts: ReceiptFonts | undefined;
  let drawing = 0;
  const waiting: (() => void)[] = [];
  const turn = () => (drawing < concurrency ? (drawing++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
  // A finished receipt hands its place straight to the next in line.
  const done = () => (waiting.shift() ?? (() => drawing--))();

  return async (layout) => {
    await turn();
    try {
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
    } finally {
      done();
    }
  };
}

// One renderer for the process: its turn-taking is about this process's cores and memory.
let shared: ReceiptRenderer | undefined;

/** The receipt as a PNG, drawn by the process's one renderer (see createReceiptRenderer). */
export function renderReceiptPicture(layout: ReceiptLayout): Promise<Buffer> {
  shared ??= createReceiptRenderer();
  return shared(layout);
}
