import { ReplyError, type Redis } from "ioredis";

/** Told when replicas stop acknowledging durable writes in time, and when they do again: once each. */
export type ReplicationChange = { status: "lagging"; reason: string } | { status: "ok" } | { status: "not_counted"; reason: string };

/** What a connection for durable writes must offer here: WAIT, and whether it is connected. */
export type WaitingConnection = Pick<Redis, "wait" | "status">;

export interface DurableWritesOptions<C extends WaitingConnection> {
  /**
   * The store's connection for everything else: never held up by a WAIT. Replicas are counted on
   * it (ROLE), and a write goes through it, not waited for, when every connection of durable
   * writes is waiting already.
   */
  main: C & Pick<Redis, "role">;
  /** The first connection for durable writes, opened with the store. */
  first: C;
  /** Another connection for durable writes, connected: made when every one so far is waiting. Rejects when none can be made now. */
  connect: () => Promise<C>;
  /** At most this many connections for durable writes, the first included. */
  maxConnections?: number;
  /** How long a write waits for a replica, at most. */
  timeoutMs: number;
  onChange?: (change: ReplicationChange) => void;
  /** Counts the writes no replica acknowledged in time, or that went on without waiting (for a metric). */
  onUnacknowledged?: (writes: number) => void;
  now?: () => number;
}

export interface DurableWrites<C> {
  /**
   * Makes a write people rely on, and then, when the master has a replica, waits at most
   * `timeoutMs` until one replica holds it. A replica that does not answer in time is told once:
   * the write stands (it is on the master) and its result is returned. The write failing, or the
   * connection failing during the wait (the write may then be lost with the master), throws.
   * `needsReplica` says from the write's result whether it wrote anything (a compare-and-set that
   * lost wrote nothing, and waits for nothing).
   */
  run<T>(write: (connection: C) => Promise<T>, needsReplica?: (result: T) => boolean): Promise<T>;
  /** How many replicas are online on the master, as it said at most a few seconds ago (asked now the first time after a connection). */
  replicas(): Promise<number>;
  /** The main connection was made again, maybe to another master, with replicas of its own. */
  forget(): void;
}

/** How long a master's count of replicas is trusted before it is asked again (in the background). */
const REPLICAS_FRESH_MS = 5_000;

/** Connections for durable writes, at most, by default: each holds a batch of writes waiting for a replica. */
export const MAX_DURABLE_CONNECTIONS = 8;

/** A connection for durable writes, and the writes on it that are sent, or made and waiting for a replica. */
interface Slot<C> {
  readonly connection: C;
  /** Writes sent, not answered yet. */
  sending: number;
  /** Writes answered, waiting for the next WAIT. */
  confirming: { resolve: () => void; reject: (error: unknown) => void }[];
  /** A WAIT is under way: the connection is held up until it answers. */
  waiting: boolean;
}

/**
 * Replication is asynchronous: a write the master acknowledged just before it died can be missing
 * on the replica promoted in its place. Records people rely on wait for one replica (Redis
 * `WAIT 1 <ms>`), bounded; caches and counters do not.
 *
 * WAIT waits for the writes made before it on its own connection, and holds that connection up
 * until it answers: a write sent behind it would wait for it, and then for its own WAIT. So a
 * connection takes writes only until one of them is answered; once every write sent on it is
 * answered, one WAIT covers them all (each was answered before the WAIT was sent, so Redis made
 * it before), and later writes go to another connection that is not waiting, made when there is
 * none, up to `maxConnections`. No write ever waits for another's WAIT; past that number, a
 * write is not waited for at all (every connection waiting means the replica is behind, which is
 * told).
 */
export function durableWrites<C extends WaitingConnection>(options: DurableWritesOptions<C>): DurableWrites<C> {
  const { main, first, connect, maxConnections = MAX_DURABLE_CONNECTIONS, timeoutMs, onChange, onUnacknowledged, now = Date.now } = options;
  let known: { count: number; at: number } | undefined;
  let asking: Promise<number> | undefined;
  let lagging = false;
  let refused = false;
  const slots: Slot<C>[] = [{ connection: first, sending: 0, confirming: [], waiting: false }];
  let opening: Promise<void> | undefined;

  /**
   * Redis refusing ROLE or WAIT to this user (an ACL of `-@dangerous` takes ROLE away): replicas
   * cannot be counted or waited for. The write stands, on the master; said once, never an error,
   * or every durable write would fail after it was made. No WAIT is sent again.
   */
  const tellRefusal = (error: unknown): void => {
    if (!(error instanceof ReplyError)) throw error;
    if (!refused) onChange?.({ status: "not_counted", reason: String((error as Error).message).split("\n")[0] ?? "refused" });
    refused = true;
  };
  const tellLagging = (reason: string) => {
    if (!lagging) onChange?.({ status: "lagging", reason });
    lagging = true;
  };

  const ask = () =>
    (asking ??= main
      .role()
      .then(
        (role) => {
          // A master answers ["master", offset, [[ip, port, offset], …]]: its replicas that are online.
          const count = role[0] === "master" && Array.isArray(role[2]) ? role[2].length : 0;
          known = { count, at: now() };
          return count;
        },
        (error: unknown) => {
          tellRefusal(error);
          known = { count: 0, at: now() };
          return 0;
        },
      )
      .finally(() => (asking = undefined)));

  const replicas = async () => {
    if (known === undefined) return ask();
    // A little stale is fine: a replica gone makes a write wait for nothing once, at most.
    if (now() - known.at > REPLICAS_FRESH_MS) void ask().catch(() => undefined);
    return known.count;
  };

  /** A connection that may take a write now: the one taking writes already (so that they share a WAIT), or one idle. */
  const open = (): Slot<C> | undefined => {
    const usable = slots.filter((slot) => slot.connection.status === "ready" && !slot.waiting && slot.confirming.length === 0);
    return usable.find((slot) => slot.sending > 0) ?? usable[0];
  };

  /**
   * One more connection, unless there are enough, or the first is not connected (Redis away, or a
   * reconnection under way: another would not do better).
   */
  const another = async (): Promise<Slot<C> | undefined> => {
    if (slots.length >= maxConnections || first.status !== "ready") return undefined;
    opening ??= connect()
      .then(
        (connection) => void slots.push({ connection, sending: 0, confirming: [], waiting: false }),
        // None can be made now: the write goes through the main connection, not waited for.
        () => undefined,
      )
      .finally(() => (opening = undefined));
    await opening;
    return open();
  };

  /** Once every write sent on the connection is answered, one WAIT for all those that wrote. */
  const settle = (slot: Slot<C>) => {
    if (slot.sending > 0 || slot.waiting || slot.confirming.length === 0) return;
    const batch = slot.confirming.splice(0);
    slot.waiting = true;
    slot.connection
      .wait(1, timeoutMs)
      .then(
        (acknowledged) => {
          if (acknowledged >= 1) {
            if (lagging) onChange?.({ status: "ok" });
            lagging = false;
          } else {
            onUnacknowledged?.(batch.length);
            tellLagging(`no replica acknowledged a durable write within ${timeoutMs} ms`);
          }
          for (const write of batch) write.resolve();
        },
        (error: unknown) => {
          try {
            tellRefusal(error);
          } catch {
            for (const write of batch) write.reject(error);
            return;
          }
          for (const write of batch) write.resolve();
        },
      )
      .finally(() => {
        slot.waiting = false;
      });
  };

  return {
    replicas,
    async run<T>(write: (connection: C) => Promise<T>, needsReplica: (result: T) => boolean = () => true): Promise<T> {
      const count = refused ? 0 : await replicas();
      const slot = open() ?? (await another());
      if (slot === undefined) {
        const result = await write(main);
        if (count === 0 || !needsReplica(result)) return result;
        onUnacknowledged?.(1);
        tellLagging(
          slots.length >= maxConnections && slots.every((each) => each.waiting || each.confirming.length > 0)
            ? `every connection for durable writes was waiting for a replica (${maxConnections}): a write went on without waiting`
            : "no connection for durable writes was ready: a write went on without waiting for a replica",
        );
        return result;
      }
      slot.sending += 1;
      let result: T;
      try {
        result = await write(slot.connection);
      } catch (error) {
        slot.sending -= 1;
        settle(slot);
        throw error;
      }
      if (count === 0 || refused || !needsReplica(result)) {
        slot.sending -= 1;
        settle(slot);
        return result;
      }
      await new Promise<void>((resolve, reject) => {
        slot.confirming.push({ resolve, reject });
        slot.sending -= 1;
        settle(slot);
      });
      return result;
    },
    forget: () => {
      known = undefined;
    },
  };
}
