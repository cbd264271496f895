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
    expect(ok.ok && ok.config.transport).toEqual({ mode: "webhook", httpPort: 8080, opsPort: undefined, trustedProxies: [], url: "https://bot.example/tg/hook", path: "/tg/hook", secret: "s3cret_-X-long-enough" });
  });

  it("refuses a webhook Telegram would refuse: plain http, or a short secret", () => {
    const webhook = { ...minimal, BOT_MODE: "webhook", HTTP_PORT: "8080" };
    const text = problems({ ...webhook, WEBHOOK_URL: "http://bot.example/hook", WEBHOOK_SECRET: "short-secret" }).join("\n");
    expect(text).toMatch(/WEBHOOK_URL must be an https:\/\/ URL \(Telegram refuses to post updates over plain http\)/);
    expect(text).toMatch(/WEBHOOK_SECRET must be 16-256 characters/);
    expect(text).not.toContain("short-secret");
  });

  it("takes OPS_PORT for the probes and metrics, in either mode, but never the port the internet reaches", () => {
    const polling = parseConfig({ ...minimal, OPS_PORT: "9090" });
    expect(polling.ok && polling.config.transport).toMatchObject({ mode: "polling", httpPort: undefined, opsPort: 9090 });
    const webhook = { ...minimal, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example/tg/hook", WEBHOOK_SECRET: "s3cret_-X-long-enough", HTTP_PORT: "8080" };
    const split = parseConfig({ ...webhook, OPS_PORT: "9090" });
    expect(split.ok && split.config.transport).toMatchObject({ mode: "webhook", httpPort: 8080, opsPort: 9090 });
    expect(problems({ ...webhook, OPS_PORT: " 8080" })).toContain("OPS_PORT must differ from HTTP_PORT: it keeps /healthz, /readyz and /metrics off the port the internet reaches");
    expect(problems({ ...minimal, HTTP_PORT: "8080", OPS_PORT: "08080" }).join()).toMatch(/OPS_PORT must differ from HTTP_PORT/);
    expect(problems({ ...minimal, OPS_PORT: "http" }).join()).toMatch(/OPS_PORT/);
    // Any free port for both (as tests ask): no clash.
    expect(parseConfig({ ...webhook, HTTP_PORT: "0", OPS_PORT: "0" }).ok).toBe(true);
  });

  it("trusts no proxy's X-Forwarded-For unless TRUST_PROXY names it", () => {
    const served = { ...minimal, HTTP_PORT: "8080" };
    const unset = parseConfig(served);
    expect(unset.ok && unset.config.transport.trustedProxies).toEqual([]);
    const listed = parseConfig({ ...served, TRUST_PROXY: " 127.0.0.1, 172.16.0.0/12  fd00::/8 " });
    expect(listed.ok && listed.config.transport.trustedProxies).toEqual([
      { address: "127.0.0.1", prefix: 32, family: "ipv4" },
      { address: "172.16.0.0", prefix: 12, family: "ipv4" },
      { address: "fd00::", prefix: 8, family: "ipv6" },
    ]);
    const webhook = parseConfig({ ...served, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example/tg/hook", WEBHOOK_SECRET: "s3cret_-X-long-enough", TRUST_PROXY: "10.0.0.2" });
    expect(webhook.ok && webhook.config.transport.trustedProxies).toEqual([{ address: "10.0.0.2", prefix: 32, family: "ipv4" }]);
  });

  it("refuses a proxy that is no address or network, or one without the HTTP server it stands before, all at once", () => {
    const text = problems({ ...minimal, TRUST_PROXY: "10.0.0.0/8, proxy.local, 10.0.0.0/40" }).join("\n");
    expect(text).toMatch(/TRUST_PROXY "proxy\.local" is not an IP address or a network in CIDR form/);
    expect(text).toMatch(/TRUST_PROXY needs HTTP_PORT/);
    expect(problems({ ...minimal, HTTP_PORT: "8080", TRUST_PROXY: "*" }).join()).toMatch(/TRUST_PROXY "\*" is not an IP address/);
    expect(problems({ ...minimal, BOT_MODE: "webhook", TRUST_PROXY: "::1" }).join("\n")).toMatch(/HTTP_PORT is required[\s\S]*TRUST_PROXY needs HTTP_PORT/);
  });
});
