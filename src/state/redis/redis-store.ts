import { randomBytes, randomInt } from "node:crypto";
import type { Redis } from "ioredis";
import { HEARTBEAT_TTL_MS, StateUnavailableError, type StateStore, type TallyAddition } from "../ports.ts";
import { clientSettings, NotAMasterError, serverRole, targetVariable, urlAddress, type RedisTarget } from "./connection.ts";
import { watchFailovers } from "./failover-watch.ts";
import { durableWrites, type ReplicationChange } from "./replication.ts";
import { SCRIPTS, type Scripted, type ScriptedPipeline } from "./scripts.ts";
import { readTopology } from "./topology.ts";
import { redisJournal } from "./redis-journal.ts";
import { redisReceiptRecords } from "./receipt-records.ts";

export type { RedisTarget, SentinelTarget } from "./connection.ts";

/**
 * Where Redis is (a redis:// or rediss:// URL, or the sentinels and the master's name), and how
 * the store uses it.
 */
export type RedisStoreOptions = RedisTarget & {
  /** Every key goes under it, so that several bots (or tests) can share one Redis. */
  prefix: string;
  /** How long to wait for Redis at start. */
  connectTimeoutMs?: number;
  /** A command that takes longer fails (and the bot degrades) instead of hanging a reply. */
  commandTimeoutMs?: number;
  /** Told when the connection is lost and when it is back. */
  onConnectionChange?: (change: { status: "lost"; reason: string } | { status: "back" }) => void;
  /** How old a claim must be before another instance may take it over (tests shorten it). */
  claimTakeoverAfterMs?: number;
  /** How long a durable write waits for a replica to hold it, at most. */
  replicaWaitMs?: number;
  /** Told once when replicas stop acknowledging durable writes in time, and once when they do again. */
  onReplicationChange?: (change: ReplicationChange) => void;
  /** Counts the durable writes no replica acknowledged in time (they stand on the master). */
  onUnacknowledgedWrites?: (writes: number) => void;
};

export interface RedisStore extends StateStore {
  /** The client, for the few callers that need Redis itself (tests cleaning up their prefix). */
  readonly client: Redis;
}

const DONE = "done";

/**
 * A schedule (a sorted set of work due: watch checks, watch notices) lives this long after it was
 * last written to. Work in it is rescheduled far more often (a watch at least daily), so it only
 * lapses once nothing has used it for a month, like every other key, it expires by itself.
 */
const SCHEDULE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A value written concurrently this many times in a row is a bug, not contention. */
const MAX_UPDATE_ATTEMPTS = 50;

/**
 * The shared store for several instances. Commands never queue while Redis is away: they fail at
 * once (StateUnavailableError), so that the bot can degrade (answer without shared state) rather
 * than hang; the client reconnects by itself, to the master Sentinel names at the time when
 * there are sentinels.
 *
 * One connection for everything, and others for the writes of what people rely on (records,
 * watches: documents, schedules, sets), each followed by a bounded wait for a replica. Redis's
 * WAIT holds up the connection it is sent on, so a slow replica never delays an update's claim,
 * a cache or a counter, nor one durable write another's (replication.ts).
 */
export async function openRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const { prefix, connectTimeoutMs = 5_000, commandTimeoutMs = 2_000, claimTakeoverAfterMs = HEARTBEAT_TTL_MS, replicaWaitMs = 1_000 } = options;
  let starting = true;
  const { url, options: settings } = clientSettings(
    options,
    {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: connectTimeoutMs,
      commandTimeout: commandTimeoutMs,
      // Commands made in the same turn of the event loop (a burst of updates) go out in one write and
      // come back in one read: a round trip shared, rather than one each.
      enableAutoPipelining: true,
      scripts: SCRIPTS,
    },
    () => starting,
  );
  // Loaded only when Redis is configured: the embedded store's users do not carry the client in memory.
  const { Redis: RedisClient } = await import("ioredis");
  const client = (url === undefined ? new RedisClient(settings) : new RedisClient(url, settings)) as Scripted;
  // WAIT waits for the writes of its own connection, whose later commands it holds up: connections of their own,
  // whose commands may take the wait's bound on top of the usual one.
  const durableConnection = () => client.duplicate({ commandTimeout: commandTimeoutMs + replicaWaitMs }) as Scripted;
  const durable = durableConnection();
  // Every connection to the master: the failover watch moves each, and the store is well while each is ready.
  const connections = [client, durable];
  // Errors reach the callers of each command; without a listener ioredis would also print them.
  let lastError: unknown;
  const sentinelErrors: Error[] = [];
  const listen = (connection: Scripted) => {
    connection.on("error", (error: unknown) => (lastError = error));
    // Why each sentinel did not name a master (unreachable, a wrong password, a name it does not know).
    connection.on("sentinelError", (error: Error) => starting && sentinelErrors.push(error));
  };
  connections.forEach(listen);

  try {
    await Promise.all(
      connections.map(async (connection) => {
        await connection.connect();
        await connection.ping();
      }),
    );
    starting = false;
  } catch (error) {
    for (const connection of connections) connection.disconnect();
    // connect() only says "Connection is closed"; the error event said why (ECONNREFUSED, ENOTFOUND, NOAUTH…).
    const reason = "url" in options ? describe(lastError ?? error) : (describeSentinels(options.name, sentinelErrors) ?? describe(lastError ?? error));
    throw new StateUnavailableError(`cannot connect to ${targetVariable(options)} (${reason})`, { cause: error });
  }
  // Sentinel names the master, and ioredis checks it; an address may name anything that answers PING.
  if ("url" in options) {
    const role = await serverRole(client, prefix + "role-probe");
    if (role === "replica" || role === "sentinel") {
      for (const connection of connections) connection.disconnect();
      throw new NotAMasterError(urlAddress(options.url), role);
    }
  }
  const failovers = "url" in options ? undefined : await watchFailovers(options, connections);

  // Lost when any connection closes, back once all are ready again: told once each way.
  let lostReason: string | undefined;
  let closing = false;
  const watchConnection = (connection: Scripted) => {
    connection.on("close", () => {
      if (connection === client) replication.forget();
      if (lostReason !== undefined || closing) return;
      lostReason = "connection to Redis lost";
      options.onConnectionChange?.({ status: "lost", reason: lostReason });
    });
    connection.on("ready", () => {
      if (lostReason === undefined || connections.some((other) => other.status !== "ready")) return;
      lostReason = undefined;
      options.onConnectionChange?.({ status: "back" });
    });
  };
  const replication = durableWrites<Scripted>({
    main: client,
    first: durable,
    // Made while the others wait for a replica, and kept, as the first is.
    connect: async () => {
      const connection = durableConnection();
      listen(connection);
      try {
        await connection.connect();
      } catch (error) {
        connection.disconnect();
        throw error;
      }
      if (closing) {
        connection.disconnect();
        throw new Error("closing");
      }
      connections.push(connection);
      watchConnection(connection);
      return connection;
    },
    timeoutMs: replicaWaitMs,
    ...(options.onReplicationChange ? { onChange: options.onReplicationChange } : {}),
    ...(options.onUnacknowledgedWrites ? { onUnacknowledged: options.onUnacknowledgedWrites } : {}),
  });
  connections.forEach(watchConnection);

  const key = (name: string) => prefix + name;
  const aliveKey = (instanceId: string) => key(`alive:${instanceId}`);
  const claimKey = (name: string) => key(`claim:${name}`);
  /** Every failure becomes a StateUnavailableError: callers need not know ioredis. */
  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      throw new StateUnavailableError(describe(error), { cause: error });
    }
  };
  /**
   * A write of what people rely on: through a connection for durable writes, then kept by a replica
   * (when there is one) before it counts as done; `wrote` tells from its result whether it wrote.
   */
  const durably = <T>(write: (connection: Scripted) => Promise<T>, wrote?: (result: T) => boolean): Promise<T> => run(() => replication.run(write, wrote));
  /** A compare-and-set that lost wrote nothing. */
  const swapped = (result: number) => result === 1;

  /** Every addition in one pipeline: one round trip whatever the batch holds. */
  const addTallies = async (additions: readonly TallyAddition[]) => {
    if (additions.length === 0) return;
    const pipeline = client.pipeline() as ScriptedPipeline;
    for (const addition of additions) {
      const ttlMs = Math.max(1, addition.ttlMs);
      if ("members" in addition) {
        const name = key(`distinct:${addition.key}`);
        if (addition.members.length > 0) pipeline.pfadd(name, ...addition.members);
        pipeline.pexpire(name, ttlMs);
        continue;
      }
      const args: (string | number)[] = [ttlMs, addition.limit?.fields ?? 0, addition.limit?.overflow ?? ""];
      for (const [field, count] of addition.counts) args.push(field, count);
      pipeline.tallyAdd(key(`tally:${addition.key}`), ...args);
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  };
  const readTallies = async (names: readonly string[]) => {
    const tallies = new Map<string, Map<string, number>>();
    if (names.length === 0) return tallies;
    const pipeline = client.pipeline();
    for (const name of names) pipeline.hgetall(key(`tally:${name}`));
    const results = (await pipeline.exec()) ?? [];
    results.forEach(([error, fields], index) => {
      if (error) throw error;
      const entries = Object.entries(fields as Record<string, string>);
      const name = names[index];
      if (entries.length > 0 && name !== undefined) tallies.set(name, new Map(entries.map(([field, count]) => [field, Number(count)])));
    });
    return tallies;
  };

  return {
    shared: true,
    client,
    kv: {
      get: (name) => run(async () => (await client.get(key(name))) ?? undefined),
      set: (name, value, ttlMs) => run(async () => void (await client.set(key(name), value, "PX", Math.max(1, ttlMs)))),
      setIfAbsent: (name, value, ttlMs) => run(async () => (await client.set(key(name), value, "PX", Math.max(1, ttlMs), "NX")) === "OK"),
      delete: (name) => run(async () => void (await client.del(key(name)))),
      update: async (name, change, ttlMs) => {
        // Optimistic: read, change, and write only if nobody wrote in between; otherwise again.
        // Only Redis's own failures are outages: what `change` throws is the caller's.
        for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
          const current = await run(async () => (await client.get(key(name))) ?? undefined);
          const next = change(current);
          const result = await durably((writer) => writer.compareAndSet(key(name), current ?? "", next ?? "", Math.max(1, ttlMs), current === undefined ? 0 : 1, next === undefined ? 1 : 0), swapped);
          if (result === 1) return next;
        }
        throw new Error(`kv.update: ${name} kept changing under ${MAX_UPDATE_ATTEMPTS} attempts`);
      },
    },
    schedules: {
      set: (name, member, dueAt) => durably(async (writer) => void (await writer.multi().zadd(key(`schedule:${name}`), dueAt, member).pexpire(key(`schedule:${name}`), SCHEDULE_TTL_MS).exec())),
      advance: (name, member, dueAt) => durably(async (writer) => void (await writer.advance(key(`schedule:${name}`), member, dueAt, SCHEDULE_TTL_MS))),
      remove: (name, member) => durably(async (writer) => void (await writer.zrem(key(`schedule:${name}`), member))),
      claimDue: (name, now, limit, leaseMs) => run(() => client.claimDue(key(`schedule:${name}`), now, limit, leaseMs)),
      dueAt: (name, member) =>
        run(async () => {
          const score = await client.zscore(key(`schedule:${name}`), member);
          return score === null ? undefined : Number(score);
        }),
      size: (name) => run(() => client.zcard(key(`schedule:${name}`))),
      countDue: (name, upTo) =>
        run(async () => {
          const [count, earliest] = await Promise.all([client.zcount(key(`schedule:${name}`), "-inf", upTo), client.zrange(key(`schedule:${name}`), 0, 0, "WITHSCORES")]);
          return { count, earliest: count > 0 && earliest[1] !== undefined ? Number(earliest[1]) : undefined };
        }),
    },
    sets: {
      add: (name, member, ttlMs) => durably(async (writer) => void (await writer.multi().sadd(key(`set:${name}`), member).pexpire(key(`set:${name}`), ttlMs).exec())),
      remove: (name, member) => durably(async (writer) => void (await writer.srem(key(`set:${name}`), member))),
      members: (name) => run(() => client.smembers(key(`set:${name}`))),
    },
    // Records have no TTL: what people rely on (access, languages) is kept until deleted.
    records: {
      get: (collection, id) => run(async () => (await client.hget(key(`record:${collection}`), id)) ?? undefined),
      all: (collection) => run(async () => new Map(Object.entries(await client.hgetall(key(`record:${collection}`))))),
      revision: (collection) => run(async () => (await client.get(key(`record-rev:${collection}`))) ?? ""),
      update: async (collection, id, change) => {
        for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
          const current = await run(async () => (await client.hget(key(`record:${collection}`), id)) ?? undefined);
          const next = change(current);
          if (next === current) return next;
          const result = await durably(
            (writer) =>
              writer.recordCompareAndSet(
                key(`record:${collection}`),
                key(`record-rev:${collection}`),
                id,
                current ?? "",
                next ?? "",
                current === undefined ? 0 : 1,
                next === undefined ? 1 : 0,
                // Random, so that an emptied Redis never repeats a revision a copy holds; an integer, so
                // that an older version's INCR (during a rolling upgrade) still moves it on.
                String(randomInt(1, 2 ** 48)),
              ),
            swapped,
          );
          if (result === 1) return next;
        }
        throw new Error(`records.update: ${collection}/${id} kept changing under ${MAX_UPDATE_ATTEMPTS} attempts`);
      },
    },
    journal: redisJournal(client, key, run),
    receipts: redisReceiptRecords({ client, key, run, durably }),
    tallies: {
      add: (additions) => run(() => addTallies(additions)),
      read: (names) => run(() => readTallies(names)),
      countDistinct: (names) => run(async () => (names.length === 0 ? 0 : client.pfcount(...names.map((name) => key(`distinct:${name}`))))),
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
      heartbeat: (instanceId, ttlMs) => run(async () => void (await Promise.all([client.set(aliveKey(instanceId), "1", "PX", ttlMs), client.markAlive(key("alive-index"), instanceId, ttlMs)]))),
      instancesAlive: () => run(() => client.countAlive(key("alive-index"))),
      claim: (name, owner, ttlMs) => run(() => client.claim(claimKey(name), owner, ttlMs, aliveKey(""), claimTakeoverAfterMs)),
      complete: (name, ttlMs) => run(async () => void (await client.set(claimKey(name), DONE, "PX", ttlMs))),
      release: (name, owner) => run(async () => void (await client.releaseClaim(claimKey(name), owner))),
      claimAndSpend: (name, owner, ttlMs, spend) =>
        run(async () => {
          const [claim, granted, used = 0, resetInMs = 0] = await client.claimAndSpend(claimKey(name), key(spend.key), owner, ttlMs, aliveKey(""), claimTakeoverAfterMs, spend.cost, spend.limit, spend.windowMs);
          return { claim, spend: granted === undefined ? undefined : { granted: granted === 1, used, resetInMs } };
        }),
    },
    leases: {
      acquire: (name, owner, ttlMs) => run(async () => (await client.acquire(key(`lease:${name}`), owner, ttlMs)) === 1),
      release: (name, owner) => run(async () => void (await client.deleteIf(key(`lease:${name}`), owner))),
    },
    // A marker just written, lost with a master that died before a replica had it, would read as a store emptied.
    keepMarker: async (ttlMs) => (await durably((writer) => writer.keepMarker(key("store-marker"), "1", ttlMs), (kept) => kept !== 1)) === 1,
    health: () => {
      const down = connections.find((connection) => connection.status !== "ready");
      return lostReason === undefined && down === undefined ? { status: "ok" } : { status: "degraded", reason: lostReason ?? `Redis ${down?.status ?? "unavailable"}` };
    },
    topology: async () => (closing ? undefined : readTopology({ client, target: options, replicas: () => replication.replicas(), timeoutMs: Math.min(connectTimeoutMs, commandTimeoutMs) })),
    close: async () => {
      closing = true;
      failovers?.close();
      await Promise.all(
        connections.map(async (connection) => {
          try {
            await connection.quit();
          } catch {
            // Already gone: disconnect drops whatever is left.
            connection.disconnect();
          }
        }),
      );
    },
  };
}

/** Why no sentinel named the master: the name unknown to them all, or what the last one that failed said. */
function describeSentinels(name: string, errors: readonly Error[]): string | undefined {
  if (errors.length === 0) return undefined;
  // Redis 7 answers "ERR No such master with that name"; earlier versions nothing, which ioredis calls an invalid reply.
  if (errors.some((error) => /No such master|invalid reply/.test(error.message))) return `no sentinel knows a master named ${name}: check REDIS_SENTINEL_NAME`;
  // ioredis: "failed to connect to sentinel <address> because <reason>".
  const last = errors.at(-1)?.message ?? "";
  const [, address = "?", because = "no answer"] = /sentinel (\S+) because (.*)$/.exec(last) ?? [];
  return `no sentinel answers; ${address}: ${because.replace(/^Connection is closed\.?$/, "no answer")}`;
}

/** A short cause, never the URL (it may hold the password). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error.message.replace(/redis(s)?:\/\/\S+/gi, "<REDIS_URL>");
}
