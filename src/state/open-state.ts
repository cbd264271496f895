import { withFallback, type OutageListener } from "./fallback-store.ts";
import type { StateStore } from "./ports.ts";
import { openRedisStore, type RedisTarget } from "./redis/redis-store.ts";
import type { ReplicationChange } from "./redis/replication.ts";
import { IN_MEMORY } from "./sqlite/open-database.ts";
import { openSqliteStore } from "./sqlite/sqlite-store.ts";

/** Which store, and where: what the configuration chose (STATE_DB, or REDIS_URL / REDIS_SENTINELS with REDIS_PREFIX). */
export type StateChoice = { kind: "sqlite"; path: string } | { kind: "redis"; connection: RedisTarget; prefix: string };

export interface StateEvents {
  /** The store stopped answering (Redis away, the file's disk full), and when it is back. */
  outages: OutageListener;
  /** The SQLite file was deleted or replaced under the running bot. */
  fileLost?: (reason: string) => void;
  /** Redis's replicas stopped acknowledging durable writes in time (told once), and do again. */
  replication?: (change: ReplicationChange) => void;
  /** Durable writes no replica acknowledged in time (they stand on the master): how many. */
  unacknowledged?: (writes: number) => void;
}

/**
 * The store the configuration asks for: SQLite in a file by default (one instance), Redis when
 * REDIS_URL or REDIS_SENTINELS is set (several instances). Either is backed by this process's memory while it cannot
 * be used (Redis away, the file's disk full). Throws StateFileError, StateUnavailableError or
 * NotAMasterError (REDIS_URL names a replica), with a message fit for an operator.
 */
export async function openState(config: StateChoice, events: StateEvents): Promise<StateStore> {
  const wiring: { store?: ReturnType<typeof withFallback> } = {};
  const note = {
    lost: (reason: string) => wiring.store?.noteConnection("lost", reason),
    back: () => wiring.store?.noteConnection("back"),
  };
  const primary =
    config.kind === "sqlite"
      ? openSqliteStore({ path: config.path, availability: note, ...(events.fileLost ? { onFileLost: events.fileLost } : {}) })
      : await openRedisStore({
          ...config.connection,
          prefix: config.prefix,
          onConnectionChange: (change) => (change.status === "lost" ? note.lost(change.reason) : note.back()),
          ...(events.replication ? { onReplicationChange: events.replication } : {}),
          ...(events.unacknowledged ? { onUnacknowledgedWrites: events.unacknowledged } : {}),
        });
  wiring.store = withFallback(primary, openSqliteStore({ path: IN_MEMORY }), events.outages);
  return wiring.store;
}
