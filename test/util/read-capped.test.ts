import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readCapped } from "../../src/util/read-capped.ts";

const chunks = (...sizes: number[]) => Readable.from(sizes.map((size) => Buffer.alloc(size, 0x61)));

describe("readCapped", () => {
  it("reads a body up to the limit whole", async () => {
    expect((await readCapped(chunks(3, 4, 3), 10))?.toString()).toBe("a".repeat(10));
  });

  it("gives up on a body past the limit, and closes it without reading the rest", async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced++;
        this.push(Buffer.alloc(1_024));
      },
    });
    expect(await readCapped(endless, 4_000)).toBeUndefined();
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(20);
  });
});
