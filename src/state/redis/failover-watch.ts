import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Redis } from "ioredis";
import type { SentinelTarget } from "./connection.ts";

export interface FailoverWatch {
  close(): void;
}

/**
 * Moves the store's connections to a new master as soon as a sentinel announces it
 * (`+switch-master`). A master demoted while it still runs (a failover asked for, or one decided
 * while it was cut off from the sentinels) keeps accepting writes until the sentinels turn it into
 * a replica, seconds later, and those writes are then lost: a connection still on it is closed
 * at once, and ioredis asks the sentinels again. A connection already on the new master stays, so
 * the same announcement from each sentinel closes nothing twice. Should an announcement be
 * missed, the demoted master's READONLY answers close the connection all the same.
 */
export async function watchFailovers(target: SentinelTarget, connections: readonly Redis[]): Promise<FailoverWatch> {
  const { Redis: RedisClient } = await import("ioredis");
  const listeners = target.sentinels.map(({ host, port }) => {
    const listener = new RedisClient({
      host,
      port,
      ...(target.sentinelPassword === undefined ? {} : { password: target.sentinelPassword }),
      enableReadyCheck: false,
      // A sentinel away is asked again now and then; the others announce the same.
      retryStrategy: (attempt) => Math.min(attempt * 500, 5_000),
    });
    // Failing to listen to one sentinel loses nothing: the others, and READONLY, tell the same.
    listener.on("error", () => undefined);
    listener.subscribe("+switch-master").catch(() => undefined);
    listener.on("message", (_channel: string, message: string) => void moveOff(message));
    return listener;
  });

  async function moveOff(message: string) {
    // "<name> <old ip> <old port> <new ip> <new port>"
    const [name, , , host, port] = message.split(" ");
    if (name !== target.name || host === undefined || port === undefined) return;
    const address = await resolved(host);
    for (const connection of connections) {
      if (connection.status !== "ready") continue;
      const { remoteAddress, remotePort } = connection.stream;
      if (remoteAddress?.replace(/^::ffff:/, "") === address && String(remotePort) === port) continue;
      connection.disconnect(true);
    }
  }

  return {
    close: () => {
      for (const listener of listeners) listener.disconnect();
    },
  };
}

/** Sentinels may announce host names: the connection's peer is an address. */
async function resolved(host: string): Promise<string> {
  if (isIP(host) !== 0) return host;
  try {
    return (await lookup(host)).address;
  } catch {
    // Unresolvable here: compared as it is, which at worst reconnects once more.
    return host;
  }
}
