import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("parseConfig: the state store", () => {
  it("keeps state in SQLite by default and in Redis when REDIS_URL is set, never printing its password", () => {
    const redis = parseConfig({ ...minimal, REDIS_URL: "rediss://bot:pa55word@redis.internal:6380/2", REDIS_PREFIX: "pay:" });
    expect(redis.ok && redis.config.state).toEqual({ kind: "redis", connection: { url: "rediss://bot:pa55word@redis.internal:6380/2" }, prefix: "pay:" });
    const custom = parseConfig({ ...minimal, STATE_DB: "/var/lib/bot/state.db" });
    expect(custom.ok && custom.config.state).toEqual({ kind: "sqlite", path: "/var/lib/bot/state.db" });
    const text = problems({ ...minimal, REDIS_URL: "http://user:hunter2@redis" }).join("\n");
    expect(text).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(text).not.toContain("hunter2");
  });

  it("refuses a REDIS_URL whose database is not a number, as one problem that never prints the password", () => {
    for (const url of ["redis://:hunter2@127.0.0.1:6379/abc", "redis://127.0.0.1:6379/1/2", "rediss://u:hunter2@r:6380/-1", "redis://r:6379/99999", "redis://r:6379?db=abc"]) {
      const found = problems({ ...minimal, REDIS_URL: url });
      expect(found, url).toEqual([expect.stringMatching(/^REDIS_URL must end with a database number \(redis:\/\/host:6379\/0, 0-15 on a default Redis\)/)]);
      expect(found.join("\n")).not.toContain("hunter2");
    }
    for (const url of ["redis://r:6379", "redis://r:6379/", "redis://r:6379/0", "rediss://:p@r:6380/15", "redis://r:6379?db=3"]) {
      expect(parseConfig({ ...minimal, REDIS_URL: url }).ok, url).toBe(true);
    }
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
});
