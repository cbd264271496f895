/**
 * The state the bot keeps outside one update: what the rest of the code depends on. Two adapters
 * implement it, with the same behaviour (one contract test suite runs against both):
 * SQLite in a file (the default; one instance) and Redis (several instances share it).
 *
 * Everything with a lifetime expires by itself: callers always give a TTL.
 */
export interface StateStore {
  readonly kind: "sqlite" | "redis";
  readonly kv: KeyValueStore;
  readonly counters: Counters;
  readonly claims: Claims;
  readonly leases: Leases;
  /** Marks this instance alive for `ttlMs`; claims held by an instance that stopped beating can be taken over. */
  heartbeat(instanceId: string, ttlMs: number): Promise<void>;
  /** Whether the store is reachable now; a Redis outage makes the bot degraded, not down. */
  health(): StateHealth;
  close(): Promise<void>;
}

export type StateHealth = { status: "ok" } | { status: "degraded"; reason: string };

export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores the value only when the key is absent: true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export interface Spend {
  granted: boolean;
  /** What has been spent in the current window, this request included when granted. */
  used: number;
  /** When the current window ends. */
  resetInMs: number;
}

export interface Counters {
  /**
   * A budget per fixed window: adds `cost` unless that would take the window past `limit`. A
   * refused request spends nothing, so one large request never eats a small one's room.
   */
  spend(key: string, cost: number, limit: number, windowMs: number): Promise<Spend>;
  /**
   * A sliding window: grants when fewer than `limit` grants were made in the last `windowMs`, so
   * no window of that length, wherever it starts, ever holds more than `limit`.
   */
  take(key: string, limit: number, windowMs: number): Promise<{ granted: true } | { granted: false; retryInMs: number }>;
}

export type ClaimResult =
  /** This owner now holds it and must do the work, then `complete` it. */
  | "claimed"
  /** Someone already did the work. */
  | "done"
  /** Another live instance is doing it now. */
  | "busy";

/**
 * Work that must be done once across restarts and instances: a Telegram update, a notification.
 * A claim held by an instance that died (no heartbeat) can be taken over, so work is never lost
 * with it; a completed claim is remembered for `ttlMs`, so it is never done twice.
 */
export interface Claims {
  claim(key: string, owner: string, ttlMs: number): Promise<ClaimResult>;
  complete(key: string, ttlMs: number): Promise<void>;
  /** Gives a claim up (say, shutting down before the work started), so another can take it at once. */
  release(key: string, owner: string): Promise<void>;
}

/** A named role only one instance holds at a time (the one that polls Telegram). */
export interface Leases {
  /** Takes the lease, or extends it when `owner` already holds it; false while another holds it. */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  release(name: string, owner: string): Promise<void>;
}

/** Raised by a store that cannot answer (Redis unreachable); callers decide how to degrade. */
export class StateUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`state store unavailable: ${reason}`, options);
    this.name = "StateUnavailableError";
  }
}
