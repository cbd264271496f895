import { existsSync } from "node:fs";
import type { OutageListener } from "../fallback-store.ts";
import { DISTINCT_LIMIT, StateUnavailableError, type ClaimResult, type Spend, type SpendRequest, type StateStore, type TallyAddition } from "../ports.ts";
import { SlidingWindows } from "../sliding-windows.ts";
import { groupCommit } from "./group-commit.ts";
import type { SqliteDatabase } from "./database.ts";
import { openDatabase } from "./open-database.ts";
import { prepareStatements } from "./statements.ts";
import { sqliteJournal } from "./sqlite-journal.ts";
import { sqliteReceiptRecords } from "./receipt-records.ts";

export interface SqliteStoreOptions {
  /** A file, or `:memory:`. */
  path: string;
  now?: () => number;
  /** How often expired entries are deleted; 0 leaves it to the caller (`sweep()`). */
  sweepIntervalMs?: number;
  /** Told when the file cannot be written (a full disk) and when it can again. */
  availability?: OutageListener;
  /** Told, once, when the file was deleted or replaced under the running bot. */
  onFileLost?: (reason: string) => void;
  /** How often the file is looked for (tests shorten it). */
  fileCheckMs?: number;
}

export interface SqliteStore extends StateStore {
  /** Deletes every expired entry and hands the space back; returns how many went. */
  sweep(): number;
  /** Entries held, expired ones not yet swept included. */
  entries(): number;
}

const SWEEP_BATCH = 5_000;
/** While the file cannot be written, a write is tried this often, to notice when it can again. */
const PROBE_MS = 5_000;
/** How often the file is looked for at its path: a deleted file is noticed within this. */
const FILE_CHECK_MS = 10_000;
/** What SQLite says when the file, its disk or its folder fails it: an outage of the store, not a bug. */
const STORAGE_FAILURE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOTADB|CORRUPT)/;
const PROCESSING = "p:";
const DONE = "done";

/**
 * The embedded store: one SQLite file, one instance (the file is locked). Calls are synchronous
 * underneath (a read is a few microseconds), wrapped in promises to share the port with Redis.
 */
export function openSqliteStore({ path, now = Date.now, sweepIntervalMs = 60_000, availability, onFileLost, fileCheckMs = FILE_CHECK_MS }: SqliteStoreOptions): SqliteStore {
  const opened = openDatabase(path);
  const db: SqliteDatabase = opened.db;
  const windows = new SlidingWindows(now);
  /** Why the file cannot be written now (a full disk); while set, every call fails as a Redis outage does. */
  let trouble: string | undefined;
  /** Why the file at STATE_DB is not the one this process writes to (deleted, replaced). */
  let fileLost: string | undefined;
  let probe: NodeJS.Timeout | undefined;
  const failed = (error: unknown) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string" || !STORAGE_FAILURE.test(code)) return false;
    if (trouble === undefined) {
      trouble = `STATE_DB cannot be written (${code}${code.startsWith("SQLITE_FULL") ? ": the disk is full" : ""})`;
      availability?.lost(trouble);
      probe = setInterval(tryWriting, PROBE_MS).unref();
    }
    return true;
  };
  const { write, flush } = groupCommit(db, (error) => {
    if (!failed(error)) throw error;
  });
  // The file lock means no other instance is running: whoever held claims before this start is gone.
  db.exec("DELETE FROM kv WHERE key LIKE 'alive:%'");

  const statements = prepareStatements(db);
  const journal = sqliteJournal(db, write);

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

  /** Runs whole without yielding: a bounded tally's field count cannot change between the check and the add. */
  const addTallies = (additions: readonly TallyAddition[]): void =>
    write(() => {
      const at = now();
      for (const addition of additions) {
        const expiresAt = at + addition.ttlMs;
        if ("members" in addition) {
          statements.distinctLapse.run(addition.key, at);
          let size = (statements.distinctSize.get(addition.key) as { n: number }).n;
          for (const member of addition.members) {
            if (size >= DISTINCT_LIMIT) break;
            size += statements.distinctAdd.run(addition.key, member, expiresAt).changes;
          }
          statements.distinctExtend.run(expiresAt, addition.key);
          continue;
        }
        statements.tallyLapse.run(addition.key, at);
        let fields = addition.limit ? (statements.tallyFields.get(addition.key) as { n: number }).n : 0;
        for (const [name, count] of addition.counts) {
          let field = name;
          if (addition.limit && statements.tallyHas.get(addition.key, field) === undefined) {
            if (fields >= addition.limit.fields) field = addition.limit.overflow;
            if (statements.tallyHas.get(addition.key, field) === undefined) fields++;
          }
          statements.tallyAdd.run(addition.key, field, count, expiresAt);
        }
        statements.tallyExtend.run(expiresAt, addition.key);
      }
    });
  const readTallies = (keys: readonly string[]): Map<string, Map<string, number>> => {
    const tallies = new Map<string, Map<string, number>>();
    for (const row of statements.tallyRead.all(JSON.stringify(keys), now()) as { key: string; field: string; count: number }[]) {
      let tally = tallies.get(row.key);
      if (!tally) tallies.set(row.key, (tally = new Map<string, number>()));
      tally.set(row.field, Number(row.count));
    }
    return tallies;
  };

  /** While in trouble: one small write, committed at once; when it goes through, the file is usable again. */
  function tryWriting(): void {
    try {
      flush();
      db.exec("BEGIN IMMEDIATE");
      statements.set.run("disk-probe", "1", now() + 60_000);
      db.exec("COMMIT");
    } catch {
      // Still cannot write: the store stays in trouble until a later probe goes through.
      try {
        if (db.inTransaction) db.exec("ROLLBACK");
      } catch {
        // Still failing: the next probe tries again.
      }
      return;
    }
    clearInterval(probe);
    probe = undefined;
    trouble = undefined;
    availability?.back();
  }

  /** Every call: refused at once while the file cannot be written; a storage failure becomes an outage. */
  const available =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      if (trouble !== undefined) throw new StateUnavailableError(trouble);
      try {
        return call(...args);
      } catch (error) {
        if (failed(error)) throw new StateUnavailableError(trouble ?? "STATE_DB cannot be written", { cause: error });
        throw error;
      }
    };

  /**
   * The file deleted (or replaced) under the running bot: it would go on writing to a file nobody
   * can open again, and lose everything at the next start; a second instance could take the path.
   * The lock is taken again, what the bot holds is written back to the path when it is empty, and
   * the operators are told: a restart makes the bot use that copy.
   */
  function checkFile(): void {
    if (fileLost !== undefined || opened.fileIsOurs()) return;
    const at = new Date(now()).toISOString();
    const relocked = opened.relock();
    let copied = false;
    if (relocked && !existsSync(opened.file ?? "")) {
      try {
        flush();
        db.prepare("VACUUM INTO ?").run(opened.file);
        copied = true;
      } catch {
        // Nowhere to write it (the folder is gone too, or the disk full): the operators are told.
      }
    }
    fileLost = !relocked
      ? `STATE_DB ${opened.file} was replaced while the bot ran, and another instance now holds it: stop this one`
      : copied
        ? `STATE_DB ${opened.file} was deleted while the bot ran; what it held was written back at ${at}: restart the bot to use that copy (changes made until then are lost)`
        : `STATE_DB ${opened.file} was deleted or replaced while the bot ran: what it holds now is lost at the next start`;
    onFileLost?.(fileLost);
  }
  const fileCheck = opened.file !== undefined ? setInterval(checkFile, fileCheckMs).unref() : undefined;

  function sweep(): number {
    let removed = 0;
    flush();
    const sweeps = [statements.sweep, statements.sweepSets, statements.sweepTallies, statements.sweepDistinct].map((statement) => (limit: number) => statement.run(now(), limit).changes);
    for (const sweepOne of [...sweeps, (limit: number) => receipts.sweep(limit)]) {
      for (;;) {
        const changes = sweepOne(SWEEP_BATCH);
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
  const receipts = sqliteReceiptRecords(db, { available, write, now });
  const sweeper =
    sweepIntervalMs > 0
      ? setInterval(() => {
          if (trouble !== undefined) return;
          try {
            sweep();
          } catch (error) {
            if (!failed(error)) throw error;
          }
        }, sweepIntervalMs).unref()
      : undefined;

  return {
    shared: false,
    kv: {
      get: available((key: string) => get(key)),
      set: available((key: string, value: string, ttlMs: number) => set(key, value, ttlMs)),
      setIfAbsent: available((key: string, value: string, ttlMs: number) => setIfAbsent(key, value, ttlMs)),
      delete: available((key: string) => void write(() => statements.delete.run(key))),
      update: available((key: string, change: (current: string | undefined) => string | undefined, ttlMs: number) => update(key, change, ttlMs)),
    },
    schedules: {
      set: available((name: string, member: string, dueAt: number) => void write(() => statements.scheduleSet.run(name, member, dueAt))),
      advance: available((name: string, member: string, dueAt: number) => void write(() => statements.scheduleAdvance.run(name, member, dueAt))),
      remove: available((name: string, member: string) => void write(() => statements.scheduleRemove.run(name, member))),
      claimDue: available((name: string, at: number, limit: number, leaseMs: number) => claimDue(name, at, limit, leaseMs)),
      dueAt: available((name: string, member: string) => (statements.scheduleDueAt.get(name, member) as { dueAt: number } | undefined)?.dueAt),
      size: available((name: string) => (statements.scheduleSize.get(name) as { n: number }).n),
      countDue: available((name: string, upTo: number) => {
        const row = statements.scheduleCountDue.get(name, upTo) as { n: number; earliest: number | null };
        return { count: Number(row.n), earliest: row.earliest === null ? undefined : Number(row.earliest) };
      }),
    },
    sets: {
      add: available(
        (key: string, member: string, ttlMs: number) =>
          void write(() => {
            const expiresAt = now() + ttlMs;
            statements.setExtend.run(expiresAt, key);
            statements.setAdd.run(key, member, expiresAt);
          }),
      ),
      remove: available((key: string, member: string) => void write(() => statements.setRemove.run(key, member))),
      members: available((key: string) => (statements.setMembers.all(key, now()) as { member: string }[]).map((row) => row.member)),
    },
    records: {
      get: available((collection: string, id: string) => (statements.recordGet.get(collection, id) as { value: string } | undefined)?.value),
      all: available((collection: string) => new Map((statements.recordAll.all(collection) as { id: string; value: string }[]).map((row) => [row.id, row.value]))),
      revision: available((collection: string) => String((statements.recordRevision.get(collection) as { revision: number | bigint } | undefined)?.revision ?? "")),
      // Runs whole without yielding: no other call comes in between the read and the write.
      update: available((collection: string, id: string, change: (current: string | undefined) => string | undefined) => {
        const current = (statements.recordGet.get(collection, id) as { value: string } | undefined)?.value;
        const next = change(current);
        if (next === current) return next;
        write(() => {
          if (next === undefined) statements.recordDelete.run(collection, id);
          else statements.recordSet.run(collection, id, next);
          statements.recordMoveOn.run(collection);
        });
        return next;
      }),
    },
    receipts: receipts.records,
    tallies: {
      add: available(addTallies),
      read: available(readTallies),
      countDistinct: available((keys: readonly string[]) => Number((statements.distinctCount.get(JSON.stringify(keys), now()) as { n: number }).n)),
    },
    journal: {
      append: available(journal.append),
      forPayment: available(journal.forPayment),
      forPerson: available(journal.forPerson),
      range: available(journal.range),
      latest: available(journal.latest),
      removeBefore: available(journal.removeBefore),
    },
    counters: {
      spend: available((key: string, cost: number, limit: number, windowMs: number) => spend(key, cost, limit, windowMs)),
      take: async (key, limit, windowMs) => windows.take(key, limit, windowMs),
    },
    claims: {
      heartbeat: available((instanceId: string, ttlMs: number) => set(aliveKey(instanceId), "1", ttlMs)),
      instancesAlive: available(() => (statements.aliveCount.get(now()) as { n: number }).n),
      claim: available((key: string, owner: string, ttlMs: number) => claim(claimKey(key), owner, ttlMs)),
      complete: available((key: string, ttlMs: number) => set(claimKey(key), DONE, ttlMs)),
      release: available((key: string, owner: string) => deleteIfValue(claimKey(key), PROCESSING + owner)),
      // Runs whole without yielding: nothing comes in between the claim and the spend.
      claimAndSpend: available((key: string, owner: string, ttlMs: number, request: SpendRequest) => {
        const result = claim(claimKey(key), owner, ttlMs);
        return { claim: result, spend: result === "claimed" ? spend(request.key, request.cost, request.limit, request.windowMs) : undefined };
      }),
    },
    leases: {
      acquire: available((name: string, owner: string, ttlMs: number) => acquire(name, owner, ttlMs)),
      release: available((name: string, owner: string) => deleteIfValue(leaseKey(name), owner)),
    },
    keepMarker: available((ttlMs: number) => {
      const kept = get(MARKER) !== undefined;
      set(MARKER, "1", ttlMs);
      return kept;
    }),
    health: () => {
      if (trouble !== undefined) return { status: "degraded", reason: trouble };
      return fileLost === undefined ? { status: "ok" } : { status: "degraded", reason: fileLost };
    },
    sweep,
    entries: () => (statements.count.get() as { n: number }).n,
    close: async () => {
      if (sweeper) clearInterval(sweeper);
      if (fileCheck) clearInterval(fileCheck);
      if (probe) clearInterval(probe);
      try {
        flush();
      } finally {
        opened.close();
      }
    },
  };
}

const aliveKey = (instanceId: string) => `alive:${instanceId}`;
const claimKey = (name: string) => `claim:${name}`;
const MARKER = "store-marker";
const leaseKey = (name: string) => `lease:${name}`;
