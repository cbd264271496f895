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
  readonly schedules: Schedules;
  readonly sets: Sets;
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
  /**
   * Replaces the value with what `change` makes of the current one (undefined deletes it), as one
   * step: when another writer comes in between, `change` runs again on the newer value, so it
   * must be a pure function. Returns what was stored. For documents that several instances update.
   */
  update(key: string, change: (current: string | undefined) => string | undefined, ttlMs: number): Promise<string | undefined>;
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

/**
 * Work due at a time (a watched payment's next check, a notification to send). Members stay until
 * removed: whoever schedules work removes it when done. A claimed member is leased: it is due
 * again when the lease ends, unless rescheduled or removed meanwhile, so work whose worker died is
 * picked up again, and work being done is never handed to two workers.
 */
export interface Schedules {
  /** Adds the member, or moves it, to be due at `dueAt` (ms since the epoch). */
  set(name: string, member: string, dueAt: number): Promise<void>;
  /** Moves the member earlier only: due at `dueAt` or when it already was, whichever is sooner. Adds it when absent. */
  advance(name: string, member: string, dueAt: number): Promise<void>;
  remove(name: string, member: string): Promise<void>;
  /** Takes up to `limit` members due at `now`, leasing each until `now + leaseMs`. */
  claimDue(name: string, now: number, limit: number, leaseMs: number): Promise<string[]>;
  /** When the member is due, if it is scheduled. */
  dueAt(name: string, member: string): Promise<number | undefined>;
  size(name: string): Promise<number>;
}

/** Small sets of strings (indexes: a user's watches, a chat's watches); each set expires whole when not added to. */
export interface Sets {
  add(key: string, member: string, ttlMs: number): Promise<void>;
  remove(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
}

/** Raised by a store that cannot answer (Redis unreachable); callers decide how to degrade. */
export class StateUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`state store unavailable: ${reason}`, options);
    this.name = "StateUnavailableError";
  }
}
