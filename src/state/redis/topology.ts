import type { Redis } from "ioredis";
import type { StoreTopology } from "../ports.ts";
import { urlAddress, type RedisTarget, type SentinelTarget } from "./connection.ts";

export interface TopologyOptions {
  /** The connection the store writes through, to the master. */
  client: Redis;
  target: RedisTarget;
  /** The master's replicas that are online. */
  replicas: () => Promise<number>;
  /** How long each sentinel has to answer. */
  timeoutMs: number;
}

/**
 * What the operators want to see of a shared store (in /health, in doctor): the master written to,
 * its replicas, and with Sentinel, how many sentinels see it. Undefined when the master cannot be
 * asked now. Never a password: addresses only.
 */
export async function readTopology({ client, target, replicas, timeoutMs }: TopologyOptions): Promise<StoreTopology | undefined> {
  if (client.status !== "ready") return undefined;
  const master = "url" in target ? urlAddress(target.url) : peerAddress(client);
  if (master === undefined) return undefined;
  try {
    const [count, sentinels] = await Promise.all([replicas(), "url" in target ? undefined : sentinelsSeen(target, timeoutMs)]);
    return { master, replicas: count, sentinels };
  } catch {
    // The master went away while being asked: nothing to show until it is back.
    return undefined;
  }
}

/** The server at the other end of the connection: the master Sentinel named. */
function peerAddress(client: Redis): string | undefined {
  const { remoteAddress, remotePort } = client.stream ?? {};
  if (remoteAddress === undefined || remotePort === undefined) return undefined;
  const address = remoteAddress.replace(/^::ffff:/, "");
  return address.includes(":") ? `[${address}]:${remotePort}` : `${address}:${remotePort}`;
}

/**
 * The sentinels that see the master: the first configured sentinel that answers, and the others
 * it knows of that it does not hold for down. None when no sentinel answers.
 */
async function sentinelsSeen(target: SentinelTarget, timeoutMs: number): Promise<number> {
  const { Redis: RedisClient } = await import("ioredis");
  for (const { host, port } of target.sentinels) {
    const sentinel = new RedisClient({
      host,
      port,
      ...(target.sentinelPassword === undefined ? {} : { password: target.sentinelPassword }),
      lazyConnect: true,
      enableReadyCheck: false,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // The reason a sentinel does not answer is of no use here: the next one is asked.
    sentinel.on("error", () => undefined);
    try {
      await sentinel.connect();
      const others = (await sentinel.call("SENTINEL", "SENTINELS", target.name)) as unknown[];
      return 1 + others.filter((fields) => !/s_down|o_down|disconnected/.test(field(fields, "flags"))).length;
    } catch {
      continue;
    } finally {
      sentinel.disconnect();
    }
  }
  return 0;
}

/** A field of Sentinel's flat [name, value, name, value, …] answers. */
function field(fields: unknown, name: string): string {
  if (!Array.isArray(fields)) return "";
  const at = fields.indexOf(name);
  return at >= 0 && typeof fields[at + 1] === "string" ? (fields[at + 1] as string) : "";
}
