import { describe, expect, it } from "vitest";
import { RECEIPT_CHECK_LIMITS } from "../../src/payments/receipts/check-limits.ts";
import { parseNetwork, type TrustedNetwork } from "../../src/server/client-address.ts";
import type { ReceiptPageModel } from "../../src/telegram/render/receipt-layout.ts";
import { createTestBot } from "../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { messageUpdate } from "../support/updates.ts";
import { useReceiptPageServers } from "../support/receipt-page-server.ts";

/** The page's headers, as the issue states them, spelt as the page renderer's RECEIPT_PAGE_HEADERS spells them. */
const HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "Content-Type": "text/html; charset=utf-8",
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/** A stand-in for server/receipt-page.ts: every text escaped, as the real one does. */
const render = (model: ReceiptPageModel) =>
  model.kind === "genuine"
    ? `<h1>${escape(model.heading)}</h1><p>${escape(model.receipt.transactionId)}</p><p>${escape(model.receipt.fields.map((field) => field.value).join(" | "))}</p><p>${escape(model.now.text)}</p>`
    : `<h1>${escape(model.heading)}</h1><p>${escape(model.text)}</p>`;

const pages = useReceiptPageServers();

const SAME_TIME_MS = 150;

async function setup(trustedProxies: TrustedNetwork[] = []) {
  const enquiry = scriptedEnquiry((kind, id) => ({ ...(kind === "collection" ? outcomes.failed(kind, id, '<script>alert("x")</script> & <b>bold</b>') : outcomes.notFound(kind, id)), checkedAt: new Date() }));
  const harness = pages.bot(createTestBot({ enquiry, receiptPage: { render, headers: HEADERS } }));
  const { url } = await pages.serve(harness, { sameTimeMs: SAME_TIME_MS, trustedProxies });
  await harness.bot.handleUpdate(messageUpdate("/receipt COL-FAILED-1"));
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(String(harness.sent().at(-1)?.payload.text))?.[0] ?? "";
  return { url, code };
}

const timed = async (url: string, init?: RequestInit) => {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
};

describe("GET /r/<code>: a receipt's check page", () => {
  it("shows a genuine receipt with the page's headers, every provider field escaped", async () => {
    const { url, code } = await setup();
    expect(code).not.toBe("");
    const { response, body } = await timed(`${url}/r/${code}`);
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(body).toContain("✅ A genuine receipt");
    expect(body).toContain("COL-FAILED-1");
    expect(body).not.toContain("<script>");
    expect(body).toContain("&#60;script&#62;");
    // Typed however: lower case, without dashes.
    expect((await fetch(`${url}/r/${code.toLowerCase().replace(/-/g, "")}`)).status).toBe(200);
  });

  it("answers 404 for an unknown code, nonsense or a broken escape, saying nothing more, and in the same time as a known one", async () => {
    const { url, code } = await setup();
    for (const path of ["/r/ZZZZ-ZZZZ-ZZZZ", "/r/%3Cscript%3E", "/r/%E0%A4%A", "/r/"]) {
      const { response, body, ms } = await timed(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(body).toBe("<h1>❌ No such receipt</h1><p>No such receipt: it was not made by this service.</p>");
      expect(response.headers.get("content-security-policy")).toBe(HEADERS["Content-Security-Policy"]);
      // Never sooner than the page's time, known or not.
      expect(ms).toBeGreaterThanOrEqual(SAME_TIME_MS - 5);
    }
    expect((await timed(`${url}/r/${code}`)).ms).toBeGreaterThanOrEqual(SAME_TIME_MS - 5);
    const head = await fetch(`${url}/r/ZZZZ-ZZZZ-ZZZZ`, { method: "HEAD" });
    expect(head.status).toBe(404);
    expect((await fetch(`${url}/r/${code}`, { method: "POST" })).status).toBe(405);
  });

  it("refuses an address's checks past its limit with 429, and another address still checks (behind a listed proxy)", async () => {
    const loopback = parseNetwork("127.0.0.1");
    if (!loopback) throw new Error("not an address");
    const { url, code } = await setup([loopback]);
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    const checks = await Promise.all(Array.from({ length: RECEIPT_CHECK_LIMITS.each.limit }, () => fetch(`${url}/r/ZZZZ-ZZZZ-ZZZZ`, from("203.0.113.7")).then((response) => response.status)));
    expect(new Set(checks)).toEqual(new Set([404]));
    const refused = await fetch(`${url}/r/${code}`, from("203.0.113.7"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await refused.text()).toContain("Too many checks");
    expect((await fetch(`${url}/r/${code}`, from("198.51.100.4"))).status).toBe(200);
  });

  it("believes no X-Forwarded-For by default: a client naming a fresh address each time is still one address", async () => {
    const { url, code } = await setup();
    const as = (i: number) => ({ headers: { "x-forwarded-for": `198.51.100.${i + 1}` } });
    const checks = await Promise.all(Array.from({ length: RECEIPT_CHECK_LIMITS.each.limit }, (_, i) => fetch(`${url}/r/${code}`, as(i)).then((response) => response.status)));
    expect(new Set(checks)).toEqual(new Set([200]));
    expect((await fetch(`${url}/r/${code}`, as(99))).status).toBe(429);
  });
});
