import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InputFile } from "grammy";

/**
 * A receipt the bot sends (sendPhoto) in the demo: the PNG written to a file of a folder of the
 * demo's own (to open and look at), and what to type to check it, as its customer would.
 */
export function receiptPhotos(): (args: Record<string, unknown>) => Promise<string> {
  let folder: string | undefined;
  return async (args) => {
    const photo = args.photo as InputFile;
    const raw = await photo.toRaw();
    folder ??= mkdtempSync(join(tmpdir(), "payment-bot-demo-receipts-"));
    const path = join(folder, photo.filename ?? "receipt.png");
    writeFileSync(path, raw instanceof Uint8Array ? raw : Buffer.alloc(0));
    const caption = typeof args.caption === "string" ? args.caption : "";
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(caption)?.[0];
    const lines = [`(sends a receipt picture: ${path})`, ...caption.split("\n"), ...(code ? ["", `Check it as the customer would: /start r_${code}  (or /verify ${code})`] : [])];
    return lines.join("\n     ");
  };
}
