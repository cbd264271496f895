import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, configSecrets, parseConfig, shortSecrets } from "../../src/config/config.ts";
import { HEALTH_DEFAULTS } from "../../src/config/health.ts";

const BOT_TOKEN = "123456789:AAH-test-token-never-sent-anywhere_0123";
const minimal = {
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  ENQUIRY_BASE_URL: "https://api.provider.example",
  ENQUIRY_TOKEN: "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl",
  ALLOWED_USER_IDS: "5001, 5002",
};

function problems(env: Record<string, string | undefined>): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error("expected configuration problems");
  return result.problems;
}

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
    expect(config.transport).toEqual({ mode: "polling", httpPort: undefined, leaseSeconds: 15 });
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

  it("takes Telegram IDs as Telegram gives them: 52 bits at most, never 0, no leading zero", () => {
    for (const bad of ["9999999999999999", "0", "-0", "007", "+5"]) {
      expect(problems({ ...minimal, ALLOWED_USER_IDS: `5001, ${bad}` }).join()).toMatch(/ALLOWED_USER_IDS ".*" is not a numeric Telegram ID/);
    }
    const result = parseConfig({ ...minimal, ALLOWED_CHAT_IDS: "-1004503599627, 4503599627370495" });
    expect(result.ok && [...result.config.access.allowedChatIds]).toEqual([-1004503599627, 4503599627370495]);
  });

  it("treats blank values as unset", () => {
    const result = parseConfig({ ...minimal, ENQUIRY_TIMEOUT_MS: "", TELEGRAM_API_ROOT: "  ", ALLOWED_CHAT_IDS: "" });
    expect(result.ok && result.config.enquiry.timeoutMs).toBe(10_000);
    expect(result.ok && result.config.telegram.apiRoot).toBeUndefined();
  });

  it("refuses to start open to everyone unless asked to", () => {
    expect(problems({ ...minimal, ALLOWED_USER_IDS: "" }).join()).toMatch(/ALLOW_EVERYONE=true/);
    const open = parseConfig({ ...minimal, ALLOWED_USER_IDS: "", ALLOW_EVERYONE: "true" });
    expect(open.ok && open.config.access.allowEveryone).toBe(true);
  });

  it("wants exactly one source for the service token", () => {
    expect(problems({ ...minimal, ENQUIRY_TOKEN_FILE: "/run/secrets/token" }).join()).toMatch(/ENQUIRY_TOKEN_FILE cannot be set together/);
    const fromFile = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_FILE: "/run/secrets/token" });
    expect(fromFile.ok && fromFile.config.enquiry.token).toEqual({ source: "file", path: "/run/secrets/token" });
  });

  it("takes client credentials as the third way to have a token, with their defaults: Basic auth, POST", () => {
    const result = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://momo.example/collection/token/", ENQUIRY_CLIENT_ID: "api-user", ENQUIRY_CLIENT_SECRET: "api-key-secret" });
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.config.enquiry.token).toEqual({
      source: "client_credentials",
      credentials: { tokenUrl: "https://momo.example/collection/token/", clientId: "api-user", secret: { from: "environment", value: "api-key-secret" }, auth: "basic", method: "POST", scope: undefined },
    });
    const daraja = parseConfig({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://d.example/oauth/v1/generate", ENQUIRY_CLIENT_ID: "key", ENQUIRY_CLIENT_SECRET_FILE: "/run/secrets/consumer", ENQUIRY_TOKEN_METHOD: "get", ENQUIRY_TOKEN_SCOPE: "read" });
    if (!daraja.ok) throw new Error(daraja.problems.join());
    expect(daraja.config.enquiry.token).toMatchObject({ credentials: { secret: { from: "file", path: "/run/secrets/consumer" }, method: "GET", auth: "basic", scope: "read" } });
  });

  it("wants exactly one way to have a token, and client settings only with ENQUIRY_TOKEN_URL, all listed at once", () => {
    const none = problems({ ...minimal, ENQUIRY_TOKEN: undefined }).join("\n");
    expect(none).toMatch(/ENQUIRY_TOKEN is required \(or set ENQUIRY_TOKEN_FILE, or ENQUIRY_TOKEN_URL with ENQUIRY_CLIENT_ID and ENQUIRY_CLIENT_SECRET/);
    expect(problems({ ...minimal, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s" }).join()).toMatch(/ENQUIRY_TOKEN_URL cannot be set together with ENQUIRY_TOKEN: choose one way/);
    const incomplete = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token" }).join("\n");
    expect(incomplete).toMatch(/ENQUIRY_CLIENT_ID is required when ENQUIRY_TOKEN_URL is set/);
    expect(incomplete).toMatch(/ENQUIRY_CLIENT_SECRET is required when ENQUIRY_TOKEN_URL is set/);
    const both = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s", ENQUIRY_CLIENT_SECRET_FILE: "/f" });
    expect(both).toEqual([expect.stringMatching(/^ENQUIRY_CLIENT_SECRET_FILE cannot be set together with ENQUIRY_CLIENT_SECRET/)]);
    const stray = problems({ ...minimal, ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "leftover-secret", ENQUIRY_TOKEN_METHOD: "GET" });
    expect(stray).toEqual([
      "ENQUIRY_CLIENT_ID is only used with ENQUIRY_TOKEN_URL, which is not set",
      "ENQUIRY_CLIENT_SECRET is only used with ENQUIRY_TOKEN_URL, which is not set",
      "ENQUIRY_TOKEN_METHOD is only used with ENQUIRY_TOKEN_URL, which is not set",
    ]);
    expect(stray.join()).not.toContain("leftover-secret");
    const leaky = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "https://t.example/token", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s", ENQUIRY_TOKEN_AUTH: "body", ENQUIRY_TOKEN_METHOD: "GET" });
    expect(leaky).toEqual([expect.stringMatching(/ENQUIRY_TOKEN_AUTH=body cannot go with ENQUIRY_TOKEN_METHOD=GET/)]);
    const wrong = problems({ ...minimal, ENQUIRY_TOKEN: undefined, ENQUIRY_TOKEN_URL: "ftp://t", ENQUIRY_CLIENT_ID: "id", ENQUIRY_CLIENT_SECRET: "s", ENQUIRY_TOKEN_AUTH: "digest", ENQUIRY_TOKEN_METHOD: "PUT" }).join("\n");
    expect(wrong).toMatch(/ENQUIRY_TOKEN_URL must be the token endpoint's http\(s\) URL/);
    expect(wrong).toMatch(/ENQUIRY_TOKEN_AUTH must be basic/);
    expect(wrong).toMatch(/ENQUIRY_TOKEN_METHOD must be POST or GET/);
  });

  it("reads ENQUIRY_HEADERS as a JSON object, refusing the bot's own headers, never quoting a value", () => {
    const result = parseConfig({ ...minimal, ENQUIRY_HEADERS: '{"X-Target-Environment":"mtnuganda","Ocp-Apim-Subscription-Key":"sub-key-0123"}' });
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.config.enquiry.headers).toEqual({ "X-Target-Environment": "mtnuganda", "Ocp-Apim-Subscription-Key": "sub-key-0123" });
    const without = parseConfig(minimal);
    expect(without.ok && without.config.enquiry.headers).toEqual({});
    for (const [headers, message] of [
      ["not json sub-key-0123", /ENQUIRY_HEADERS must be a JSON object/],
      ['["sub-key-0123"]', /ENQUIRY_HEADERS must be a JSON object/],
      ['{"Authorization":"Bearer sub-key-0123"}', /ENQUIRY_HEADERS cannot set Authorization: the bot sets it itself/],
      ['{"X-Key":42}', /ENQUIRY_HEADERS must give X-Key a string on one line/],
      ['{"X-Key":"sub-key-0123\\r\\nX-Evil: 1"}', /ENQUIRY_HEADERS must give X-Key a string on one line/],
      ['{"bad name":"sub-key-0123"}', /ENQUIRY_HEADERS has "bad name", which is not a header name/],
    ] as const) {
      const found = problems({ ...minimal, ENQUIRY_HEADERS: headers }).join("\n");
      expect(found, headers).toMatch(message);
      expect(found, headers).not.toContain("sub-key-0123");
    }
  });

  it("a header value HTTP does not allow (an en dash pasted from a web page, a character outside ASCII) or a header the HTTP client keeps for itself: a problem naming the header, never its value, listed with the others", () => {
    const found = problems({ ...minimal, ENQUIRY_TIMEOUT_MS: "5", ENQUIRY_HEADERS: '{"X-Target-Environment":"sandbox\u2013ug","X-Key":"caf\u00e9-sub-key","X-Fine":"mtnuganda"}' });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ENQUIRY_TIMEOUT_MS /),
        "ENQUIRY_HEADERS must give X-Target-Environment a value HTTP allows: character 8 is not printable ASCII (a dash or quote pasted from a web page?)",
        "ENQUIRY_HEADERS must give X-Key a value HTTP allows: character 4 is not printable ASCII (a dash or quote pasted from a web page?)",
      ]),
    );
    expect(found.join("\n")).not.toMatch(/sandbox|caf|sub-key|X-Fine/);
    for (const name of ["Expect", "Keep-Alive", "Upgrade", "TE"]) {
      expect(problems({ ...minimal, ENQUIRY_HEADERS: `{"${name}":"value-0123"}` })).toEqual([`ENQUIRY_HEADERS cannot set ${name}: it belongs to the HTTP connection, not to a request`]);
    }
  });

  it("a token with a line break, a space or a character outside ASCII inside cannot go in a header: a problem, never the token", () => {
    for (const token of ["eyJhbGci\nOiJIUzI1NiJ9", "two words", "tok\u2013en"]) {
      const found = problems({ ...minimal, ENQUIRY_TOKEN: token });
      expect(found, JSON.stringify(token)).toEqual(["ENQUIRY_TOKEN must be the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)"]);
    }
    // Around it, spaces and line breaks are trimmed as before.
    expect(parseConfig({ ...minimal, ENQUIRY_TOKEN: " tok-en\n" }).ok).toBe(true);
  });

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

  it("accepts ENQUIRY_BASE_URL written with the API's own path, leaving that path out", () => {
    for (const [written, base, leftOut] of [
      ["https://api.provider.example", "https://api.provider.example", undefined],
      ["https://api.provider.example/gateway/", "https://api.provider.example/gateway", undefined],
      ["https://api.provider.example/api/v1", "https://api.provider.example", "/api/v1"],
      ["https://api.provider.example/api/v1/", "https://api.provider.example", "/api/v1"],
      ["https://api.provider.example/momo/api/v1/collection", "https://api.provider.example/momo", "/api/v1/collection"],
      ["https://api.provider.example/api/v1/airtime/enquiry", "https://api.provider.example", "/api/v1/airtime/enquiry"],
    ] as const) {
      const result = parseConfig({ ...minimal, ENQUIRY_BASE_URL: written });
      if (!result.ok) throw new Error(result.problems.join());
      expect({ base: result.config.enquiry.baseUrl, leftOut: result.config.enquiry.baseUrlLeftOut }, written).toEqual({ base, leftOut });
    }
  });

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

  it("keeps state in SQLite by default and in Redis when REDIS_URL is set, never printing its password", () => {
    const redis = parseConfig({ ...minimal, REDIS_URL: "rediss://bot:pa55word@redis.internal:6380/2", REDIS_PREFIX: "pay:" });
    expect(redis.ok && redis.config.state).toEqual({ kind: "redis", connection: { url: "rediss://bot:pa55word@redis.internal:6380/2" }, prefix: "pay:" });
    const custom = parseConfig({ ...minimal, STATE_DB: "/var/lib/bot/state.db" });
    expect(custom.ok && custom.config.state).toEqual({ kind: "sqlite", path: "/var/lib/bot/state.db" });
    const text = problems({ ...minimal, REDIS_URL: "http://user:hunter2@redis" }).join("\n");
    expect(text).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(text).not.toContain("hunter2");
  });

  it("finds Redis through Sentinel with REDIS_SENTINELS and REDIS_SENTINEL_NAME, the data's password and database given apart", () => {
    const sentinel = parseConfig({ ...minimal, REDIS_SENTINELS: "10.0.0.5:26379, sentinel-b:26380 [fd00::7]:26381 sentinel-c", REDIS_SENTINEL_NAME: "mymaster", REDIS_SENTINEL_PASSWORD: "s3ntinel pass", REDIS_PASSWORD: "data-pa55", REDIS_DB: "2" });
    expect(sentinel.ok && sentinel.config.state).toEqual({
      kind: "redis",
      connection: {
        sentinels: [
          { host: "10.0.0.5", port: 26379 },
          { host: "sentinel-b", port: 26380 },
          { host: "fd00::7", port: 26381 },
          { host: "sentinel-c", port: 26379 },
        ],
        name: "mymaster",
        sentinelPassword: "s3ntinel pass",
        password: "data-pa55",
        db: 2,
      },
      prefix: "psb:",
    });
    const plain = parseConfig({ ...minimal, REDIS_SENTINELS: "127.0.0.1:26379", REDIS_SENTINEL_NAME: "mymaster", STATE_DB: "/ignored.db" });
    expect(plain.ok && plain.config.state).toEqual({ kind: "redis", connection: { sentinels: [{ host: "127.0.0.1", port: 26379 }], name: "mymaster", sentinelPassword: undefined, password: undefined, db: 0 }, prefix: "psb:" });
  });

  it("refuses two ways to Redis, Sentinel without the master's name, and Sentinel's settings without Sentinel, never printing a password", () => {
    const both = problems({ ...minimal, REDIS_URL: "redis://r:6379", REDIS_SENTINELS: "s:26379", REDIS_SENTINEL_NAME: "mymaster" });
    expect(both).toEqual([expect.stringMatching(/^REDIS_URL cannot be set together with REDIS_SENTINELS: choose one/)]);
    // One mistake, one problem: with REDIS_URL there too, the Sentinel-only rules are not the point.
    expect(problems({ ...minimal, REDIS_URL: "redis://r:6379", REDIS_SENTINELS: "s:26379" })).toEqual([expect.stringMatching(/^REDIS_URL cannot be set together with REDIS_SENTINELS: choose one/)]);
    expect(problems({ ...minimal, REDIS_SENTINELS: "s:26379" })).toEqual([expect.stringMatching(/^REDIS_SENTINEL_NAME is required when REDIS_SENTINELS is set/)]);
    const stray = problems({ ...minimal, REDIS_URL: "redis://r:6379", REDIS_PASSWORD: "hunter2-data", REDIS_DB: "1" }).join("\n");
    expect(stray).toMatch(/REDIS_PASSWORD is only used with REDIS_SENTINELS: with REDIS_URL, the password and database go in the URL/);
    expect(stray).toMatch(/REDIS_DB is only used with REDIS_SENTINELS/);
    expect(stray).not.toContain("hunter2");
    expect(problems({ ...minimal, REDIS_SENTINEL_PASSWORD: "hunter2-sentinel" }).join()).toMatch(/REDIS_SENTINEL_PASSWORD is only used with REDIS_SENTINELS, which is not set/);
    const malformed = problems({ ...minimal, REDIS_SENTINELS: "s:26379, s:99999", REDIS_SENTINEL_NAME: "my master", REDIS_DB: "-1", REDIS_PASSWORD: "hunter2-data" }).join("\n");
    expect(malformed).toMatch(/REDIS_SENTINELS "s:99999" is not a host:port/);
    expect(malformed).toMatch(/REDIS_SENTINEL_NAME must be the master's name/);
    expect(malformed).toMatch(/REDIS_DB/);
    expect(malformed).not.toContain("hunter2");
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

  it("sets watches and the background budget from WATCH_* and ENQUIRY_MAX_PER_SECOND, decimals allowed for the give-up times", () => {
    const defaults = parseConfig(minimal);
    expect(defaults.ok && defaults.config.watches).toEqual({ firstCheckMs: 15_000, maxIntervalMs: 600_000, maxAgeMs: 86_400_000, notFoundMs: 1_800_000, maxPerUser: 50 });
    expect(defaults.ok && defaults.config.backgroundPerSecond).toBe(10);
    const tuned = parseConfig({ ...minimal, WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1", WATCH_MAX_HOURS: "0.5", WATCH_NOT_FOUND_MINUTES: "0.05", ENQUIRY_MAX_PER_SECOND: "1000" });
    expect(tuned.ok && tuned.config.watches).toMatchObject({ firstCheckMs: 1_000, maxIntervalMs: 1_000, maxAgeMs: 1_800_000, notFoundMs: 3_000 });
    const text = problems({ ...minimal, WATCH_FIRST_CHECK_SECONDS: "60", WATCH_MAX_INTERVAL_SECONDS: "30", ENQUIRY_MAX_PER_SECOND: "0", WATCH_MAX_PER_USER: "lots" }).join("\n");
    expect(text).toMatch(/WATCH_FIRST_CHECK_SECONDS must not be longer than WATCH_MAX_INTERVAL_SECONDS/);
    expect(text).toMatch(/ENQUIRY_MAX_PER_SECOND/);
    expect(text).toMatch(/WATCH_MAX_PER_USER must be a whole number/);
  });

  it("takes BOT_TIMEZONE as an IANA name, UTC by default, and refuses an unknown one", () => {
    const defaults = parseConfig(minimal);
    expect(defaults.ok && defaults.config.timeZone).toBe("UTC");
    const accra = parseConfig({ ...minimal, BOT_TIMEZONE: "Africa/Accra" });
    expect(accra.ok && accra.config.timeZone).toBe("Africa/Accra");
    expect(problems({ ...minimal, BOT_TIMEZONE: "Mars/Olympus" }).join()).toMatch(/BOT_TIMEZONE must be an IANA time zone name/);
  });

  it("takes BULK_MAX_IDS as a whole number from 1 to 10,000, 1,000 by default", () => {
    const defaults = parseConfig(minimal);
    expect(defaults.ok && defaults.config.bulkMaxIds).toBe(1000);
    const set = parseConfig({ ...minimal, BULK_MAX_IDS: "250" });
    expect(set.ok && set.config.bulkMaxIds).toBe(250);
    expect(problems({ ...minimal, BULK_MAX_IDS: "0" }).join()).toMatch(/BULK_MAX_IDS/);
    expect(problems({ ...minimal, BULK_MAX_IDS: "20000" }).join()).toMatch(/BULK_MAX_IDS/);
  });

  it("keeps the total enquiry budget at least one attempt long", () => {
    expect(problems({ ...minimal, ENQUIRY_TIMEOUT_MS: "5000", ENQUIRY_TOTAL_TIMEOUT_MS: "1000" }).join()).toMatch(/ENQUIRY_TOTAL_TIMEOUT_MS/);
  });
});

describe("the provider's health settings", () => {
  it("default to the documented thresholds, with no summary and no extra alert chats", () => {
    const result = parseConfig(minimal);
    expect(result.ok && result.config.health).toEqual(HEALTH_DEFAULTS);
    expect(HEALTH_DEFAULTS.thresholds).toEqual({ minEnquiries: 10, degradedPercent: 20, downPercent: 80, slowMs: 5_000, recoveryMs: 600_000 });
  });

  it("take decimals of minutes for the recovery, groups for alerts, and a time of day for the summary", () => {
    const result = parseConfig({ ...minimal, HEALTH_RECOVERY_MINUTES: "0.05", HEALTH_ALERT_CHAT_IDS: "-1001, -1002:42, -1002:43", DIGEST_TIME: "7:30", HEALTH_DEGRADED_PERCENT: "25", HEALTH_SLOW_MS: "8000", HEALTH_MIN_ENQUIRIES: "50" });
    expect(result.ok && result.config.health).toEqual({
      thresholds: { minEnquiries: 50, degradedPercent: 25, downPercent: 80, slowMs: 8_000, recoveryMs: 3_000 },
      // One chat may be told in two of its topics.
      alertChats: [{ chatId: -1001 }, { chatId: -1002, threadId: 42 }, { chatId: -1002, threadId: 43 }],
      digestTime: { hour: 7, minute: 30 },
    });
  });

  it("refuses what cannot be meant, all at once", () => {
    const found = problems({ ...minimal, DIGEST_TIME: "25:00", HEALTH_DEGRADED_PERCENT: "80", HEALTH_ALERT_CHAT_IDS: "ops-group" });
    expect(found).toHaveLength(3);
    expect(found.join("\n")).toMatch(/DIGEST_TIME must be a time of day as HH:MM/);
    expect(found.join("\n")).toMatch(/HEALTH_DEGRADED_PERCENT Too big: expected number to be <=79/);
    expect(found.join("\n")).toMatch(/HEALTH_ALERT_CHAT_IDS "ops-group" is not a numeric Telegram ID/);
  });
});

describe("forum topics and the support chat", () => {
  it("take CHAT_ID:THREAD_ID for the admin chat and the support chat; cases are off without SUPPORT_CHAT_ID", () => {
    const plain = parseConfig(minimal);
    expect(plain.ok && [plain.config.adminChatId, plain.config.adminThreadId, plain.config.support]).toEqual([undefined, undefined, undefined]);
    const result = parseConfig({ ...minimal, ADMIN_CHAT_ID: "-1001234567890:42", SUPPORT_CHAT_ID: "-1009876543210", CASE_REMIND_MINUTES: "0.5", CASE_DAYS: "30" });
    expect(result.ok && [result.config.adminChatId, result.config.adminThreadId]).toEqual([-1001234567890, 42]);
    expect(result.ok && result.config.support).toEqual({ chatId: -1009876543210, threadId: undefined, remindMs: 30_000, keepMs: 30 * 86_400_000 });
    const topic = parseConfig({ ...minimal, SUPPORT_CHAT_ID: " -1009876543210:7 " });
    expect(topic.ok && topic.config.support).toEqual({ chatId: -1009876543210, threadId: 7, remindMs: 15 * 60_000, keepMs: 90 * 86_400_000 });
  });

  it("refuses what the Telegram ID rule refuses, a topic that is not a topic's ID, and a reminder with no support chat, all at once", () => {
    const found = problems({ ...minimal, ADMIN_CHAT_ID: "-0100:1", SUPPORT_CHAT_ID: "-1001:0", HEALTH_ALERT_CHAT_IDS: "-1001:4:2" });
    expect(found.join("\n")).toMatch(/ADMIN_CHAT_ID "-0100:1" is not a numeric Telegram ID/);
    expect(found.join("\n")).toMatch(/SUPPORT_CHAT_ID "-1001:0" is not a numeric Telegram ID of a chat, optionally with a forum topic's ID as CHAT_ID:THREAD_ID/);
    expect(found.join("\n")).toMatch(/HEALTH_ALERT_CHAT_IDS "-1001:4:2"/);
    expect(problems({ ...minimal, CASE_REMIND_MINUTES: "5" })).toEqual(["CASE_REMIND_MINUTES is only used with SUPPORT_CHAT_ID, which is not set"]);
    expect(problems({ ...minimal, SUPPORT_CHAT_ID: "-1001", CASE_REMIND_MINUTES: "0" }).join()).toMatch(/CASE_REMIND_MINUTES/);
    expect(problems({ ...minimal, CASE_DAYS: "30" })).toEqual(["CASE_DAYS is only used with SUPPORT_CHAT_ID, which is not set"]);
    expect(problems({ ...minimal, SUPPORT_CHAT_ID: "-1001", CASE_DAYS: "0" }).join()).toMatch(/CASE_DAYS/);
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

