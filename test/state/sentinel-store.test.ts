import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StateUnavailableError } from "../../src/state/ports.ts";
import { openRedisStore, type RedisStoreOptions } from "../../src/state/redis/redis-store.ts";
import type { ReplicationChange } from "../../src/state/redis/replication.ts";
import { signalGroup } from "../support/child-processes.ts";
import { freePort, probeRedisServer, startRedisServer, startSentinelTopology, waitUntil, type RedisNode, type SentinelTopology } from "../support/redis-topology.ts";
import { testPrefix } from "../support/redis.ts";
import { describeStateContract } from "./contract.ts";

const available = probeRedisServer("Redis Sentinel store tests");
const PASSWORD = "data-pa55word-sentinel-store";
const SENTINEL_PASSWORD = "sentinel-pa55word-store";

let topology: SentinelTopology;

beforeAll(async () => {
  if (!available) return;
  // One sentinel is enough here: the failover below is asked for, not voted on.
  topology = await startSentinelTopology({ replicas: 1, sentinels: 1, quorum: 1, password: PASSWORD, sentinelPassword: SENTINEL_PASSWORD });
}, 30_000);
afterAll(async () => {
  await topology?.stop();
});

const sentinelOptions = (prefix: string, extra: Partial<RedisStoreOptions> = {}): RedisStoreOptions => ({
  sentinels: topology.sentinels.map((sentinel) => ({ host: "127.0.0.1", port: sentinel.port })),
  name: topology.name,
  sentinelPassword: SENTINEL_PASSWORD,
  password: PASSWORD,
  db: 3,
  prefix,
  ...extra,
});

/** Deletes a prefix on whichever node is the master now. */
async function deleteOnMaster(prefix: string): Promise<void> {
  const client = topology.node(await topology.masterPort()).connect();
  try {
    await client.select(3);
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

describeStateContract(
  "Redis through Sentinel",
  async () => {
    const prefix = testPrefix("sentinel-contract");
    const store = await openRedisStore(sentinelOptions(prefix, { claimTakeoverAfterMs: 50 }));
    return {
      store,
      dispose: async () => {
        await store.close();
        await deleteOnMaster(prefix);
      },
    };
  },
  available ? {} : { skip: "no redis-server" },
);

describe.skipIf(!available)("the Redis store through Sentinel", () => {
  it("writes to the master Sentinel names, in REDIS_DB, and tells where it is: the master, its replicas, the sentinels that see it", async () => {
    const prefix = testPrefix("sentinel-topology");
    const store = await openRedisStore(sentinelOptions(prefix));
    try {
      await store.kv.set("where", "here", 60_000);
      const master = topology.master.connect();
      await master.select(3);
      expect(await master.get(`${prefix}where`)).toBe("here");
      master.disconnect();
      expect(await store.topology?.()).toEqual({ master: `127.0.0.1:${topology.master.port}`, replicas: 1, sentinels: 1 });
    } finally {
      await store.close();
      await deleteOnMaster(prefix);
    }
  });

  it("fails at start with a short reason when no sentinel answers, or none knows the master's name, never with a password", async () => {
    const nowhere = await openRedisStore({ ...sentinelOptions("x:"), sentinels: [{ host: "127.0.0.1", port: await freePort() }], connectTimeoutMs: 500 }).catch((error: unknown) => error);
    expect(nowhere).toBeInstanceOf(StateUnavailableError);
    expect((nowhere as Error).message).toMatch(/^state store unavailable: cannot connect to REDIS_SENTINELS \(no sentinel answers; 127\.0\.0\.1:\d+: no answer\)$/);
    const unknown = await openRedisStore({ ...sentinelOptions("x:"), name: "no-such-master", connectTimeoutMs: 500 }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(StateUnavailableError);
    expect((unknown as Error).message).toBe("state store unavailable: cannot connect to REDIS_SENTINELS (no sentinel knows a master named no-such-master: check REDIS_SENTINEL_NAME)");
    const refused = await openRedisStore({ ...sentinelOptions("x:"), sentinelPassword: "wrong-pa55word", connectTimeoutMs: 500 }).catch((error: unknown) => error);
    expect((refused as Error).message).toMatch(/^state store unavailable: cannot connect to REDIS_SENTINELS \(no sentinel answers; 127\.0\.0\.1:\d+: WRONGPASS/);
    const wrongData = await openRedisStore({ ...sentinelOptions("x:"), password: "wrong-pa55word", connectTimeoutMs: 500 }).catch((error: unknown) => error);
    expect((wrongData as Error).message).toMatch(/^state store unavailable: cannot connect to REDIS_SENTINELS \((WRONGPASS|NOAUTH)/);
    for (const error of [nowhere, unknown, refused, wrongData]) expect(String((error as Error).message)).not.toMatch(/pa55word/);
  });

  it("a sentinel's address given as REDIS_URL: does not open, saying to set REDIS_SENTINELS instead", async () => {
    const port = topology.sentinels[0]?.port;
    const opened = await openRedisStore({ url: `redis://:${SENTINEL_PASSWORD}@127.0.0.1:${port}`, prefix: "x:" }).catch((error: unknown) => error);
    expect((opened as Error).message).toBe(`REDIS_URL names 127.0.0.1:${port}, which is a sentinel: set REDIS_SENTINELS and REDIS_SENTINEL_NAME instead`);
  });

  it("makes a write people rely on wait for a replica, bounded, says once when none acknowledges in time and once when one does again; caches never wait", async () => {
    const prefix = testPrefix("sentinel-wait");
    const changes: ReplicationChange[] = [];
    const store = await openRedisStore(sentinelOptions(prefix, { replicaWaitMs: 300, onReplicationChange: (change) => changes.push(change) }));
    const [replica] = topology.replicas as [RedisNode];
    const reader = replica.connect();
    try {
      await reader.select(3);
      // Held by the replica as soon as it is acknowledged.
      await store.records.update("grants", "user:1", () => "granted");
      expect(await reader.hget(`${prefix}record:grants`, "user:1")).toBe("granted");
      await store.sets.add("watch-user:1", "collection:TX-1", 60_000);
      expect(await reader.sismember(`${prefix}set:watch-user:1`, "collection:TX-1")).toBe(1);
      expect(changes).toEqual([]);

      // A replica that hangs: durable writes wait their bound, then go on; the rest does not wait at all.
      signalGroup(replica.pid, "SIGSTOP");
      try {
        const cacheStarted = Date.now();
        await store.kv.set("button:1", "TX-1", 60_000);
        await store.counters.spend("rate:1", 1, 10, 60_000);
        expect(Date.now() - cacheStarted).toBeLessThan(200);
        const started = Date.now();
        await store.records.update("grants", "user:2", () => "granted");
        expect(Date.now() - started).toBeGreaterThanOrEqual(280);
        await store.kv.update("watch:collection:TX-2", () => "{}", 60_000);
        expect(changes).toEqual([{ status: "lagging", reason: "no replica acknowledged a durable write within 300 ms" }]);
      } finally {
        signalGroup(replica.pid, "SIGCONT");
      }
      await store.records.update("grants", "user:3", () => "granted");
      expect(changes).toEqual([{ status: "lagging", reason: expect.any(String) }, { status: "ok" }]);
      expect(await reader.hget(`${prefix}record:grants`, "user:2")).toBe("granted");
    } finally {
      reader.disconnect();
      await store.close();
      await deleteOnMaster(prefix);
    }
  });

  it("follows a failover: writes go to the promoted replica within seconds, what was written before is there, and the old master is left alone", async () => {
    const prefix = testPrefix("sentinel-failover");
    const connection: string[] = [];
    const store = await openRedisStore(sentinelOptions(prefix, { onConnectionChange: (change) => connection.push(change.status) }));
    try {
      await store.records.update("grants", "user:1", () => "granted");
      const oldMaster = topology.master.port;
      const sentinel = topology.sentinels[0]?.connect();
      await sentinel?.call("SENTINEL", "FAILOVER", topology.name);
      sentinel?.disconnect();
      await waitUntil(async () => (await topology.masterPort()) !== oldMaster, "the sentinel to promote the replica", () => topology.sentinels[0]?.log() ?? "", 15_000);
      const newMaster = await topology.masterPort();
      // Demoted, the old master drops its clients: the store asks the sentinels again.
      await waitUntil(
        async () => {
          await store.kv.set("after", "failover", 60_000);
          return (await store.topology?.())?.master === `127.0.0.1:${newMaster}`;
        },
        "the store to write to the new master",
        () => "",
        10_000,
      );
      expect(await store.records.get("grants", "user:1")).toBe("granted");
      expect(connection).toEqual(["lost", "back"]);
      // The old master runs on, a master still in its own eyes until the sentinel turns it into a replica: nothing more goes to it.
      await store.kv.set("only-on-the-new-master", "1", 60_000);
      const old = topology.node(oldMaster).connect();
      await old.select(3);
      expect(await old.exists(`${prefix}only-on-the-new-master`)).toBe(0);
      old.disconnect();
    } finally {
      await store.close();
      await deleteOnMaster(prefix);
    }
  }, 30_000);
});

describe.skipIf(!available)("a Redis that becomes a replica under the store (REDIS_URL)", () => {
  it("reconnects when a write is refused with READONLY, and writes again once the address is a master", async () => {
    const server = await startRedisServer();
    const other = await startRedisServer();
    const changes: string[] = [];
    try {
      const store = await openRedisStore({ url: `redis://127.0.0.1:${server.port}/0`, prefix: "readonly:", onConnectionChange: (change) => changes.push(change.status) });
      const admin = server.connect();
      try {
        // No replica: a durable write does not wait.
        const started = Date.now();
        await store.records.update("grants", "user:1", () => "granted");
        expect(Date.now() - started).toBeLessThan(500);
        await admin.replicaof("127.0.0.1", String(other.port));
        const refused = await store.kv.set("k", "v", 60_000).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(StateUnavailableError);
        expect((refused as Error).message).toMatch(/READONLY/);
        await waitUntil(async () => changes.join() === "lost,back", "the store to reconnect");
        await admin.replicaof("NO", "ONE");
        await store.kv.set("k", "v", 60_000);
        expect(await store.kv.get("k")).toBe("v");
      } finally {
        admin.disconnect();
        await store.close();
      }
    } finally {
      await Promise.all([server.remove(), other.remove()]);
    }
  });
});
