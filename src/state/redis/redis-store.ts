import { randomBytes } from "node:crypto";
import type { Redis, RedisOptions } from "ioredis";
import { StateUnavailableError, type ClaimResult, type StateStore } from "../ports.ts";
import { ACQUIRE, ADVANCE, CLAIM, CLAIM_DUE, COMPARE_AND_SET, DELETE_IF, SPEND, TAKE } from "./scripts.ts";

export interface RedisStoreOptions {
  /** redis://[user:password@]host:port/db, or rediss:// for TLS. */
  url: string;
  /** Every key goes under it, so that several bots (or tests) can share one Redis. */
  prefix: string;
  /** How long to wait for Redis at start. */
  connectTimeoutMs?: number;
  /** A command that takes longer fails (and the bot degrades) instead of hanging a reply. */
  commandTimeoutMs?: number;
  /** Told when the connection is lost and when it is back. */
  onConnectionChange?: (change: { status: "lost"; reason: string } | { status: "back" }) => void;
}

export interface RedisStore extends StateStore {
  /** The client, for the few callers that need Redis itself (tests cleaning up their prefix). */
  readonly client: Redis;
}

const PROCESSING = "p:";
const DONE = "done";

type Scripted = Redis & {
  spend(key: string, cost: number, limit: number, windowMs: number): Promise<[number, number, number]>;
  take(key: string, limit: number, windowMs: number, member: string): Promise<[number, number]>;
  claim(key: string, owner: string, ttlMs: number, alivePrefix: string): Promise<ClaimResult>;
  deleteIf(key: string, expected: string): Promise<number>;
  acquire(key: string, owner: string, ttlMs: number): Promise<number>;
  compareAndSet(key: string, expected: string, next: string, ttlMs: number, expectedPresent: 0 | 1): Promise<number>;
  advance(key: string, member: string, dueAt: number): Promise<number>;
  claimDue(key: string, now: number, limit: number, leaseMs: number): Promise<string[]>;
};

/** A value written concurrently this many times in a row is a bug, not contention. */
const MAX_UPDATE_ATTEMPTS = 50;

/**
 * The shared store for several instances. Commands never queue while Redis is away: they fail at
 * once (StateUnavailableError), so that the bot can degrade (answer without shared state) rather
 * than hang; the client reconnects by itself.
 */
export async function openRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const { prefix, connectTimeoutMs = 5_000, commandTimeoutMs = 2_000 } = options;
  const settings: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    // Commands made in the same turn of the event loop (a burst of updates) go out in one write and
    // come back in one read: a round trip shared, rather than one each.
    enableAutoPipelining: true,
    // Reconnect for ever, at most 2 s apart: an outage ends by itself when Redis is back.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  // Loaded only when Redis is configured: the embedded store's users do not carry the client in memory.
  const { Redis: RedisClient } = await import("ioredis");
  const client = new RedisClient(options.url, settings) as Scripted;
  client.defineCommand("spend", { numberOfKeys: 1, lua: SPEND });
  client.defineCommand("take", { numberOfKeys: 1, lua: TAKE });
  client.defineCommand("claim", { numberOfKeys: 1, lua: CLAIM });
  client.defineCommand("deleteIf", { numberOfKeys: 1, lua: DELETE_IF });
  client.defineCommand("acquire", { numberOfKeys: 1, lua: ACQUIRE });
  client.defineCommand("compareAndSet", { numberOfKeys: 1, lua: COMPARE_AND_SET });
  client.defineCommand("advance", { numberOfKeys: 1, lua: ADVANCE });
  client.defineCommand("claimDue", { numberOfKeys: 1, lua: CLAIM_DUE });
  // Errors reach the callers of each command; without a listener ioredis would also print them.
  let lastError: unknown;
  client.on("error", (error: unknown) => (lastError = error));

  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    // connect() only says "Connection is closed"; the error event said why (ECONNREFUSED, ENOTFOUND, NOAUTH…).
    throw new StateUnavailableError(`cannot connect to REDIS_URL (${describe(lastError ?? error)})`, { cause: error });
  }

  let lostReason: string | undefined;
  client.on("close", () => {
    if (lostReason !== undefined) return;
    lostReason = "connection to Redis lost";
    options.onConnectionChange?.({ status: "lost", reason: lostReason });
  });
  client.on("ready", () => {
    if (lostReason === undefined) return;
    lostReason = undefined;
    options.onConnectionChange?.({ status: "back" });
  });

  const key = (name: string) => prefix + name;
  const aliveKey = (instanceId: string) => key(`alive:${instanceId}`);
  /** Every failure becomes a StateUnavailableError: callers need not know ioredis. */
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new StateUnavailableError(describe(error), { cause: error });
    }
  };

  return {
    kind: "redis",
    client,
    kv: {
      get: (name) => run(async () => (await client.get(key(name))) ?? undefined),
      set: (name, value, ttlMs) => run(async () => void (await client.set(key(name), value, "PX", Math.max(1, ttlMs)))),
      setIfAbsent: (name, value, ttlMs) => run(async () => (await client.set(key(name), value, "PX", Math.max(1, ttlMs), "NX")) === "OK"),
      delete: (name) => run(async () => void (await client.del(key(name)))),
      update: (name, change, ttlMs) =>
        run(async () => {
          // Optimistic: read, change, and write only if nobody wrote in between; otherwise again.
          for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
            const current = (await client.get(key(name))) ?? undefined;
            const next = change(current);
            if (next === "") throw new Error("kv.update: an empty string cannot be stored (undefined deletes)");
            const swapped = await client.compareAndSet(key(name), current ?? "", next ?? "", Math.max(1, ttlMs), current === undefined ? 0 : 1);
            if (swapped === 1) return next;
          }
          throw new Error(`kv.update: ${name} kept changing under ${MAX_UPDATE_ATTEMPTS} attempts`);
        }),
    },
    schedules: {
      set: (name, member, dueAt) => run(async () => void (await client.zadd(key(`schedule:${name}`), dueAt, member))),
      advance: (name, member, dueAt) => run(async () => void (await client.advance(key(`schedule:${name}`), member, dueAt))),
      remove: (name, member) => run(async () => void (await client.zrem(key(`schedule:${name}`), member))),
      claimDue: (name, now, limit, leaseMs) => run(() => client.claimDue(key(`schedule:${name}`), now, limit, leaseMs)),
      dueAt: (name, member) =>
        run(async () => {
          const score = await client.zscore(key(`schedule:${name}`), member);
          return score === null ? undefined : Number(score);
        }),
      size: (name) => run(() => client.zcard(key(`schedule:${name}`))),
    },
    sets: {
      add: (name, member, ttlMs) => run(async () => void (await client.multi().sadd(key(`set:${name}`), member).pexpire(key(`set:${name}`), ttlMs).exec())),
      remove: (name, member) => run(async () => void (await client.srem(key(`set:${name}`), member))),
      members: (name) => run(() => client.smembers(key(`set:${name}`))),
    },
    counters: {
      spend: (name, cost, limit, windowMs) =>
        run(async () => {
          const [granted, used, resetInMs] = await client.spend(key(name), cost, limit, windowMs);
          return { granted: granted === 1, used, resetInMs };
        }),
      take: (name, limit, windowMs) =>
        run(async () => {
          const [granted, retryInMs] = await client.take(key(name), limit, windowMs, randomBytes(8).toString("hex"));
          return granted === 1 ? { granted: true } : { granted: false, retryInMs };
        }),
    },
    claims: {
      claim: (name, owner, ttlMs) => run(() => client.claim(key(name), owner, ttlMs, aliveKey(""))),
      complete: (name, ttlMs) => run(async () => void (await client.set(key(name), DONE, "PX", ttlMs))),
      release: (name, owner) => run(async () => void (await client.deleteIf(key(name), PROCESSING + owner))),
    },
    leases: {
      acquire: (name, owner, ttlMs) => run(async () => (await client.acquire(key(`lease:${name}`), owner, ttlMs)) === 1),
      release: (name, owner) => run(async () => void (await client.deleteIf(key(`lease:${name}`), owner))),
    },
    heartbeat: (instanceId, ttlMs) => run(async () => void (await client.set(aliveKey(instanceId), "1", "PX", ttlMs))),
    health: () => (lostReason === undefined && client.status === "ready" ? { status: "ok" } : { status: "degraded", reason: lostReason ?? `Redis ${client.status}` }),
    close: async () => {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

/** A short cause, never the URL (it may hold the password). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.message.replace(/redis(s)?:\/\/\S+/gi, "<REDIS_URL>");
}
