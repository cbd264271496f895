import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaseStore } from "../../src/payments/cases/case-store.ts";
import type { CaseAgent } from "../../src/payments/cases/case.ts";
import { openCase } from "../../src/payments/cases/open-case.ts";
import { NotAMasterError } from "../../src/state/redis/connection.ts";
import { openRedisStore, type RedisStore, type RedisStoreOptions } from "../../src/state/redis/redis-store.ts";
import type { ReplicationChange } from "../../src/state/redis/replication.ts";
import { signalGroup } from "../support/child-processes.ts";
import { outcomes } from "../support/outcomes.ts";
import { probeRedisServer, startSentinelTopology, type RedisNode, type SentinelTopology } from "../support/redis-topology.ts";
import { testPrefix } from "../support/redis.ts";

const available = probeRedisServer("Redis replica wait tests");

// A master and one replica, reached through REDIS_URL (a managed service's endpoint, or a
// replica kept for failing over by hand): every durable write waits for that replica.
let topology: SentinelTopology;
beforeAll(async () => {
  if (!available) return;
  topology = await startSentinelTopology({ replicas: 1, sentinels: 0 });
}, 30_000);
afterAll(async () => {
  await topology?.stop();
});

const replica = (): RedisNode => topology.replicas[0] as RedisNode;

async function openStore(extra: Partial<RedisStoreOptions> = {}): Promise<{ store: RedisStore; changes: ReplicationChange[]; unacknowledged: () => number; close: () => Promise<void> }> {
  const prefix = testPrefix("replica-wait");
  const changes: ReplicationChange[] = [];
  let unacknowledged = 0;
  const store = await openRedisStore({
    url: `redis://127.0.0.1:${topology.master.port}/0`,
    prefix,
    onReplicationChange: (change) => changes.push(change),
    onUnacknowledgedWrites: (writes) => (unacknowledged += writes),
    ...extra,
  });
  return {
    store,
    changes,
    unacknowledged: () => unacknowledged,
    close: async () => {
      const keys = await store.client.keys(`${prefix}*`);
      if (keys.length > 0) await store.client.del(...keys);
      await store.close();
    },
  };
}

/** The replica stopped (SIGSTOP): connected in the master's eyes, acknowledging nothing, until `resume`. */
function pauseReplica(): { resume: () => void } {
  signalGroup(replica().pid, "SIGSTOP");
  return { resume: () => signalGroup(replica().pid, "SIGCONT") };
}

const agent = (userId: number): CaseAgent => ({ userId, name: `Agent ${userId}`, chatId: userId, locale: "en", joinedAt: 1 });

describe.skipIf(!available)("durable writes while the replica does not acknowledge", () => {
  it("four at once, with production's bounds: each succeeds after its own wait, none held up by another's", async () => {
    const { store, changes, unacknowledged, close } = await openStore();
    // The replica is counted once it is asked: before the pause, as a running bot has long done.
    await store.records.update("grants", "user:0", () => "granted");
    const paused = pauseReplica();
    try {
      const started = Date.now();
      const results = await Promise.allSettled([1, 2, 3, 4].map((n) => store.records.update("grants", `user:${n}`, () => "granted")));
      const elapsed = Date.now() - started;
      expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"]);
      // One wait of 1 s (the default bound), not four in a row.
      expect(elapsed).toBeGreaterThanOrEqual(950);
      expect(elapsed).toBeLessThan(1_900);
      expect(changes).toEqual([{ status: "lagging", reason: "no replica acknowledged a durable write within 1000 ms" }]);
      expect(unacknowledged()).toBe(4);
    } finally {
      paused.resume();
    }
    for (const n of [1, 2, 3, 4]) expect(await store.records.get("grants", `user:${n}`)).toBe("granted");
    await close();
  }, 20_000);

  it("writes one after another, while others wait: never held up by a wait that is not theirs", async () => {
    const { store, close } = await openStore({ replicaWaitMs: 500 });
    await store.records.update("grants", "user:0", () => "granted");
    const paused = pauseReplica();
    try {
      // A write starts every 150 ms: each would otherwise queue behind the waits of those before it,
      // the fifth for 1.9 s in all.
      const timings = await Promise.all(
        [0, 1, 2, 3, 4].map(async (n) => {
          await new Promise((resolve) => setTimeout(resolve, n * 150)); // the stagger is the test: writes that do not start together
          const started = Date.now();
          await store.sets.add(`watchers:${n}`, "1", 60_000);
          return Date.now() - started;
        }),
      );
      // Each its own 500 ms, and room for a loaded machine.
      expect(Math.max(...timings), `each write's time: ${timings.join(", ")} ms`).toBeLessThan(1_200);
      expect(Math.min(...timings)).toBeGreaterThanOrEqual(450);
    } finally {
      paused.resume();
    }
    await close();
  }, 20_000);

  it("four agents escalate at once, with production's bounds: four cases numbered 1 to 4, every one listed, no orphan record", async () => {
    const { store: state, close } = await openStore();
    const store = createCaseStore(state);
    const deps = { store, audit: () => undefined, now: () => 1_000, schedule: { firstCheckMs: 15_000, maxIntervalMs: 600_000 } };
    await state.records.update("grants", "user:0", () => "granted");
    const paused = pauseReplica();
    try {
      const opened = await Promise.allSettled([1, 2, 3, 4].map((n) => openCase(deps, outcomes.pending("collection", `TX-ESC-${n}`), agent(100 + n))));
      expect(opened.map((result) => (result.status === "fulfilled" ? result.value.type : String(result.reason)))).toEqual(["opened", "opened", "opened", "opened"]);
      const numbers = opened.map((result) => (result.status === "fulfilled" && result.value.type === "opened" ? result.value.case.number : 0));
      expect([...numbers].sort()).toEqual([1, 2, 3, 4]);
    } finally {
      paused.resume();
    }
    expect([...(await state.records.all("cases")).keys()].sort()).toEqual(["1", "2", "3", "4"]);
    expect([...(await store.openCases()).keys()].sort()).toEqual([1, 2, 3, 4]);
    for (const n of [1, 2, 3, 4]) expect(await store.caseOfPayment(`collection:TX-ESC-${n}`)).toBeGreaterThan(0);
    expect(await state.records.get("case-counter", "last")).toBe("4");
    await close();
  }, 60_000);
});

describe.skipIf(!available)("REDIS_URL naming the replica", () => {
  const replicaUrl = (auth = "") => `redis://${auth}127.0.0.1:${replica().port}/0`;
  const refusal = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

  it("the store does not open: the replica is named, with what to set instead", async () => {
    const opened = await openRedisStore({ url: replicaUrl(), prefix: testPrefix("replica-url") }).catch((error: unknown) => error);
    expect(opened).toBeInstanceOf(NotAMasterError);
    expect(refusal(opened)).toBe(`NotAMasterError: REDIS_URL names 127.0.0.1:${replica().port}, which is a replica: point REDIS_URL at the master, or use REDIS_SENTINELS`);
  });

  it("the same for a user that may not run ROLE or INFO (an ACL of -@dangerous): the replica refuses a write", async () => {
    const user = `psb-replica-${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    // Users are the server's own: made on the replica itself (ACL SETUSER is not replicated).
    const admin = replica().connect();
    try {
      await admin.call("ACL", "SETUSER", user, "on", `>${password}`, "~*", "&*", "+@all", "-@dangerous");
      const opened = await openRedisStore({ url: replicaUrl(`${user}:${password}@`), prefix: testPrefix("replica-acl") }).catch((error: unknown) => error);
      expect(refusal(opened)).toBe(`NotAMasterError: REDIS_URL names 127.0.0.1:${replica().port}, which is a replica: point REDIS_URL at the master, or use REDIS_SENTINELS`);
      expect(refusal(opened)).not.toContain(password);
    } finally {
      await admin.call("ACL", "DELUSER", user);
      admin.disconnect();
    }
  });

  it("the master, for that user, opens as before", async () => {
    const user = `psb-master-${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    const admin = topology.master.connect();
    try {
      await admin.call("ACL", "SETUSER", user, "on", `>${password}`, "~*", "&*", "+@all", "-@dangerous");
      const store = await openRedisStore({ url: `redis://${user}:${password}@127.0.0.1:${topology.master.port}/0`, prefix: testPrefix("master-acl") });
      await store.close();
    } finally {
      await admin.call("ACL", "DELUSER", user);
      admin.disconnect();
    }
  });
});
