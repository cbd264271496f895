import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from "../../../../src/server/receipt-page.ts";
import { createReceiptRenderer } from "../../../../src/telegram/render/receipt-picture.ts";
import { createTestBot, type HarnessOptions } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { messageUpdate, STRANGER } from "../../../support/updates.ts";
import { useReceiptPageServers } from "../../../support/receipt-page-server.ts";

// jsqr is CommonJS typed as an ES module: its default export is the module, whose `default` is the function.
const jsQR = jsQRModule.default;
const DAY = 86_400_000;

const pages = useReceiptPageServers();

/**
 * A receipt as the customer gets it: the PNG the bot sent, drawn by the real renderer, and the link
 * a phone's camera reads from its QR code. The link is then followed as the customer would.
 */
async function sentReceipt(options: Partial<HarnessOptions> = {}) {
  const enquiry = scriptedEnquiry((kind, id) => ({ ...(kind === "collection" ? outcomes.success(kind, id) : outcomes.notFound(kind, id)), checkedAt: new Date() }));
  const harness = createTestBot({ enquiry, receiptPicture: createReceiptRenderer(), ...options });
  pages.bot(harness);
  await harness.bot.handleUpdate(messageUpdate("/receipt COL-OK-1 collection"));
  const [photo] = harness.photos();
  // The bytes as they went over the wire to Telegram (multipart, read back by the fake Bot API).
  const sent = photo?.payload.photo as { filename: string; content: Buffer } | undefined;
  const image = PNG.sync.read(sent?.content ?? Buffer.alloc(0));
  const link = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data ?? "";
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(String(photo?.payload.caption))?.[0] ?? "?";
  return { harness, link, code };
}

describe("the QR code of the receipt the bot sent", () => {
  it("without a public address, is the bot's deep link, whose /start tells a stranger the receipt is genuine", async () => {
    const { harness, link, code } = await sentReceipt();
    expect(link).toBe(`https://t.me/payment_status_bot?start=r_${code}`);
    // What Telegram sends the bot when the link is opened: /start with the link's parameter.
    const start = new URL(link).searchParams.get("start");
    const before = harness.calls.length;
    await harness.bot.handleUpdate(messageUpdate(`/start ${start}`, { from: STRANGER }));
    const answer = String(harness.calls.slice(before).find((call) => call.method === "sendMessage")?.payload.text);
    expect(answer).toMatch(/^✅ A genuine receipt\n/);
    expect(answer).toContain("COL-OK-1");
    expect(answer).toContain(`Verification code: ${code}`);
  }, 30_000);

  it("with a public address, is the check page, which the bot's own server shows as genuine with its headers", async () => {
    const { harness, link, code } = await sentReceipt({
      receipts: { title: "Duka Pay", keepMs: 365 * DAY, verification: { kind: "page", base: "https://pay.example.com" } },
      receiptPage: { render: renderReceiptPage, headers: RECEIPT_PAGE_HEADERS },
    });
    expect(link).toBe(`https://pay.example.com/r/${code}`);
    const { url } = await pages.serve(harness);
    // The public address leads to this server: the same path, on loopback.
    const response = await fetch(`${url}${new URL(link).pathname}`);
    const page = await response.text();
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(RECEIPT_PAGE_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(page).toContain("✅ A genuine receipt");
    expect(page).toContain("COL-OK-1");
    expect(page).toContain(code);
  }, 30_000);
});
