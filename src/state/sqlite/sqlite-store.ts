import type { ClaimResult, Spend, StateStore } from "../ports.ts";
import { SlidingWindows } from "../sliding-windows.ts";
import { groupCommit } from "./group-commit.ts";
import { openDatabase, type SqliteDatabase } from "./open-database.ts";

export interface SqliteStoreOptions {
  /** A file, or `:memory:`. */
  path: string;
  now?: () => number;
  /** How often expired entries are deleted; 0 leaves it to the caller (`sweep()`). */
  sweepIntervalMs?: number;
}

export interface SqliteStore extends StateStore {
  /** Deletes every expired entry and hands the space back; returns how many went. */
  sweep(): number;
  /** Entries held, expired ones not yet swept included. */
  entries(): number;
}

const SWEEP_BATCH = 5_000;
const PROCESSING = "p:";
const DONE = "done";

/**
 * The embedded store: one SQLite file, one instance (the file is locked). Calls are synchronous
 * underneath (a read is a few microseconds), wrapped in promises to share the port with Redis.
 */
export function openSqliteStore({ path, now = Date.now, sweepIntervalMs = 60_000 }: SqliteStoreOptions): SqliteStore {
  const opened = openDatabase(path);
  const db: SqliteDatabase = opened.db;
  const windows = new SlidingWindows(now);
  const { write, flush } = groupCommit(db);
  // The file lock means no other instance is running: whoever held claims before this start is gone.
  db.exec("DELETE FROM kv WHERE key LIKE 'alive:%'");

  const statements = {
    get: db.prepare("SELECT value FROM kv WHERE key = ? AND expires_at > ?"),
    set: db.prepare(
      "INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at",
    ),
    // Inserts, or replaces an entry that has expired but not been swept yet; a live one stays.
    setIfAbsent: db.prepare(
      "INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at WHERE kv.expires_at <= ?",
    ),
    delete: db.prepare("DELETE FROM kv WHERE key = ?"),
    deleteIfValue: db.prepare("DELETE FROM kv WHERE key = ? AND value = ?"),
    getWithExpiry: db.prepare("SELECT value, expires_at AS expiresAt FROM kv WHERE key = ? AND expires_at > ?"),
    sweep: db.prepare("DELETE FROM kv WHERE key IN (SELECT key FROM kv WHERE expires_at <= ? LIMIT ?)"),
    count: db.prepare("SELECT count(*) AS n FROM kv"),
    scheduleSet: db.prepare("INSERT INTO schedule (name, member, due_at) VALUES (?, ?, ?) ON CONFLICT (name, member) DO UPDATE SET due_at = excluded.due_at"),
    scheduleAdvance: db.prepare(
      "INSERT INTO schedule (name, member, due_at) VALUES (?, ?, ?) ON CONFLICT (name, member) DO UPDATE SET due_at = min(due_at, excluded.due_at)",
    ),
    scheduleRemove: db.prepare("DELETE FROM schedule WHERE name = ? AND member = ?"),
    scheduleDue: db.prepare("SELECT member FROM schedule WHERE name = ? AND due_at <= ? ORDER BY due_at LIMIT ?"),
    scheduleLease: db.prepare("UPDATE schedule SET due_at = ? WHERE name = ? AND member = ?"),
    scheduleDueAt: db.prepare("SELECT due_at AS dueAt FROM schedule WHERE name = ? AND member = ?"),
    scheduleSize: db.prepare("SELECT count(*) AS n FROM schedule WHERE name = ?"),
    setAdd: db.prepare("INSERT INTO sets (key, member, expires_at) VALUES (?, ?, ?) ON CONFLICT (key, member) DO UPDATE SET expires_at = excluded.expires_at"),
    setExtend: db.prepare("UPDATE sets SET expires_at = ? WHERE key = ?"),
    setRemove: db.prepare("DELETE FROM sets WHERE key = ? AND member = ?"),
    setMembers: db.prepare("SELECT member FROM sets WHERE key = ? AND expires_at > ?"),
    sweepSets: db.prepare("DELETE FROM sets WHERE (key, member) IN (SELECT key, member FROM sets WHERE expires_at <= ? LIMIT ?)"),
  };

  const get = (key: string): string | undefined => (statements.get.get(key, now()) as { value: string } | undefined)?.value;
  const set = (key: string, value: string, ttlMs: number) => void write(() => statements.set.run(key, value, now() + ttlMs));
  const setIfAbsent = (key: string, value: string, ttlMs: number): boolean => {
    const at = now();
    return write(() => statements.setIfAbsent.run(key, value, at + ttlMs, at).changes > 0);
  };
  const deleteIfValue = (key: string, value: string) => void write(() => statements.deleteIfValue.run(key, value));

  // Read-then-write operations run whole without yielding, so no other call can come in between.
  const spend = (key: string, cost: number, limit: number, windowMs: number): Spend => {
    const at = now();
    const row = statements.getWithExpiry.get(key, at) as { value: string; expiresAt: number } | undefined;
    const used = row ? Number(row.value) : 0;
    const expiresAt = row ? row.expiresAt : at + windowMs;
    if (used + cost > limit) return { granted: false, used, resetInMs: expiresAt - at };
    write(() => statements.set.run(key, String(used + cost), expiresAt));
    return { granted: true, used: used + cost, resetInMs: expiresAt - at };
  };

  const claim = (key: string, owner: string, ttlMs: number): ClaimResult => {
    const value = get(key);
    if (value === DONE) return "done";
    if (value !== undefined) {
      const holder = value.slice(PROCESSING.length);
      if (holder === owner || get(aliveKey(holder)) !== undefined) return "busy";
    }
    set(key, PROCESSING + owner, ttlMs);
    return "claimed";
  };

  const update = (key: string, change: (current: string | undefined) => string | undefined, ttlMs: number): string | undefined => {
    const next = change(get(key));
    write(() => (next === undefined ? statements.delete.run(key) : statements.set.run(key, next, now() + ttlMs)));
    return next;
  };

  const claimDue = (name: string, at: number, limit: number, leaseMs: number): string[] => {
    const members = (statements.scheduleDue.all(name, at, limit) as { member: string }[]).map((row) => row.member);
    write(() => members.forEach((member) => statements.scheduleLease.run(at + leaseMs, name, member)));
    return members;
  };

  const acquire = (name: string, owner: string, ttlMs: number): boolean => {
    const key = leaseKey(name);
    const holder = get(key);
    if (holder !== undefined && holder !== owner) return false;
    set(key, owner, ttlMs);
    return true;
  };

  function sweep(): number {
    let removed = 0;
    flush();
    for (const statement of [statements.sweep, statements.sweepSets]) {
      for (;;) {
        const { changes } = statement.run(now(), SWEEP_BATCH);
        removed += changes;
        if (changes < SWEEP_BATCH) break;
      }
    }
    if (removed > 0) {
      // Freed pages go back to the file system, and the WAL is folded in and truncated: the files shrink.
      db.exec("PRAGMA incremental_vacuum");
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    return removed;
  }
  const sweeper = sweepIntervalMs > 0 ? setInterval(sweep, sweepIntervalMs).unref() : undefined;

  return {
    kind: "sqlite",
    kv: {
      get: async (key) => get(key),
      set: async (key, value, ttlMs) => set(key, value, ttlMs),
      setIfAbsent: async (key, value, ttlMs) => setIfAbsent(key, value, ttlMs),
      delete: async (key) => void write(() => statements.delete.run(key)),
      update: async (key, change, ttlMs) => update(key, change, ttlMs),
    },
    schedules: {
      set: async (name, member, dueAt) => void write(() => statements.scheduleSet.run(name, member, dueAt)),
      advance: async (name, member, dueAt) => void write(() => statements.scheduleAdvance.run(name, member, dueAt)),
      remove: async (name, member) => void write(() => statements.scheduleRemove.run(name, member)),
      claimDue: async (name, at, limit, leaseMs) => claimDue(name, at, limit, leaseMs),
      dueAt: async (name, member) => (statements.scheduleDueAt.get(name, member) as { dueAt: number } | undefined)?.dueAt,
      size: async (name) => (statements.scheduleSize.get(name) as { n: number }).n,
    },
    sets: {
      add: async (key, member, ttlMs) =>
        void write(() => {
          const expiresAt = now() + ttlMs;
          statements.setExtend.run(expiresAt, key);
          statements.setAdd.run(key, member, expiresAt);
        }),
      remove: async (key, member) => void write(() => statements.setRemove.run(key, member)),
      members: async (key) => (statements.setMembers.all(key, now()) as { member: string }[]).map((row) => row.member),
    },
    counters: {
      spend: async (key, cost, limit, windowMs) => spend(key, cost, limit, windowMs),
      take: async (key, limit, windowMs) => windows.take(key, limit, windowMs),
    },
    claims: {
      claim: async (key, owner, ttlMs) => claim(key, owner, ttlMs),
      complete: async (key, ttlMs) => set(key, DONE, ttlMs),
      release: async (key, owner) => deleteIfValue(key, PROCESSING + owner),
    },
    leases: {
      acquire: async (name, owner, ttlMs) => acquire(name, owner, ttlMs),
      release: async (name, owner) => deleteIfValue(leaseKey(name), owner),
    },
    heartbeat: async (instanceId, ttlMs) => set(aliveKey(instanceId), "1", ttlMs),
    health: () => ({ status: "ok" }),
    sweep,
    entries: () => (statements.count.get() as { n: number }).n,
    close: async () => {
      if (sweeper) clearInterval(sweeper);
      flush();
      opened.close();
    },
  };
}

const aliveKey = (instanceId: string) => `alive:${instanceId}`;
const leaseKey = (name: string) => `lease:${name}`;
