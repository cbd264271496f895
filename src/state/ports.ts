import type { Journal } from "./journal.ts";
import type { ReceiptRecords } from "./receipt-records.ts";

export type { ReceiptRecords } from "./receipt-records.ts";

/**
 * The state the bot keeps outside one update: what the rest of the code depends on. Two adapters
 * implement it, with the same behaviour (one contract test suite runs against both):
 * SQLite in a file (the default; one instance) and Redis (several instances share it).
 *
 * Everything with a lifetime expires by itself: callers always give a TTL. The exception is
 * records (access grants, language choices): what people rely on is kept until deleted.
 */
/** Every instance marks itself alive this long, again a third of the way through. */
export const HEARTBEAT_TTL_MS = 15_000;

export interface StateStore {
  /**
   * Whether other instances see the same store (Redis): then polling takes turns under a lease,
   * and readiness names the role. The embedded file serves one instance.
   */
  readonly shared: boolean;
  readonly kv: KeyValueStore;
  readonly counters: Counters;
  readonly claims: Claims;
  readonly leases: Leases;
  readonly schedules: Schedules;
  readonly sets: Sets;
  readonly records: Records;
  readonly tallies: Tallies;
  /** The history of answers and events about payments: a log of its own (journal.ts). */
  readonly journal: Journal;
  /** Receipts, by the hash of their code: durable, each until its own expiry. */
  readonly receipts: ReceiptRecords;
  /**
   * Writes, or renews for `ttlMs`, a marker that lasts as long as the store keeps what it holds:
   * false when it had to be written anew. After the first call, false means the store was emptied
   * meanwhile (a Redis restarted without persistence, a FLUSHALL). Never answered from a fallback.
   */
  keepMarker(ttlMs: number): Promise<boolean>;
  /** Whether the store is reachable now; a Redis outage makes the bot degraded, not down. */
  health(): StateHealth;
  /**
   * Where a shared store's data is now (Redis: the master, its replicas, the sentinels that see
   * it), for the operators; undefined while it cannot be asked. The embedded file has none.
   */
  topology?(): Promise<StoreTopology | undefined>;
  close(): Promise<void>;
}

export interface StoreTopology {
  /** host:port of the server written to: the master. */
  master: string;
  /** Its replicas that are online. */
  replicas: number;
  /** With Sentinel, how many sentinels see the master (0: none answers); undefined without Sentinel. */
  sentinels: number | undefined;
}

export type StateHealth = { status: "ok" } | { status: "degraded"; reason: string };

export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores the value only when the key is absent: true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Replaces the value with what `change` makes of the current one (undefined deletes it; an empty
   * string is a value), as one step: when another writer comes in between, `change` runs again on
   * the newer value, so it must be a pure function. Returns what was stored. For documents that
   * several instances update. An error thrown by `change` is the caller's, passed on as it is.
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
 * with it; a completed claim is remembered for `ttlMs`, so it is never done twice. A shared
 * store takes a claim over only once it is a heartbeat's lifetime old: a store emptied under a
 * live instance loses its heartbeat until the next beat, and must not hand its work to another.
 */
export interface Claims {
  /** Marks this instance alive for `ttlMs`; claims held by an instance that stopped beating can be taken over. */
  heartbeat(instanceId: string, ttlMs: number): Promise<void>;
  /** How many instances are alive now (their heartbeat has not lapsed): this one included. */
  instancesAlive(): Promise<number>;
  /** Claims have a key space of their own: a claim on "bulk-job:x" is not the value under that key. */
  claim(key: string, owner: string, ttlMs: number): Promise<ClaimResult>;
  complete(key: string, ttlMs: number): Promise<void>;
  /** Gives a claim up (say, shutting down before the work started), so another can take it at once. */
  release(key: string, owner: string): Promise<void>;
  /**
   * `claim`, and when it is taken (only then), `counters.spend` of `spend`, as one step: one round
   * trip for an update's claim and its request's first unit of the rate limit. A budget that
   * refuses leaves the claim taken (the work is then to say so) and spends nothing.
   */
  claimAndSpend(key: string, owner: string, ttlMs: number, spend: SpendRequest): Promise<{ claim: ClaimResult; spend: Spend | undefined }>;
}

/** A spend from a budget per fixed window, as `Counters.spend` takes it. */
export interface SpendRequest {
  key: string;
  cost: number;
  limit: number;
  windowMs: number;
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
  /** How many members are due by `upTo`, and when the earliest is due (undefined when none is). */
  countDue(name: string, upTo: number): Promise<{ count: number; earliest: number | undefined }>;
}

/** Small sets of strings (indexes: a user's watches, a chat's watches); each set expires whole when not added to. */
export interface Sets {
  add(key: string, member: string, ttlMs: number): Promise<void>;
  remove(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
}

/**
 * Durable records, in named collections (access grants, requests, invites, language choices):
 * kept until deleted, never expired, shared by every instance. Each collection has a revision
 * that every change moves on, so that an instance holding a copy in memory knows, with one cheap
 * read, when to read it again. Collections are small (thousands of records, not millions).
 */
export interface Records {
  get(collection: string, id: string): Promise<string | undefined>;
  /** Every record of the collection. */
  all(collection: string): Promise<Map<string, string>>;
  /**
   * Replaces the record with what `change` makes of the current one (undefined deletes it), as
   * one step, like `kv.update`: `change` may run more than once, so it must be pure. Returns what
   * was stored.
   */
  update(collection: string, id: string, change: (current: string | undefined) => string | undefined): Promise<string | undefined>;
  /**
   * Changes with every change of the collection ("" before the first), to a value never seen
   * before: a store emptied and written to again can never hand back a revision a copy already
   * holds (a counter restarted at 0 could climb back to it).
   */
  revision(collection: string): Promise<string>;
}

/**
 * Counts every instance adds to and anyone reads as one sum (the health figures: enquiries by the
 * minute, by kind and outcome). A tally is a set of named counts; it expires whole `ttlMs` after it
 * was last added to. Callers batch: one `add` is one round trip, whatever it holds.
 */
export interface Tallies {
  add(additions: readonly TallyAddition[]): Promise<void>;
  /** The tallies asked for, by key; one that does not exist (or expired) is left out. */
  read(keys: readonly string[]): Promise<Map<string, Map<string, number>>>;
  /**
   * How many distinct members the named distinct counts hold together. Redis estimates it (within
   * about 1 %, in a few KB whatever the traffic); SQLite counts exactly, up to `DISTINCT_LIMIT` per key.
   */
  countDistinct(keys: readonly string[]): Promise<number>;
}

export type TallyAddition =
  | {
      key: string;
      ttlMs: number;
      /** Added to the tally's counts (a field absent is a new count). */
      counts: ReadonlyMap<string, number>;
      /** Keeps the tally bounded: a field not yet in a tally of `fields` fields is counted under `overflow` instead. */
      limit?: { fields: number; overflow: string };
    }
  | {
      key: string;
      ttlMs: number;
      /** Added to a distinct count (read with `countDistinct`). */
      members: readonly string[];
    };

/** The most members one distinct count keeps in SQLite (Redis's estimate has no such bound). */
export const DISTINCT_LIMIT = 100_000;

/** Raised by a store that cannot answer (Redis unreachable); callers decide how to degrade. */
export class StateUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`state store unavailable: ${reason}`, options);
    this.name = "StateUnavailableError";
  }
}
