import { describe, expect, it, vi } from "vitest";
import { withFallback } from "../../src/state/fallback-store.ts";
import { StateUnavailableError } from "../../src/state/ports.ts";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { countKeys, deletePrefix, keysWithTtl, probeRedis, testPrefix } from "../support/redis.ts";
import { describeStateContract } from "./contract.ts";

const redis = await probeRedis();
const skip = redis.available ? undefined : redis.reason;
const url = redis.available ? redis.url : "";

describeStateContract(
  "Redis",
  async () => {
    const prefix = testPrefix("contract");
    const store = await openRedisStore({ url, prefix });
    return {
      store,
      dispose: async () => {
        await store.close();
        await deletePrefix(url, prefix);
      },
    };
  },
  skip === undefined ? {} : { skip },
);

describe.skipIf(skip !== undefined)("the Redis store", () => {
  it("keeps every key under its prefix, and gives every one a time to live: nothing outstays its use", async () => {
    const prefix = testPrefix("ttl");
    const store = await openRedisStore({ url, prefix });
    try {
      await store.kv.set("button:a", "TX-1", 60_000);
      await store.kv.setIfAbsent("stranger:x", "1", 60_000);
      await store.counters.spend("rate:1", 3, 60, 60_000);
      await store.counters.take("budget", 10, 1_000);
      await store.claims.claim("update:1", "me", 60_000);
      await store.claims.complete("update:2", 60_000);
      await store.leases.acquire("polling", "me", 15_000);
      await store.heartbeat("me", 15_000);
      const keys = await keysWithTtl(url, prefix);
      expect(keys.size).toBe(8);
      for (const [key, ttl] of keys) {
        expect(key.startsWith(prefix)).toBe(true);
        expect(ttl, key).toBeGreaterThan(0);
      }
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  });

  it("lets 100,000 expired entries go by themselves", async () => {
    const prefix = testPrefix("expiry");
    const store = await openRedisStore({ url, prefix });
    try {
      const pipeline = store.client.pipeline();
      for (let i = 0; i < 100_000; i++) pipeline.set(`${prefix}button:${i}`, "TX-1,TX-2", "PX", 8_000);
      await pipeline.exec();
      expect(await countKeys(url, prefix)).toBe(100_000);
      await vi.waitFor(async () => expect(await countKeys(url, prefix)).toBe(0), { timeout: 20_000, interval: 500 });
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  }, 60_000);

  it("fails at start with an error that names REDIS_URL and never its password", async () => {
    const secretUrl = "redis://bot:hunter2-secret@127.0.0.1:1/0";
    const error = await openRedisStore({ url: secretUrl, prefix: "x:", connectTimeoutMs: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateUnavailableError);
    expect(String((error as Error).message)).toMatch(/cannot connect to REDIS_URL \(ECONNREFUSED\)/);
    expect(String((error as Error).message)).not.toContain("hunter2");
  });

  it("answers from this process's memory while Redis is away, says so once, and goes back when it returns", async () => {
    const prefix = testPrefix("outage");
    const events: string[] = [];
    const wiring: { store?: ReturnType<typeof withFallback> } = {};
    const primary = await openRedisStore({ url, prefix, onConnectionChange: (change) => wiring.store?.noteConnection(change.status) });
    const store = withFallback(primary, openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), {
      lost: (reason) => events.push(`lost: ${reason}`),
      back: () => events.push("back"),
    });
    wiring.store = store;
    try {
      await store.kv.set("shared", "from redis", 60_000);
      // Cut this client's connection, as a Redis restart or a network fault would.
      const admin = await openRedisStore({ url, prefix: `${prefix}admin:` });
      const id = await primary.client.client("ID");
      await admin.client.client("KILL", "ID", String(id));
      await admin.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.kv.setIfAbsent("claim", "1", 60_000)).toBe(true);
      expect((await store.counters.spend("rate", 1, 5, 60_000)).granted).toBe(true);
      expect(store.health().status).toBe("degraded");
      expect(events.filter((event) => event.startsWith("lost"))).toHaveLength(1);
      await expect(store.leases.acquire("polling", "me", 1_000)).rejects.toBeInstanceOf(StateUnavailableError);
      // The client reconnects by itself.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await store.kv.get("shared")).toBe("from redis");
      expect(store.health()).toEqual({ status: "ok" });
      expect(events.at(-1)).toBe("back");
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  }, 15_000);
});
