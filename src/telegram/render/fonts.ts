import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { readFontMetrics, type FontMetrics } from "./font-metrics.ts";

/**
 * The fonts the receipt picture is drawn in: DejaVu, from the `dejavu-fonts-ttf` package, found in
 * node_modules beside the code (from src/ under tsx, from dist/ once bundled, in the Docker image
 * alike). No system font is ever used, so every machine draws the same picture. DejaVu covers
 * Latin with every accent French, Portuguese and Swahili use, and much of Greek, Cyrillic, Arabic
 * and Hebrew besides.
 */
export interface ReceiptFonts {
  /** The files resvg loads. */
  files: readonly string[];
  sans: FontMetrics;
  sansBold: FontMetrics;
  monoBold: FontMetrics;
}

export const SANS_FAMILY = "DejaVu Sans";
export const MONO_FAMILY = "DejaVu Sans Mono";

/** Reads the fonts' advances (about 10 ms, once per process: the caller keeps the result). */
export function loadReceiptFonts(): ReceiptFonts {
  const folder = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  const sans = join(folder, "DejaVuSans.ttf");
  const sansBold = join(folder, "DejaVuSans-Bold.ttf");
  const monoBold = join(folder, "DejaVuSansMono-Bold.ttf");
  return { files: [sans, sansBold, monoBold], sans: readFontMetrics(sans), sansBold: readFontMetrics(sansBold), monoBold: readFontMetrics(monoBold) };
}
