import { describe, expect, it } from "vitest";
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from "../../src/server/receipt-page.ts";
import type { ReceiptPageModel } from "../../src/telegram/render/receipt-layout.ts";
import { GENUINE_PAGE, HOSTILE_LAYOUT, RECEIPT_LAYOUTS, UNKNOWN_PAGE } from "../support/receipt-layouts.ts";

const genuine = (overrides: Partial<typeof GENUINE_PAGE>): ReceiptPageModel => ({ ...GENUINE_PAGE, ...overrides });

describe("the receipt check page", () => {
  it("is a whole HTML5 page in the receipt's language, sized for a phone, with nothing to run or fetch", () => {
    const html = renderReceiptPage(genuine({ language: "sw", receipt: RECEIPT_LAYOUTS.sw }));
    expect(html.startsWith("<!DOCTYPE html>\n<html lang=\"sw\">")).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("overflow-wrap:anywhere");
    expect(html).not.toMatch(/<script|<img|<iframe|<form|src=|url\(|@import|https?:\/\/(?!pay\.example\.com)/i);
    expect(html).toContain('<link rel="icon" href="data:,">');
  });

  it("shows a genuine receipt's facts as printed, when it was made, and what the provider says now", () => {
    const html = renderReceiptPage(GENUINE_PAGE);
    const receipt = RECEIPT_LAYOUTS.en;
    for (const fact of [GENUINE_PAGE.madeLine, receipt.title, receipt.kindLabel, receipt.transactionId, receipt.status.text, receipt.code, "The provider says now", "✅ SUCCESS"]) {
      expect(html).toContain(fact);
    }
    for (const field of receipt.fields) expect(html).toContain(`<dt>${field.label}</dt><dd dir="auto">${field.value}</dd>`);
    expect(html).toContain('<p class="status success">');
    expect(html).toContain('<section class="card now">');
  });

  it("marks what the provider says now when it differs from the receipt, with its note", () => {
    const html = renderReceiptPage(genuine({ now: { heading: "The provider says now", text: "❌ FAILED", differs: true, note: "This differs from the receipt: the payment was reversed after it was made." } }));
    expect(html).toContain('<section class="card now differs">');
    expect(html).toContain("❌ FAILED");
    expect(html).toContain('<p class="note">This differs from the receipt: the payment was reversed after it was made.</p>');
  });

  it("tells of an unknown code with its heading and its sentence, and nothing else", () => {
    const html = renderReceiptPage(UNKNOWN_PAGE);
    const body = /<main>([\s\S]*)<\/main>/.exec(html)?.[1];
    expect(body).toBe("<h1>❌ No such receipt</h1>\n<p>No such receipt: it was not made by this service.</p>");
    expect(html).toContain("<title>❌ No such receipt</title>");
  });

  it("escapes every field: provider text is shown, never run", () => {
    const hostile = `<script>alert(1)</script> "quoted" 'single' & \u202Eevil`;
    const html = renderReceiptPage(
      genuine({
        language: `en"><script>`,
        heading: hostile,
        madeLine: hostile,
        receipt: { ...HOSTILE_LAYOUT, title: hostile, status: { symbol: hostile, text: hostile, tone: "failed" }, fields: [{ label: hostile, value: hostile }], code: hostile },
        now: { heading: hostile, text: hostile, differs: true, note: hostile },
      }),
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("\u202E");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &#39;single&#39; &amp; evil");
    expect(html).toContain('<html lang="en&quot;&gt;&lt;script&gt;">');
    expect(renderReceiptPage({ ...UNKNOWN_PAGE, text: hostile })).not.toContain("<script");
  });

  it("is sent with headers that let it run nothing, load nothing, and be kept nowhere", () => {
    expect(RECEIPT_PAGE_HEADERS).toEqual({
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
    });
  });
});
