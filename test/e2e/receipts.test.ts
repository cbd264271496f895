import type { Update } from "grammy/types";
import jsQRModule from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { RECEIPT_PAGE_HEADERS } from "../../src/server/receipt-page.ts";
import type { BotProcess } from "../support/bot-process.ts";
import { chromiumMissing, startChromium } from "../support/chromium.ts";
import { useBotProcesses, type Deliver } from "../support/e2e.ts";
import { repliesTo, type FakeBotApi } from "../support/fake-bot-api.ts";
import { probeRedis } from "../support/redis.ts";

// jsqr is CommonJS typed as an ES module: its default export is the module, whose `default` is the function.
const jsQR = jsQRModule.default;
const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-receipts-e2e-0123";
const AGENT = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
const CUSTOMER = { id: 8080, is_bot: false, first_name: "Juma", language_code: "sw" };
const chatOf = (person: typeof AGENT) => ({ id: person.id, type: "private" as const, first_name: person.first_name });
let nextId = 1;
const suite = useBotProcesses({ sandbox: { token: SERVICE_TOKEN }, env: { ALLOWED_USER_IDS: String(AGENT.id) } });

const message = (from: typeof AGENT, text: string): Update =>
  ({ update_id: nextId++, message: { message_id: nextId, date: 1, chat: chatOf(from), from, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });

/**
 * The agent makes a receipt through `made`: the picture Telegram was sent, its caption's code, and
 * the link a phone's camera reads from its QR code.
 */
async function receiptThrough(made: Deliver | undefined, telegram: FakeBotApi) {
  const asked = message(AGENT, "/receipt COL-SUCCESS-7 collection");
  expect(await made?.(asked)).toBe(200);
  const [receipt] = repliesTo(asked.message?.message_id, ["sendMessage", "sendPhoto"])(telegram.calls);
  expect(receipt?.method).toBe("sendPhoto");
  const caption = typeof receipt?.payload.caption === "string" ? receipt.payload.caption : "";
  const code = /Verification code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(caption)?.[1] ?? "";
  // The bytes as they reached Telegram (multipart, read back by the fake Bot API).
  const image = PNG.sync.read((receipt?.payload.photo as { content: Buffer } | undefined)?.content ?? Buffer.alloc(0));
  const link = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data ?? "";
  return { caption, code, link };
}

/** Where an instance's own HTTP server listens on loopback: the page behind the public address, or (`ops`) the probes' and Prometheus's port. */
async function originOf(instance: BotProcess | undefined, server: "public" | "ops" = "public"): Promise<string> {
  const listening = await instance?.waitForLog((entry) => entry.msg === "http server listening" && entry.webhook === (server === "public"), 30_000);
  return `http://127.0.0.1:${String(listening?.port)}`;
}

describe.skipIf(!redis.available)("receipts through the real process, on two instances sharing Redis", () => {
  it("makes a receipt through one instance, and a stranger checks it through the other, in Telegram and on its page; a forged code is unknown there too", async () => {
    const { telegram } = suite;
    // OPS_PORT: the probes and metrics on a port of their own, off the one the internet reaches.
    const pair = await suite.webhookPair(redis, "receipts", { OPS_PORT: "0" });
    const [a, b] = pair.deliver;
    const { caption, code, link } = await receiptThrough(a, telegram);
    expect(code).not.toBe("");
    // Webhook mode: the link, in the caption and in the QR code, is the page on the webhook's own origin.
    expect(link).toBe(`https://bot.example.com/r/${code}`);
    expect(caption).toContain(link);

    const check = message(CUSTOMER, `/start r_${code}`);
    expect(await b?.(check)).toBe(200);
    const [answer] = repliesTo(check.message?.message_id)(telegram.calls);
    expect(String(answer?.payload.text)).toMatch(/^✅ Hii ni risiti halisi\n/);
    expect(String(answer?.payload.text)).toContain("COL-SUCCESS-7");
    expect(String(answer?.payload.text)).toContain("Hali ya sasa kwa mtoa huduma: ✅ Malipo yamefanikiwa");

    // The QR code's link, followed to B's own server: the genuine page, with its headers.
    const originB = await originOf(pair.bots[1]);
    const page = await fetch(`${originB}${new URL(link).pathname}`);
    expect(page.status).toBe(200);
    for (const [name, value] of Object.entries(RECEIPT_PAGE_HEADERS)) expect(page.headers.get(name)).toBe(value);
    const html = await page.text();
    expect(html).toContain("COL-SUCCESS-7");
    expect(html).toContain(code);
    expect((await fetch(`${originB}/r/ZZZZ-ZZZZ-ZZZZ`)).status).toBe(404);
    // The public port has no probes or metrics; the ops port has them, and neither the page nor the webhook.
    for (const path of ["/metrics", "/readyz", "/healthz"]) expect((await fetch(`${originB}${path}`)).status, path).toBe(404);
    const opsB = await originOf(pair.bots[1], "ops");
    expect((await fetch(`${opsB}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${opsB}/metrics`)).text()).toMatch(/payment_bot_receipt_checks_total\{result="genuine"\} [1-9]/);
    expect((await fetch(`${opsB}${new URL(link).pathname}`)).status).toBe(404);
    expect((await fetch(`${opsB}/hook`, { method: "POST", body: "{}" })).status).toBe(405);

    const forged = message(CUSTOMER, "/verify ZZZZ-ZZZZ-ZZZZ");
    expect(await b?.(forged)).toBe(200);
    expect(repliesTo(forged.message?.message_id)(telegram.calls)[0]?.payload.text).toBe("❌ Risiti haitambuliki\n\nHakuna risiti yenye msimbo huu: haikutolewa na huduma hii.");
    // A stranger gets nothing else.
    const other = message(CUSTOMER, "/collection COL-SUCCESS-7");
    expect(await a?.(other)).toBe(200);
    expect(String(repliesTo(other.message?.message_id)(telegram.calls)[0]?.payload.text ?? "")).not.toContain("SUCCESS");
  }, 90_000);

  it.skipIf(chromiumMissing)("shows the page of a receipt made through one instance, opened through the other's server, in a headless browser on a 360 px phone", async () => {
    const { telegram } = suite;
    const pair = await suite.webhookPair(redis, "receipts-browser");
    const { link } = await receiptThrough(pair.deliver[0], telegram);
    const originB = await originOf(pair.bots[1]);
    const chromium = await startChromium();
    try {
      const context = await chromium.browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const response = await page.goto(`${originB}${new URL(link).pathname}`, { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      // The status is there to read, without scrolling sideways (expressions as text: no DOM types here).
      expect(await page.locator(".status").first().innerText()).toContain("✅ Payment successful");
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
      expect(await page.locator("body").innerText()).toContain("COL-SUCCESS-7");
      await context.close();
    } finally {
      await chromium.stop();
    }
  }, 90_000);
});
