import { ReplyError, type Redis, type RedisOptions } from "ioredis";

/** Where Redis is: one address (a server, or a managed service's endpoint that fails over behind it), or the master Sentinel names now. */
export type RedisTarget = { url: string } | SentinelTarget;

export interface SentinelTarget {
  sentinels: readonly { host: string; port: number }[];
  /** The name the sentinels monitor the master under. */
  name: string;
  sentinelPassword?: string | undefined;
  password?: string | undefined;
  db?: number | undefined;
}

/** What the operator set, for messages: never its value (a URL may hold the password). */
export const targetVariable = (target: RedisTarget): string => ("url" in target ? "REDIS_URL" : "REDIS_SENTINELS");

/** host:port as the URL names it (a managed service's endpoint stays a name): never the password. */
export function urlAddress(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || "6379"}`;
}

/**
 * REDIS_URL names a server that is not a master: a replica (which refuses writes, or takes them
 * only to lose them), or a sentinel. It answers, so it is no outage: the operator must change
 * REDIS_URL, and the sentence says to what.
 */
export class NotAMasterError extends Error {
  constructor(address: string, role: "replica" | "sentinel") {
    super(
      role === "replica"
        ? `REDIS_URL names ${address}, which is a replica: point REDIS_URL at the master, or use REDIS_SENTINELS`
        : `REDIS_URL names ${address}, which is a sentinel: set REDIS_SENTINELS and REDIS_SENTINEL_NAME instead`,
    );
    this.name = "NotAMasterError";
  }
}

/**
 * What the server at the other end is: "master", "replica" or "sentinel", as ROLE says, or INFO
 * when this user may not run ROLE, or else a write that expires at once (`probeKey`), which a
 * replica refuses. Undefined when nothing tells.
 */
export async function serverRole(client: Pick<Redis, "role" | "info" | "set">, probeKey: string): Promise<"master" | "replica" | "sentinel" | undefined> {
  const named = (role: string | undefined) => (role === "slave" ? "replica" : role === "master" || role === "sentinel" ? role : undefined);
  try {
    return named(String((await client.role())[0]));
  } catch (error) {
    if (!(error instanceof ReplyError)) return undefined;
  }
  try {
    return named(/^role:(\w+)/m.exec(await client.info("replication"))?.[1]);
  } catch (error) {
    if (!(error instanceof ReplyError)) return undefined;
  }
  try {
    await client.set(probeKey, "1", "PX", 1);
    return "master";
  } catch (error) {
    return error instanceof Error && isReadOnlyError(error) ? "replica" : undefined;
  }
}

/**
 * A write answered READONLY went to a server that is a replica now: a master demoted by a
 * failover (which a connection opened before it still reaches), or the old master back as a
 * replica. Reconnecting asks again where the master is (Sentinel, or the endpoint's DNS); the
 * command itself fails, and its caller degrades as during any outage. A script that writes
 * reports it as its own error, with READONLY inside.
 */
export const isReadOnlyError = (error: Error): boolean => error.message.startsWith("READONLY") || error.message.includes("READONLY You can't write against a read only replica");

/**
 * Between two attempts to reconnect, at most a second: a failover takes seconds, and every
 * instance should be writing to the new master soon after it is promoted.
 */
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, 1_000);

/**
 * The client's settings for the target: Sentinel's own support in ioredis (it asks the sentinels
 * for the master at every connection, and checks that the server it reached is the master), or
 * the URL. `starting` is read at each round of asking the sentinels: while the store opens, a
 * round where none answers fails at once, as a REDIS_URL that does not answer does; afterwards
 * the client keeps asking, for as long as it takes.
 */
export function clientSettings(target: RedisTarget, common: RedisOptions, starting: () => boolean): { url: string | undefined; options: RedisOptions } {
  const options: RedisOptions = { ...common, reconnectOnError: isReadOnlyError, retryStrategy: reconnectDelay };
  if ("url" in target) return { url: target.url, options };
  return {
    url: undefined,
    options: {
      ...options,
      sentinels: target.sentinels.map(({ host, port }) => ({ host, port })),
      name: target.name,
      ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
      ...(target.password === undefined ? {} : { password: target.password }),
      db: target.db ?? 0,
      sentinelRetryStrategy: (attempt) => (starting() ? null : reconnectDelay(attempt)),
      // A sentinel that hangs must not hold up the search for the master.
      sentinelCommandTimeout: common.connectTimeout ?? 5_000,
      // Sentinels found through the ones configured are asked too when those are away.
      updateSentinels: true,
    },
  };
}
