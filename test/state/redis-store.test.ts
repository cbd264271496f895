import { describe, expect, it, vi } from "vitest";
import { withFallback } from "../../src/state/fallback-store.ts";
import { StateUnavailableError } from "../../src/state/ports.ts";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { countKeys, deletePrefix, keysWithTtl, probeRedis, testPrefix } from "../support/redis.ts";
import { describeStateContract } from "./contract.ts";
import { redisUnderPrefix } from "./contract-stores.ts";
import { describeReceiptContract } from "./receipt-contract.ts";
import { accessGrants } from "../../src/access/grants.ts";
import { captureLogs } from "../support/logs.ts";

const redis = await probeRedis();
const skip = redis.available ? undefined : redis.reason;
const url = redis.available ? redis.url : "";

// Claims of instances that stopped beating are taken over once 50 ms old (15 s in production).
describeStateContract("Redis", redisUnderPrefix(url, "contract", { claimTakeoverAfterMs: 50 }), skip === undefined ? {} : { skip });
describeReceiptContract("Redis", redisUnderPrefix(url, "receipts"), skip === undefined ? {} : { skip });

describe.skipIf(skip !== undefined)("the Redis store", () => {
  it("says it is shared: several instances see it", async () => {
    const prefix = testPrefix("shared");
    const store = await openRedisStore({ url, prefix });
    expect(store.shared).toBe(true);
    await store.close();
  });

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
      await store.claims.heartbeat("me", 15_000);
      await store.keepMarker(60_000);
      await store.schedules.set("watch-checks", "collection:TX-1", Date.now());
      await store.schedules.advance("watch-notices", "collection:TX-1", Date.now());
      await store.sets.add("watch-user:1", "x", 60_000);
      await store.tallies.add([
        { key: "health:m:1", ttlMs: 60_000, counts: new Map([["collection:found", 1]]) },
        { key: "health:ids:1", ttlMs: 60_000, members: ["collection:TX-1"] },
      ]);
      const keys = await keysWithTtl(url, prefix);
      expect(keys.size).toBe(15);
      for (const [key, ttl] of keys) {
        expect(key.startsWith(prefix)).toBe(true);
        expect(ttl, key).toBeGreaterThan(0);
      }
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  });

  it("never takes over a live instance's young claim whose heartbeat vanished (Redis emptied under it), only an old one", async () => {
    const prefix = testPrefix("young-claim");
    const store = await openRedisStore({ url, prefix, claimTakeoverAfterMs: 400 });
    try {
      // Instance a claims an update; its heartbeat key is gone (the store was emptied, a beat is due in a few seconds).
      expect(await store.claims.claim("update:7", "a", 60_000)).toBe("claimed");
      expect(await store.claims.claim("update:7", "b", 60_000)).toBe("busy");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await store.claims.claim("update:7", "b", 60_000)).toBe("claimed");
      // A claim an older version wrote (no time in it) counts as old.
      await store.client.set(`${prefix}update:8`, "p:old-instance", "PX", 60_000);
      expect(await store.claims.claim("update:8", "b", 60_000)).toBe("claimed");
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  });

  it("tells an emptied store by its marker: written at first, kept, then missing after a FLUSH", async () => {
    const prefix = testPrefix("marker");
    const store = await openRedisStore({ url, prefix });
    try {
      expect(await store.keepMarker(60_000)).toBe(false);
      expect(await store.keepMarker(60_000)).toBe(true);
      await deletePrefix(url, prefix);
      expect(await store.keepMarker(60_000)).toBe(false);
      expect(await store.keepMarker(60_000)).toBe(true);
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

  it("tells where it is: the address of REDIS_URL, never its password, and its replicas; through the fallback too, and nothing once closed", async () => {
    const prefix = testPrefix("topology");
    const primary = await openRedisStore({ url, prefix });
    const store = withFallback(primary, openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), { lost: () => undefined, back: () => undefined });
    const { hostname, port } = new URL(url);
    const expected = { master: `${hostname}:${port || "6379"}`, replicas: expect.any(Number), sentinels: undefined };
    expect(await primary.topology?.()).toEqual(expected);
    expect(await store.topology?.()).toEqual(expected);
    await store.close();
    expect(await store.topology?.()).toBeUndefined();
    expect(withFallback(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), { lost: () => undefined, back: () => undefined })).not.toHaveProperty("topology");
  });

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
      await vi.waitFor(() => expect(store.health()).toEqual({ status: "ok" }), { timeout: 10_000, interval: 50 });
      expect(await store.kv.get("shared")).toBe("from redis");
      expect(events.at(-1)).toBe("back");
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  }, 15_000);
});

describe.skipIf(skip !== undefined)("records held in memory by two instances, when Redis is emptied", () => {
  it("the copy is read again even when the collection went through as many changes after the emptying as before", async () => {
    const prefix = testPrefix("emptied-copy");
    const [a, b] = await Promise.all([openRedisStore({ url, prefix }), openRedisStore({ url, prefix })]);
    try {
      const grants = accessGrants(a.records, captureLogs([]).logger);
      const granted = (id: number) => ({ kind: "user" as const, subject: { id, name: String(id) }, how: { type: "allowed" as const, by: { id: 1, name: "admin" }, at: 1 } });
      const otherInstance = accessGrants(b.records, captureLogs([]).logger);
      await otherInstance.grant(granted(101));
      await grants.refresh();
      expect(grants.hasUser(101)).toBe(true);
      // Redis restarted empty, then the same number of changes: a grant for someone else.
      await deletePrefix(url, prefix);
      await otherInstance.grant(granted(202));
      await grants.refresh();
      expect(grants.hasUser(101)).toBe(false);
      expect(grants.hasUser(202)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await deletePrefix(url, prefix);
    }
  });
});
