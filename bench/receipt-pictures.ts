import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderReceiptPicture } from "../src/telegram/render/receipt-picture.ts";
import { HOSTILE_LAYOUT, RECEIPT_LAYOUTS } from "../test/support/receipt-layouts.ts";

/**
 * `node --import tsx bench/receipt-pictures.ts FOLDER`: the receipt picture in each language and with
 * hostile provider text, written as PNG files to FOLDER, to be looked at before a change to the
 * picture is merged.
 */
const folder = process.argv[2];
if (!folder) {
  process.stderr.write("usage: node --import tsx bench/receipt-pictures.ts FOLDER\n");
  process.exit(2);
}
mkdirSync(folder, { recursive: true });
for (const [name, layout] of [...Object.entries(RECEIPT_LAYOUTS), ["hostile", HOSTILE_LAYOUT] as const]) {
  const png = await renderReceiptPicture(layout);
  const path = join(folder, `receipt-${name}.png`);
  writeFileSync(path, png);
  process.stdout.write(`${path} (${Math.round(png.length / 1024)} KB)\n`);
}
