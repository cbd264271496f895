import { z } from "zod";
import { integer, optional, presentIn, secretValue, trimmed, urlWith, withDefault, type Environment } from "../values.ts";

export type StateConfig = { kind: "sqlite"; path: string } | { kind: "redis"; connection: RedisConnection; prefix: string };

/** Where Redis is: one address (REDIS_URL: a server, or a managed service's endpoint), or the master Sentinel names now. */
export type RedisConnection = { url: string } | SentinelConnection;

export interface SentinelConnection {
  /** Asked in turn for the master's address (REDIS_SENTINELS). */
  sentinels: readonly { host: string; port: number }[];
  /** The name the sentinels monitor the master under (REDIS_SENTINEL_NAME). */
  name: string;
  sentinelPassword: string | undefined;
  /** For the data itself (REDIS_PASSWORD, REDIS_DB): there is no URL to carry them. */
  password: string | undefined;
  db: number;
}

/** Sentinel's own port, when REDIS_SENTINELS gives a host alone. */
export const DEFAULT_SENTINEL_PORT = 26379;

export const DEFAULT_STATE_DB = "./data/bot.db";

/** `host:port, host:port`: a host alone is on Sentinel's port; an IPv6 address goes in brackets. */
const sentinelList = trimmed.transform((value, ctx) => {
  const addresses: { host: string; port: number }[] = [];
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/.exec(part);
    const port = match?.[3] === undefined ? DEFAULT_SENTINEL_PORT : Number(match[3]);
    const host = match?.[1] ?? match?.[2];
    if (host === undefined || port < 1 || port > 65_535) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a host:port (such as 10.0.0.5:26379)` });
      return z.NEVER;
    }
    addresses.push({ host, port });
  }
  return addresses;
});

/** Databases Redis can be given (REDIS_DB and REDIS_URL's alike; a default Redis has 0-15). */
const MAX_REDIS_DB = 65_535;

/**
 * The database at the end of REDIS_URL (or its ?db=), which ioredis would pass on as it is: a word
 * there ends the start in a stack trace. Said without the URL, which may hold a password.
 */
function hasDatabaseNumber(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not a URL at all: the URL rule says so.
    return true;
  }
  const written = [url.pathname === "/" ? "" : url.pathname.slice(1), url.searchParams.get("db") ?? ""].filter((db) => db !== "");
  return written.every((db) => /^\d{1,5}$/.test(db) && Number(db) <= MAX_REDIS_DB);
}

const redisUrl = urlWith(["redis:", "rediss:"], "must be a redis:// or rediss:// URL (redis://[user:password@]host:port/db)").refine(
  hasDatabaseNumber,
  "must end with a database number (redis://host:6379/0, 0-15 on a default Redis), or with nothing for 0",
);

export const stateVariables = z.object({
  STATE_DB: withDefault(trimmed, DEFAULT_STATE_DB),
  REDIS_URL: optional(redisUrl),
  REDIS_SENTINELS: optional(sentinelList),
  REDIS_SENTINEL_NAME: optional(trimmed.regex(/^[A-Za-z0-9_.:-]{1,100}$/, "must be the master's name as the sentinels know it (sentinel monitor <name> …), such as mymaster")),
  REDIS_SENTINEL_PASSWORD: optional(secretValue),
  REDIS_PASSWORD: optional(secretValue),
  REDIS_DB: withDefault(integer(0, MAX_REDIS_DB), 0),
  REDIS_PREFIX: withDefault(trimmed.regex(/^[A-Za-z0-9_:.-]{1,64}$/, "must be 1-64 characters of A-Z a-z 0-9 _ : . -"), "psb:"),
});

/** One way to Redis at most; what only Sentinel uses, only with it. */
export function stateProblems(env: Environment): string[] {
  const present = presentIn(env);
  const problems: string[] = [];
  if (present("REDIS_URL") && present("REDIS_SENTINELS")) {
    // One mistake, said once: what Sentinel would also need is beside the point until one is chosen.
    return ["REDIS_URL cannot be set together with REDIS_SENTINELS: choose one (REDIS_URL for one Redis address, REDIS_SENTINELS to ask Sentinel where the master is)"];
  }
  if (present("REDIS_SENTINELS") && !present("REDIS_SENTINEL_NAME")) {
    problems.push("REDIS_SENTINEL_NAME is required when REDIS_SENTINELS is set: the name the sentinels monitor the master under, such as mymaster");
  }
  if (!present("REDIS_SENTINELS")) {
    for (const name of ["REDIS_SENTINEL_NAME", "REDIS_SENTINEL_PASSWORD", "REDIS_PASSWORD", "REDIS_DB"].filter(present)) {
      problems.push(
        present("REDIS_URL")
          ? `${name} is only used with REDIS_SENTINELS: with REDIS_URL, the password and database go in the URL (redis://:password@host:6379/0)`
          : `${name} is only used with REDIS_SENTINELS, which is not set`,
      );
    }
  }
  return problems;
}

/** Only called once stateProblems found none, so the `?? ""` below is never used. */
export function stateConfig(env: z.output<typeof stateVariables>): StateConfig {
  if (env.REDIS_URL !== undefined) return { kind: "redis", connection: { url: env.REDIS_URL }, prefix: env.REDIS_PREFIX };
  if (env.REDIS_SENTINELS === undefined) return { kind: "sqlite", path: env.STATE_DB };
  return {
    kind: "redis",
    connection: { sentinels: env.REDIS_SENTINELS, name: env.REDIS_SENTINEL_NAME ?? "", sentinelPassword: env.REDIS_SENTINEL_PASSWORD, password: env.REDIS_PASSWORD, db: env.REDIS_DB },
    prefix: env.REDIS_PREFIX,
  };
}
