import fc from "fast-check";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { indexedPng } from "../../../src/telegram/render/indexed-png.ts";

/** An RGBA picture of `width` × `height` whose pixels are drawn from `colours`, in runs as a drawing has them. */
const pictures = (most: number) =>
  fc
    .record({ width: fc.integer({ min: 1, max: 60 }), height: fc.integer({ min: 1, max: 40 }), colours: fc.uniqueArray(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 1, maxLength: most }) })
    .chain(({ width, height, colours }) =>
      fc.array(fc.record({ colour: fc.nat(colours.length - 1), length: fc.integer({ min: 1, max: 8 }) }), { minLength: 1, maxLength: 400 }).map((runs) => {
        const pixels = new Uint32Array(width * height);
        let at = 0;
        for (let round = 0; at < pixels.length; round++) {
          const run = runs[round % runs.length] ?? { colour: 0, length: 1 };
          pixels.fill(colours[run.colour] ?? 0, at, Math.min(pixels.length, at + run.length));
          at += run.length;
        }
        return { width, height, rgba: Buffer.from(pixels.buffer), colours: new Set(pixels).size };
      }),
    );

describe("indexedPng", () => {
  it("gives a PNG that decodes to exactly the same pixels, whatever the colours (up to 256) and their runs", () => {
    fc.assert(
      fc.property(pictures(300), ({ width, height, rgba, colours }) => {
        const png = indexedPng(rgba, width, height);
        if (colours > 256) return expect(png).toBeUndefined();
        const decoded = PNG.sync.read(png ?? Buffer.alloc(0));
        expect([decoded.width, decoded.height]).toEqual([width, height]);
        expect(Buffer.compare(decoded.data, rgba)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("takes exactly 256 colours, and refuses the 257th", () => {
    const pixels = new Uint32Array(257).map((_, index) => 0xff000000 + index * 0x010203);
    expect(indexedPng(Buffer.from(pixels.buffer), 257, 1)).toBeUndefined();
    const fits = indexedPng(Buffer.from(pixels.slice(0, 256).buffer), 256, 1);
    expect(Buffer.compare(PNG.sync.read(fits ?? Buffer.alloc(0)).data, Buffer.from(pixels.slice(0, 256).buffer))).toBe(0);
  });
});
