import { StateUnavailableError, type SpendRequest, type StateHealth, type StateStore } from "./ports.ts";

export interface OutageListener {
  /** Called once when the shared store stops answering. */
  lost(reason: string): void;
  /** Called once when it answers again. */
  back(): void;
}

/**
 * Keeps the bot answering while the shared store (Redis) is away: values, counters and claims go
 * to a store of this process meanwhile (no shared cache, no cross-instance de-duplication, limits
 * per instance), and back to the shared one as soon as it answers. Leases are not faked: an
 * instance must never believe it holds a role another may also hold; nor are documents,
 * schedules and sets (watches), which would be lost with this process: their errors go through.
 */
export function withFallback(primary: StateStore, fallback: StateStore, listener: OutageListener): StateStore & { noteConnection(change: "lost" | "back", reason?: string): void } {
  let outage: string | undefined;
  const lost = (reason: string) => {
    if (outage !== undefined) return;
    outage = reason;
    listener.lost(reason);
  };
  const back = () => {
    if (outage === undefined) return;
    outage = undefined;
    listener.back();
  };

  const guarded =
    <A extends unknown[], R>(call: (store: StateStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await call(primary, ...args);
        back();
        return result;
      } catch (error) {
        if (!(error instanceof StateUnavailableError)) throw error;
        lost(error.message);
        return call(fallback, ...args);
      }
    };

  const topology = primary.topology?.bind(primary);
  return {
    shared: primary.shared,
    kv: {
      get: guarded((s, key: string) => s.kv.get(key)),
      set: guarded((s, key: string, value: string, ttlMs: number) => s.kv.set(key, value, ttlMs)),
      setIfAbsent: guarded((s, key: string, value: string, ttlMs: number) => s.kv.setIfAbsent(key, value, ttlMs)),
      delete: guarded((s, key: string) => s.kv.delete(key)),
      // Documents, schedules and sets hold watches: kept in memory meanwhile, they would be lost.
      update: (key, change, ttlMs) => primary.kv.update(key, change, ttlMs),
    },
    schedules: primary.schedules,
    sets: primary.sets,
    // Records are what people rely on: kept in memory meanwhile, they would be lost.
    records: primary.records,
    // Receipts too: one made in memory would check as unknown once the shared store is back.
    receipts: primary.receipts,
    // Counts kept in memory meanwhile would be read as the whole picture: the caller keeps its batch and tries again.
    tallies: primary.tallies,
    // A history kept in memory meanwhile would be lost with the process, and read as the whole story: its writes fail, and are logged once.
    journal: primary.journal,
    counters: {
      spend: guarded((s, key: string, cost: number, limit: number, windowMs: number) => s.counters.spend(key, cost, limit, windowMs)),
      take: guarded((s, key: string, limit: number, windowMs: number) => s.counters.take(key, limit, windowMs)),
    },
    claims: {
      heartbeat: guarded((s, instanceId: string, ttlMs: number) => s.claims.heartbeat(instanceId, ttlMs)),
      instancesAlive: guarded((s) => s.claims.instancesAlive()),
      claim: guarded((s, key: string, owner: string, ttlMs: number) => s.claims.claim(key, owner, ttlMs)),
      complete: guarded((s, key: string, ttlMs: number) => s.claims.complete(key, ttlMs)),
      release: guarded((s, key: string, owner: string) => s.claims.release(key, owner)),
      claimAndSpend: guarded((s, key: string, owner: string, ttlMs: number, spend: SpendRequest) => s.claims.claimAndSpend(key, owner, ttlMs, spend)),
    },
    leases: primary.leases,
    // The fallback would always say "just written": only the shared store can tell whether it was emptied.
    keepMarker: (ttlMs) => primary.keepMarker(ttlMs),
    health: (): StateHealth => {
      const health = primary.health();
      if (health.status === "degraded") return health;
      return outage === undefined ? health : { status: "degraded", reason: outage };
    },
    // Where the shared store is can only be told by it; while it is away, nothing.
    ...(topology ? { topology: () => topology().catch(() => undefined) } : {}),
    noteConnection: (change, reason = "connection lost") => (change === "lost" ? lost(reason) : back()),
    close: async () => {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
