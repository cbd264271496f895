import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import { createReceiptRenderer } from "../../../src/telegram/render/receipt-picture.ts";
import { HOSTILE_LAYOUT, RECEIPT_LAYOUTS } from "../../support/receipt-layouts.ts";

// jsqr is CommonJS typed as an ES module: its default export is the module, whose `default` is the function.
const jsQR = jsQRModule.default;
const linkIn = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data;
};

const render = createReceiptRenderer({ idleMs: 60_000 });
afterAll(() => render.close());

// A thread compiled from the sources by tsx on a loaded machine takes seconds to start: room for that.
describe("the receipts' thread", { timeout: 30_000 }, () => {
  it("gives each of several receipts asked at once its own picture", async () => {
    const layouts = [RECEIPT_LAYOUTS.en, { ...RECEIPT_LAYOUTS.sw, link: "https://pay.example.com/r/OTHER" }, HOSTILE_LAYOUT];
    const pictures = await Promise.all(layouts.map((layout) => render(layout)));
    expect(pictures.map(linkIn)).toEqual(layouts.map((layout) => layout.link));
  });

  it("draws again once closed, in a thread started anew", async () => {
    await render(RECEIPT_LAYOUTS.fr);
    await render.close();
    expect(linkIn(await render(RECEIPT_LAYOUTS.pt))).toBe(RECEIPT_LAYOUTS.pt.link);
  });

});
