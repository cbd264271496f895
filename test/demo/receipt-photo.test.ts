import { readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { InputFile } from "grammy";
import { describe, expect, it } from "vitest";
import { receiptPhotos } from "../../src/demo/receipt-photo.ts";

describe("a receipt picture in the demo", () => {
  it("is written to a file, whose path is printed with the caption and how to check the code", async () => {
    const show = receiptPhotos();
    const png = Buffer.from("\x89PNG demo");
    const text = await show({ photo: new InputFile(png, "receipt-7.png"), caption: "Payment status\nVerification code: R7KQ-4XM9-P2JD" });
    const path = /\(sends a receipt picture: (.+receipt-7\.png)\)/.exec(text)?.[1] ?? "";
    try {
      expect(readFileSync(path)).toEqual(png);
      expect(text).toContain("Verification code: R7KQ-4XM9-P2JD");
      expect(text).toContain("/start r_R7KQ-4XM9-P2JD");
    } finally {
      rmSync(dirname(path), { recursive: true, force: true });
    }
  });
});
