import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EnquiryOutcome } from "../src/payments/enquiry/types.ts";
import type { Receipt } from "../src/payments/receipts/receipt.ts";
import type { ReceiptCheck } from "../src/payments/receipts/verify-receipt.ts";
import { renderReceiptPage } from "../src/server/receipt-page.ts";
import { receiptWords } from "../src/telegram/features/receipts/receipts.ts";
import { receiptCaption, receiptLayout } from "../src/telegram/features/receipts/receipt-view.ts";
import { receiptPageModel, verifyText } from "../src/telegram/features/receipts/verify-view.ts";
import { Translations } from "../src/telegram/i18n.ts";
import { renderReceiptPicture } from "../src/telegram/render/receipt-picture.ts";
import { chromiumMissing, startChromium } from "../test/support/chromium.ts";
import { outcomes } from "../test/support/outcomes.ts";

/**
 * `node --import tsx bench/receipt-language-pictures.ts FOLDER`: receipts as the receipts feature
 * itself writes them (its layout code, the real locale files, BOT_TIMEZONE Africa/Nairobi), in each
 * language, a SUCCESS and a FAILED one, with their caption, the chat's check answer and the check
 * page (HTML, and a 360 px screenshot when chromium is there), for a native reader to look at; the
 * sample layouts of bench/receipt-pictures.ts are a translator's guesses, these are what ships.
 */
const folder = process.argv[2];
if (!folder) {
  process.stderr.write("usage: node --import tsx bench/receipt-language-pictures.ts FOLDER\n");
  process.exit(2);
}
mkdirSync(folder, { recursive: true });

const timeZone = "Africa/Nairobi";
const translations = new Translations({ timeZone });
const madeAt = Date.UTC(2026, 10, 27, 12, 2);
const link = "https://pay.example.com/r/R7KQ4XM9P2JD";
const code = "R7KQ-4XM9-P2JD";

function receipt(state: Receipt["state"], language: string): Receipt {
  return {
    number: state === "success" ? 128 : 129,
    madeAt,
    expiresAt: madeAt + 365 * 86_400_000,
    title: "Pay Status Bot",
    language,
    kind: "collection",
    transactionId: "TX-2026-11-27-004512",
    state,
    status: state === "success" ? "SUCCESS" : "FAILED",
    serviceTransactionId: "svc-7f3a9c21-0d44",
    mnoReference: "MP241127.1502.C04512",
    reason: state === "failed" ? "Insufficient balance on the customer's wallet" : undefined,
    checkedAt: madeAt - 40_000,
    madeBy: { userId: 1, name: "Amina" },
    chatId: 1,
  };
}

const pages: { name: string; html: string }[] = [];
for (const language of translations.locales) {
  const words = receiptWords(translations, timeZone, language);
  for (const state of ["success", "failed"] as const) {
    const made = receipt(state, language);
    const layout = receiptLayout(made, code, link, words);
    const png = await renderReceiptPicture(layout);
    const name = `${language}-${state}`;
    writeFileSync(join(folder, `receipt-${name}.png`), png);
    // SUCCESS later reversed: the check's answer says it differs.
    const reversed: EnquiryOutcome = state === "success" ? outcomes.failed("collection", made.transactionId, "Reversed") : outcomes.failed("collection", made.transactionId);
    const check: ReceiptCheck = { type: "genuine", receipt: made, code, now: state === "success" ? { type: "differs", outcome: reversed } : { type: "same", outcome: reversed } };
    const model = receiptPageModel(check, link, words);
    const unknown = receiptPageModel({ type: "unknown" }, link, words);
    const text = [receiptCaption(layout, words.t), "", "----- /verify", verifyText(model, words.t), "", "----- /verify (unknown)", verifyText(unknown, words.t)].join("\n");
    writeFileSync(join(folder, `receipt-${name}.txt`), `${text}\n`);
    pages.push({ name: `page-${name}`, html: renderReceiptPage(model) });
    if (state === "failed") pages.push({ name: `page-${language}-unknown`, html: renderReceiptPage(unknown) });
    process.stdout.write(`${join(folder, `receipt-${name}.png`)} (${Math.round(png.length / 1024)} KB)\n`);
  }
}
for (const page of pages) writeFileSync(join(folder, `${page.name}.html`), page.html);

if (chromiumMissing) {
  process.stdout.write("no chromium: the pages are written as HTML only\n");
} else {
  const running = await startChromium();
  try {
    const context = await running.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
    const tab = await context.newPage();
    for (const page of pages) {
      await tab.setContent(page.html);
      await tab.screenshot({ path: join(folder, `${page.name}.png`), fullPage: true });
    }
  } finally {
    await running.stop();
  }
  process.stdout.write(`pages at 360 px: ${join(folder, "page-*.png")}\n`);
}
