import type { Readable } from "node:stream";

/**
 * Reads a stream whole, unless it holds more than `limit` bytes: then it is closed at once and
 * undefined returned, so that a runaway body is never buffered.
 */
export async function readCapped(body: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
