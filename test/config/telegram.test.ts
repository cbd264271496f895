import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: polling or a webhook", () => {
  it("checks what webhook mode needs", () => {
    const text = problems({ ...minimal, BOT_MODE: "webhook" }).join("\n");
    expect(text).toMatch(/WEBHOOK_URL is required/);
    expect(text).toMatch(/WEBHOOK_SECRET is required/);
    expect(text).toMatch(/HTTP_PORT is required/);
    const webhook = { ...minimal, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example/tg/hook", HTTP_PORT: "8080" };
    expect(problems({ ...webhook, WEBHOOK_SECRET: "has spaces in it!!" }).join()).toMatch(/WEBHOOK_SECRET must be 16-256 characters/);
    const ok = parseConfig({ ...webhook, WEBHOOK_SECRET: "s3cret_-X-long-enough" });
    expect(ok.ok && ok.config.transport).toEqual({ mode: "webhook", httpPort: 8080, url: "https://bot.example/tg/hook", path: "/tg/hook", secret: "s3cret_-X-long-enough" });
  });

  it("refuses a webhook Telegram would refuse: plain http, or a short secret", () => {
    const webhook = { ...minimal, BOT_MODE: "webhook", HTTP_PORT: "8080" };
    const text = problems({ ...webhook, WEBHOOK_URL: "http://bot.example/hook", WEBHOOK_SECRET: "short-secret" }).join("\n");
    expect(text).toMatch(/WEBHOOK_URL must be an https:\/\/ URL \(Telegram refuses to post updates over plain http\)/);
    expect(text).toMatch(/WEBHOOK_SECRET must be 16-256 characters/);
    expect(text).not.toContain("short-secret");
  });
});
