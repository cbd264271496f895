import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

const webhook = { BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example.com/telegram/hook", WEBHOOK_SECRET: "s".repeat(32), HTTP_PORT: "8080" };

describe("receipts' configuration", () => {
  it("defaults to the bot's name, 365 days, and the bot's deep link when polling", () => {
    const result = parseConfig(minimal);
    expect(result.ok && result.config.receipts).toEqual({ title: undefined, keepMs: 365 * 86_400_000, verification: { kind: "deep_link" } });
  });

  it("checks on the webhook's origin in webhook mode, or on RECEIPT_VERIFY_URL when set", () => {
    const hooked = parseConfig({ ...minimal, ...webhook });
    expect(hooked.ok && hooked.config.receipts.verification).toEqual({ kind: "page", base: "https://bot.example.com" });
    const own = parseConfig({ ...minimal, ...webhook, RECEIPT_VERIFY_URL: "https://receipts.example.com/", RECEIPT_TITLE: " Duka Pay ", RECEIPT_DAYS: "30" });
    expect(own.ok && own.config.receipts).toEqual({ title: "Duka Pay", keepMs: 30 * 86_400_000, verification: { kind: "page", base: "https://receipts.example.com" } });
    const polling = parseConfig({ ...minimal, HTTP_PORT: "8080", RECEIPT_VERIFY_URL: "https://receipts.example.com/check" });
    expect(polling.ok && polling.config.receipts.verification).toEqual({ kind: "page", base: "https://receipts.example.com/check" });
  });

  it("refuses a page without the HTTP server that serves it, a link that is no URL, and days out of range, all at once", () => {
    const found = problems({ ...minimal, RECEIPT_VERIFY_URL: "ftp://x", RECEIPT_DAYS: "0" }).join("\n");
    expect(found).toMatch(/RECEIPT_VERIFY_URL must be an http\(s\) URL/);
    expect(found).toMatch(/RECEIPT_DAYS/);
    expect(found).toMatch(/RECEIPT_VERIFY_URL needs HTTP_PORT/);
    expect(problems({ ...minimal, RECEIPT_TITLE: "x".repeat(61) }).join()).toMatch(/RECEIPT_TITLE must be at most 60 characters/);
  });

  it("refuses a check address that would print a password on every receipt, or break the link with a query or a fragment", () => {
    for (const url of ["https://user:secret@receipts.example.com", "https://receipts.example.com/?lang=en", "https://receipts.example.com/#top"]) {
      expect(problems({ ...minimal, HTTP_PORT: "8080", RECEIPT_VERIFY_URL: url }).join("\n"), url).toMatch(/RECEIPT_VERIFY_URL must be a public address without credentials, query or fragment/);
    }
    expect(parseConfig({ ...minimal, HTTP_PORT: "8080", RECEIPT_VERIFY_URL: "https://receipts.example.com/check/" }).ok).toBe(true);
  });
});
