import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { loadReceiptFonts } from "../../../src/telegram/render/fonts.ts";
import type { ReceiptLayout } from "../../../src/telegram/render/receipt-layout.ts";
import { renderReceiptPicture } from "../../../src/telegram/render/receipt-picture.ts";
import { RECEIPT_WIDTH, receiptSvg } from "../../../src/telegram/render/receipt-svg.ts";
import { HOSTILE_LAYOUT, RECEIPT_LAYOUTS } from "../../support/receipt-layouts.ts";

const MAX_BYTES = 300 * 1024;
// jsqr is CommonJS typed as an ES module: its default export is the module, whose `default` is the function.
const jsQR = jsQRModule.default;

/** What a phone's camera would read from the picture's QR code. */
function decodeQr(png: Buffer): { width: number; height: number; link: string | undefined } {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
  return { width: image.width, height: image.height, link: found?.data };
}

const cases: [string, ReceiptLayout][] = [...Object.entries(RECEIPT_LAYOUTS), ["hostile", HOSTILE_LAYOUT]];

// The pictures are drawn on a thread compiled from the sources by tsx, which on a loaded machine takes seconds to start.
describe("the receipt picture", { timeout: 30_000 }, () => {
  it.each(cases)("%s: a PNG 1080 px wide, under 300 KB, whose QR code reads as the link exactly", async (_name, layout) => {
    const png = await renderReceiptPicture(layout);
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(png.length).toBeLessThan(MAX_BYTES);
    const { width, height, link } = decodeQr(png);
    expect(width).toBe(RECEIPT_WIDTH);
    // Tall enough for what it holds, never a strip of endless text.
    expect(height).toBeGreaterThan(1_000);
    expect(height).toBeLessThan(3_000);
    expect(link).toBe(layout.link);
    // Drawing and decoding a 1080-px picture is CPU work: a loaded machine needs more than the default 5 s (no timing claim here).
  }, 30_000);

  it("holds provider text as text: markup escaped, no override, nothing XML refuses", () => {
    const { svg } = receiptSvg(HOSTILE_LAYOUT, loadReceiptFonts());
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt;");
    expect(svg).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u0000-\u0008\uFFFF]/);
  });

  it("keeps every line inside the margins, in every language and the hostile case", () => {
    const fonts = loadReceiptFonts();
    let checked = 0;
    for (const [, layout] of cases) {
      const { svg } = receiptSvg(layout, fonts);
      for (const match of svg.matchAll(/<text x="(\d+)"[^>]*font-family="([^"]+)" font-weight="(\w+)" font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)) {
        const [, x, family, weight, size, escaped] = match;
        const metrics = family === "DejaVu Sans Mono" ? fonts.monoBold : weight === "bold" ? fonts.sansBold : fonts.sans;
        const line = (escaped ?? "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
        const spacing = / letter-spacing="(\d+)"/.exec(match[0])?.[1];
        const width = metrics.width(line, Number(size)) + Number(spacing ?? 0) * [...line].length;
        expect(Number(x) + width, line).toBeLessThanOrEqual(RECEIPT_WIDTH - 72);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5 * 12);
  });

  it("shows the failure reason and an empty field without breaking", async () => {
    const layout: ReceiptLayout = { ...RECEIPT_LAYOUTS.en, fields: [{ label: "Reason", value: "" }, { label: "", value: "x" }], title: "" };
    const { link } = decodeQr(await renderReceiptPicture(layout));
    expect(link).toBe(layout.link);
  });
});
