import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, configSecrets, parseConfig, shortSecrets } from "../../src/config/config.ts";
import { BOT_TOKEN, minimal, problems } from "../support/config-env.ts";

describe("parseConfig", () => {
  it("accepts a minimal configuration and fills in the defaults", () => {
    const result = parseConfig(minimal);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { config } = result;
    expect(config.telegram).toEqual({ botToken: BOT_TOKEN, apiRoot: undefined });
    expect(config.enquiry).toMatchObject({ timeoutMs: 10_000, totalTimeoutMs: 25_000, retries: 2, connections: 128 });
    expect([...config.access.allowedUserIds]).toEqual([5001, 5002]);
    expect(config.access.allowedChatIds.size).toBe(0);
    expect(config).toMatchObject({ cacheTtlSeconds: 30, logLevel: "info", shutdownGraceMs: 10_000 });
    expect(config.transport).toEqual({ mode: "polling", httpPort: undefined, trustedProxies: [], leaseSeconds: 15 });
    expect(config.rateLimit).toEqual({ windowSeconds: 60, maxCost: 60 });
    expect(config.state).toEqual({ kind: "sqlite", path: "./data/bot.db" });
  });

  it("names every missing variable in one go", () => {
    const found = problems({});
    expect(found.join("\n")).toMatch(/TELEGRAM_BOT_TOKEN is required/);
    expect(found.join("\n")).toMatch(/ENQUIRY_BASE_URL is required/);
    expect(found.join("\n")).toMatch(/ENQUIRY_TOKEN is required/);
    expect(found.join("\n")).toMatch(/ALLOWED_USER_IDS, ALLOWED_CHAT_IDS and ADMIN_USER_IDS are all empty/);
  });

  it("says a required variable left empty (as .env.example leaves it) or blank is required, not that its value is wrong", () => {
    for (const blank of ["", "   "]) {
      const found = problems({ ...minimal, TELEGRAM_BOT_TOKEN: blank, ENQUIRY_BASE_URL: blank, ENQUIRY_TOKEN: blank });
      expect(found).toEqual(expect.arrayContaining(["TELEGRAM_BOT_TOKEN is required", "ENQUIRY_BASE_URL is required", "ENQUIRY_TOKEN is required (or set ENQUIRY_TOKEN_FILE, or ENQUIRY_TOKEN_URL with ENQUIRY_CLIENT_ID and ENQUIRY_CLIENT_SECRET for the bot to obtain its own)"]));
      expect(found.join("\n")).not.toMatch(/must look like|must be an http/);
    }
  });

  it("explains invalid values without printing them", () => {
    const secretLookingToken = "not-a-token-but-secret-9f8e7d6c5b4a";
    const found = problems({
      ...minimal,
      TELEGRAM_BOT_TOKEN: secretLookingToken,
      ENQUIRY_BASE_URL: "ftp://provider.example",
      ENQUIRY_TIMEOUT_MS: "ten seconds",
      ALLOWED_CHAT_IDS: "-100123, general",
      LOG_LEVEL: "loud",
    });
    const text = found.join("\n");
    expect(text).toMatch(/TELEGRAM_BOT_TOKEN must look like/);
    expect(text).toMatch(/ENQUIRY_BASE_URL must be an http\(s\) URL/);
    expect(text).toMatch(/ENQUIRY_TIMEOUT_MS must be a whole number/);
    expect(text).toMatch(/ALLOWED_CHAT_IDS "general" is not a numeric Telegram ID/);
    expect(text).toMatch(/LOG_LEVEL/);
    expect(text).not.toContain(secretLookingToken);
  });

  it("treats blank values as unset", () => {
    const result = parseConfig({ ...minimal, ENQUIRY_TIMEOUT_MS: "", TELEGRAM_API_ROOT: "  ", ALLOWED_CHAT_IDS: "" });
    expect(result.ok && result.config.enquiry.timeoutMs).toBe(10_000);
    expect(result.ok && result.config.telegram.apiRoot).toBeUndefined();
  });
});

describe("the secrets to mask", () => {
  it("names the secrets too short to be real (under 8 characters), never their values: ENQUIRY_TOKEN=x, a credential header's 'k1', a short Redis password", () => {
    const result = parseConfig({
      ...minimal,
      ENQUIRY_TOKEN: "x",
      ENQUIRY_HEADERS: '{"X-Api-Key":"k1","X-Country":"UG","Ocp-Apim-Subscription-Key":"sub-key-0123"}',
      REDIS_URL: "redis://:pw@127.0.0.1:6379",
    });
    if (!result.ok) throw new Error(result.problems.join());
    expect(shortSecrets(result.config)).toEqual([
      { name: "ENQUIRY_TOKEN", length: 1 },
      { name: "ENQUIRY_HEADERS's X-Api-Key", length: 2 },
      { name: "the password in REDIS_URL", length: 2 },
    ]);
    const client = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "secret" });
    expect(client.ok && shortSecrets(client.config)).toEqual([{ name: "ENQUIRY_CLIENT_SECRET", length: 6 }]);
    const plain = parseConfig(minimal);
    if (!plain.ok) throw new Error(plain.problems.join());
    expect(shortSecrets(plain.config)).toEqual([]);
  });

  it("masks the client secret (as written, form-encoded and inside Basic credentials) and the headers' values", () => {
    const result = parseConfig({
      ...minimal,
      ENQUIRY_TOKEN: undefined,
      ENQUIRY_TOKEN_URL: "https://t.example/token",
      ENQUIRY_CLIENT_ID: "api-user",
      ENQUIRY_CLIENT_SECRET: "k3y/with+sp ace",
      ENQUIRY_HEADERS: '{"Ocp-Apim-Subscription-Key":"sub-key-0123","X-Api-Key":"k1","X-Target-Environment":"mtnuganda","X-Country":"UG","X-Currency":"UGX","X-Version":"1"}',
    });
    if (!result.ok) throw new Error(result.problems.join());
    expect(configSecrets(result.config)).toEqual(
      expect.arrayContaining(["k3y/with+sp ace", "k3y%2Fwith%2Bsp%20ace", "k3y%2Fwith%2Bsp+ace", Buffer.from("api-user:k3y/with+sp ace").toString("base64"), "sub-key-0123", "k1", "mtnuganda"]),
    );
    // Short values of ordinary headers stay readable: masked, "1" would turn "durationMs":12 into broken JSON.
    expect(configSecrets(result.config)).not.toEqual(expect.arrayContaining(["UG"]));
    expect(configSecrets(result.config)).not.toContain("UGX");
    expect(configSecrets(result.config)).not.toContain("1");
  });

  it("masks Sentinel's password and the data's password", () => {
    const result = parseConfig({ ...minimal, REDIS_SENTINELS: "s:26379", REDIS_SENTINEL_NAME: "mymaster", REDIS_SENTINEL_PASSWORD: "sentinel-secret-1", REDIS_PASSWORD: "data-secret-2" });
    if (!result.ok) throw new Error(result.problems.join());
    expect(configSecrets(result.config)).toEqual(expect.arrayContaining(["sentinel-secret-1", "data-secret-2"]));
  });

  it("lists the secrets to mask, the Redis password included", () => {
    const result = parseConfig({ ...minimal, BOT_MODE: "webhook", WEBHOOK_URL: "https://b.example/h", HTTP_PORT: "1", WEBHOOK_SECRET: "0123456789abcdef", REDIS_URL: "redis://:p%40ss@r:6379" });
    if (!result.ok) throw new Error(result.problems.join());
    expect(configSecrets(result.config)).toEqual(expect.arrayContaining([BOT_TOKEN, minimal.ENQUIRY_TOKEN, "0123456789abcdef", "p%40ss", "p@ss"]));
  });
});

describe(".env.example", () => {
  it("lists every variable the bot reads, each with a comment above it", () => {
    const lines = readFileSync(new URL("../../.env.example", import.meta.url), "utf8").split("\n");
    for (const name of CONFIG_VARIABLES) {
      const at = lines.findIndex((line) => line.startsWith(`${name}=`));
      expect(at, name).toBeGreaterThan(0);
      expect(lines[at - 1], `the line above ${name}`).toMatch(/^#|^[A-Z_]+=/);
    }
  });
});
