import { ReplyError, type Redis } from "ioredis";

/** Told when replicas stop acknowledging durable writes in time, and when they do again: once each. */
export type ReplicationChange = { status: "lagging"; reason: string } | { status: "ok" } | { status: "not_counted"; reason: string };

export interface ReplicaWaitOptions {
  /** The connection that made the writes: Redis's WAIT waits for that connection's own writes. */
  connection: Pick<Redis, "wait" | "role">;
  /** How long a write waits for a replica, at most. */
  timeoutMs: number;
  onChange?: (change: ReplicationChange) => void;
  now?: () => number;
}

export interface ReplicaWait {
  /**
   * Waits, at most `timeoutMs`, until one replica holds everything the connection wrote so far,
   * when the master has a replica; at once when it has none. A replica that does not answer in
   * time is told once (the write stands: it is on the master); the connection failing meanwhile
   * throws, since the write may then be lost with the master.
   */
  confirm(): Promise<void>;
  /** How many replicas are online on the master, as it said at most a few seconds ago (asked now the first time after a connection). */
  replicas(): Promise<number>;
  /** The connection was made again, maybe to another master, with replicas of its own. */
  forget(): void;
}

/** How long a master's count of replicas is trusted before it is asked again (in the background). */
const REPLICAS_FRESH_MS = 5_000;

/**
 * Replication is asynchronous: a write the master acknowledged just before it died can be missing
 * on the replica promoted in its place. Records people rely on wait for one replica (Redis
 * `WAIT 1 <ms>`), bounded; caches and counters do not.
 */
export function replicaWait({ connection, timeoutMs, onChange, now = Date.now }: ReplicaWaitOptions): ReplicaWait {
  let known: { count: number; at: number } | undefined;
  let asking: Promise<number> | undefined;
  let lagging = false;
  let refusalTold = false;
  /**
   * Redis refusing ROLE or WAIT to this user (an ACL of `-@dangerous` takes ROLE away): replicas
   * cannot be counted or waited for. The write stands, on the master; said once, never an error,
   * or every durable write would fail after it was made.
   */
  const tellRefusal = (error: unknown): void => {
    if (!(error instanceof ReplyError)) throw error;
    if (!refusalTold) onChange?.({ status: "not_counted", reason: String((error as Error).message).split("\n")[0] ?? "refused" });
    refusalTold = true;
  };

  const ask = () =>
    (asking ??= connection
      .role()
      .then((role) => {
        // A master answers ["master", offset, [[ip, port, offset], …]]: its replicas that are online.
        const count = role[0] === "master" && Array.isArray(role[2]) ? role[2].length : 0;
        known = { count, at: now() };
        return count;
      }, (error: unknown) => {
        tellRefusal(error);
        known = { count: 0, at: now() };
        return 0;
      })
      .finally(() => (asking = undefined)));

  const replicas = async () => {
    if (known === undefined) return ask();
    // A little stale is fine: a replica gone makes a write wait for nothing once, at most.
    if (now() - known.at > REPLICAS_FRESH_MS) void ask().catch(() => undefined);
    return known.count;
  };

  return {
    replicas,
    async confirm() {
      if ((await replicas()) === 0) return;
      let acknowledged: number;
      try {
        acknowledged = await connection.wait(1, timeoutMs);
      } catch (error) {
        tellRefusal(error);
        return;
      }
      if (acknowledged >= 1) {
        if (lagging) onChange?.({ status: "ok" });
        lagging = false;
        return;
      }
      if (!lagging) onChange?.({ status: "lagging", reason: `no replica acknowledged a durable write within ${timeoutMs} ms` });
      lagging = true;
    },
    forget: () => {
      known = undefined;
    },
  };
}
