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
 * between them, about 240 in all. That is lossless and about half the size of resvg's own RGBA
 * PNG, for a tenth of its CPU. Synchronous: it runs on the receipts' own thread
 * (receipt-thread.ts), never on the event loop that answers the agents.
 *
 * Measured on a receipt (1080 × 1647, 1.8 million pixels in about 51,000 runs of one colour):
 * - Runs, not pixels: each run is looked up once and written with one fill, 4 ms instead of 14 for
 *   a lookup (or a comparison and a write) per pixel.
 * - Colours in a small open-addressing table of typed arrays instead of a Map.
 * - Deflate level 3: 4 ms and 61 KB, against level 6's 13 ms and 49 KB. Telegram re-encodes a
 *   photo anyway, so the bytes only travel once, from the bot to Telegram, well under 300 KB.
 */
export function indexedPng(rgba: Buffer, width: number, height: number): Buffer | undefined {
  const rows = paletteRows(new Uint32Array(rgba.buffer, rgba.byteOffset, width * height), width, height);
  if (!rows) return undefined;
  const { indices, colours } = rows;
  const palette = Buffer.alloc(colours.length * 3);
  const alpha = Buffer.alloc(colours.length);
  const bytes = Buffer.alloc(4);
  colours.forEach((colour, index) => {
    // The Uint32Array read the RGBA bytes in the machine's order: written back the same way.
    new Uint32Array(bytes.buffer, bytes.byteOffset, 1)[0] = colour;
    bytes.copy(palette, index * 3, 0, 3);
    alpha[index] = bytes[3] ?? 255;
  });
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
    chunk("IDAT", deflateSync(indices, { level: 3 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Slots of the colour table: a power of two, well above 256 so that lookups rarely probe twice. */
const SLOT_BITS = 12;
const SLOTS = 1 << SLOT_BITS;
/** Shorter runs are written a byte at a time: a fill's call costs more than a few writes. */
const SHORTEST_FILL = 16;

/**
 * Each row as filter type 0 (none, as the PNG specification advises for palette images) and the
 * palette index of each pixel; the palette's colours in the order first met. Undefined past 256.
 */
function paletteRows(pixels: Uint32Array, width: number, height: number): { indices: Uint8Array; colours: number[] } | undefined {
  const keys = new Uint32Array(SLOTS);
  const slots = new Int16Array(SLOTS).fill(-1);
  const colours: number[] = [];
  const indices = new Uint8Array(height * (width + 1));
  let out = 0;
  let at = 0;
  for (let y = 0; y < height; y++) {
    indices[out++] = 0;
    const rowEnd = at + width;
    while (at < rowEnd) {
      const colour = pixels[at] ?? 0;
      let runEnd = at + 1;
      while (runEnd < rowEnd && pixels[runEnd] === colour) runEnd++;
      // Fibonacci hashing: the multiplication spreads nearby colours over the table's top bits.
      let slot = Math.imul(colour, 0x9e3779b1) >>> (32 - SLOT_BITS);
      let index = slots[slot] ?? -1;
      while (index >= 0 && keys[slot] !== colour) {
        slot = (slot + 1) & (SLOTS - 1);
        index = slots[slot] ?? -1;
      }
      if (index < 0) {
        if (colours.length === MAX_COLOURS) return undefined;
        index = colours.length;
        colours.push(colour);
        keys[slot] = colour;
        slots[slot] = index;
      }
      const length = runEnd - at;
      if (length < SHORTEST_FILL) for (let k = 0; k < length; k++) indices[out + k] = index;
      else indices.fill(index, out, out + length);
      out += length;
      at = runEnd;
    }
  }
  return { indices, colours };
}
