import type { StateConfig } from "../config.ts";
import { withFallback, type OutageListener } from "./fallback-store.ts";
import type { StateStore } from "./ports.ts";
import { openRedisStore } from "./redis/redis-store.ts";
import { IN_MEMORY } from "./sqlite/open-database.ts";
import { openSqliteStore } from "./sqlite/sqlite-store.ts";

/**
 * The store the configuration asks for: SQLite in a file by default (one instance), Redis when
 * REDIS_URL is set (several instances), the latter backed by this process's memory while Redis is
 * away. Throws StateFileError or StateUnavailableError, with a message fit for an operator.
 */
export async function openState(config: StateConfig, outages: OutageListener): Promise<StateStore> {
  if (config.kind === "sqlite") return openSqliteStore({ path: config.path });
  const wiring: { store?: ReturnType<typeof withFallback> } = {};
  const redis = await openRedisStore({
    url: config.url,
    prefix: config.prefix,
    onConnectionChange: (change) => wiring.store?.noteConnection(change.status, change.status === "lost" ? change.reason : undefined),
  });
  wiring.store = withFallback(redis, openSqliteStore({ path: IN_MEMORY }), outages);
  return wiring.store;
}
