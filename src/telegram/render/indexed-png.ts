import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_COLOURS = 256;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The same pixels as a palette PNG (one byte a pixel instead of four), when they hold at most 256
 * colours; undefined otherwise. A receipt does: a few flat colours and the anti-aliased edges
 * between them, about 240 in all. That is lossless and about a third of the size resvg's own
 * RGBA PNG takes, which keeps a receipt full of provider text well under 300 KB, and costs less
 * CPU (a quarter of the bytes to deflate). Deflate level 6: level 9 saves another 12 % of the bytes
 * for ten times the CPU (70 ms against 8). Synchronous: it runs on the receipts' own thread
 * (receipt-thread.ts), never on the event loop that answers the agents.
 */
export function indexedPng(rgba: Buffer, width: number, height: number): Buffer | undefined {
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const indexOf = new Map<number, number>();
  const rows = Buffer.alloc(height * (width + 1));
  // Long runs of one colour: the last one is remembered, so most pixels cost no lookup.
  let last = -1;
  let lastIndex = 0;
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    // Filter type 0 (none) on every row, as the PNG specification advises for palette images.
    rows[row] = 0;
    for (let x = 0; x < width; x++) {
      const colour = pixels[y * width + x] ?? 0;
      if (colour !== last) {
        let index = indexOf.get(colour);
        if (index === undefined) {
          if (indexOf.size === MAX_COLOURS) return undefined;
          index = indexOf.size;
          indexOf.set(colour, index);
        }
        last = colour;
        lastIndex = index;
      }
      rows[row + 1 + x] = lastIndex;
    }
  }
  const palette = Buffer.alloc(indexOf.size * 3);
  const alpha = Buffer.alloc(indexOf.size);
  const bytes = Buffer.alloc(4);
  for (const [colour, index] of indexOf) {
    // The Uint32Array read the RGBA bytes in the machine's order: written back the same way.
    new Uint32Array(bytes.buffer, bytes.byteOffset, 1)[0] = colour;
    bytes.copy(palette, index * 3, 0, 3);
    alpha[index] = bytes[3] ?? 255;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits an index, colour type 3 (palette), no interlace
  const opaque = alpha.every((value) => value === 255);
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", palette),
    ...(opaque ? [] : [chunk("tRNS", alpha)]),
    chunk("IDAT", deflateSync(rows, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
