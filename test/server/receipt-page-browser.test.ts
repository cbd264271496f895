import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from "../../src/server/receipt-page.ts";
import type { ReceiptPageModel } from "../../src/telegram/render/receipt-layout.ts";
import { chromiumMissing, startChromium, type RunningChromium } from "../support/chromium.ts";
import { GENUINE_PAGE, HOSTILE_LAYOUT, HOSTILE_TEXT, UNKNOWN_PAGE } from "../support/receipt-layouts.ts";

/** Where the screenshots are kept after the run, to be looked at. */
const SCREENSHOTS = join(tmpdir(), "receipt-page-screenshots");
const PHONE = { width: 360, height: 740 };

/** Each page, the answer it comes with, and the start of the status it shows. */
const pages: Record<string, { status: number; model: ReceiptPageModel; shows: string }> = {
  genuine: { status: 200, model: GENUINE_PAGE, shows: "SUCCESS" },
  reversed: {
    status: 200,
    model: { ...GENUINE_PAGE, now: { heading: "The provider says now", text: "❌ FAILED", differs: true, note: "This is not what the receipt says: the payment was reversed after the receipt was made." } },
    shows: "SUCCESS",
  },
  hostile: {
    status: 200,
    model: { ...GENUINE_PAGE, receipt: HOSTILE_LAYOUT, now: { heading: "The provider says now", text: "❌ FAILED", differs: true, note: HOSTILE_TEXT } },
    shows: `<b>&"'</b> tnemyap`,
  },
  unknown: { status: 404, model: UNKNOWN_PAGE, shows: "" },
};

describe.skipIf(chromiumMissing)("the receipt check page in a real browser, on a 360 px phone", () => {
  let server: Server;
  let origin: string;
  let chromium: RunningChromium;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const found = pages[(request.url ?? "").replace(/^\/r\//, "")];
      response.writeHead(found?.status ?? 404, RECEIPT_PAGE_HEADERS);
      response.end(found ? renderReceiptPage(found.model) : "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    chromium = await startChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 30_000);

  afterAll(async () => {
    await chromium?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Opens a page as a phone would; what the browser asked for and complained about is recorded. */
  async function open(name: string) {
    const context = await chromium.browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const requests: string[] = [];
    const complaints: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") complaints.push(message.text());
    });
    page.on("pageerror", (error) => complaints.push(error.message));
    const response = await page.goto(`${origin}/r/${name}`, { waitUntil: "load" });
    // Expressions as text: the tests are compiled without the DOM's types, and they run in the page.
    const scrollWidth = await page.evaluate<number>("document.documentElement.scrollWidth");
    // The inline style applied: the policy let through what the page needs.
    const background = await page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
    // The whole page, but for the hostile one (4,000 characters several times over: its first screen says enough).
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: name !== "hostile" });
    return { context, page, response, requests, complaints, scrollWidth, background };
  }

  it.each(["genuine", "reversed", "hostile"])("%s: the status shows without horizontal scrolling, styled, asking for nothing else", async (name) => {
    const { context, page, response, requests, complaints, scrollWidth, background } = await open(name);
    try {
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-security-policy"]).toBe(RECEIPT_PAGE_HEADERS["Content-Security-Policy"]);
      const status = page.locator(".status");
      expect(await status.isVisible()).toBe(true);
      expect((await status.innerText()).startsWith(`✅ ${pages[name]?.shows}`) || (await status.innerText()).startsWith(`❌ ${pages[name]?.shows}`)).toBe(true);
      const box = await status.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      expect(background).toBe("rgb(242, 244, 247)");
      expect(requests).toEqual([`${origin}/r/${name}`]);
      expect(complaints).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it("an unknown code: 404, its heading and its sentence, within the phone's width", async () => {
    const { context, page, response, complaints, scrollWidth } = await open("unknown");
    try {
      expect(response?.status()).toBe(404);
      expect(await page.locator("main").innerText()).toBe(`${UNKNOWN_PAGE.heading}\n\n${UNKNOWN_PAGE.text}`);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
      // The browser says the document itself was a 404, and nothing else.
      expect(complaints.filter((complaint) => !complaint.includes("status of 404"))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);
});
