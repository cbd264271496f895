import type { SqliteDatabase } from "./database.ts";

/** Every statement the store runs, prepared once when it opens. */
export function prepareStatements(db: SqliteDatabase) {
  return {
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
    scheduleCountDue: db.prepare("SELECT count(*) AS n, min(due_at) AS earliest FROM schedule WHERE name = ? AND due_at <= ?"),
    setAdd: db.prepare("INSERT INTO sets (key, member, expires_at) VALUES (?, ?, ?) ON CONFLICT (key, member) DO UPDATE SET expires_at = excluded.expires_at"),
    setExtend: db.prepare("UPDATE sets SET expires_at = ? WHERE key = ?"),
    setRemove: db.prepare("DELETE FROM sets WHERE key = ? AND member = ?"),
    setMembers: db.prepare("SELECT member FROM sets WHERE key = ? AND expires_at > ?"),
    recordGet: db.prepare("SELECT value FROM records WHERE collection = ? AND id = ?"),
    recordAll: db.prepare("SELECT id, value FROM records WHERE collection = ?"),
    recordSet: db.prepare("INSERT INTO records (collection, id, value) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET value = excluded.value"),
    recordDelete: db.prepare("DELETE FROM records WHERE collection = ? AND id = ?"),
    recordRevision: db.prepare("SELECT revision FROM record_revisions WHERE collection = ?"),
    // random(): 64 random bits, never handed back again (see Records.revision).
    recordMoveOn: db.prepare("INSERT INTO record_revisions (collection, revision) VALUES (?, random()) ON CONFLICT (collection) DO UPDATE SET revision = random()"),
    sweepSets: db.prepare("DELETE FROM sets WHERE (key, member) IN (SELECT key, member FROM sets WHERE expires_at <= ? LIMIT ?)"),
    tallyLapse: db.prepare("DELETE FROM tallies WHERE key = ? AND expires_at <= ?"),
    tallyFields: db.prepare("SELECT count(*) AS n FROM tallies WHERE key = ?"),
    tallyHas: db.prepare("SELECT 1 AS one FROM tallies WHERE key = ? AND field = ?"),
    tallyAdd: db.prepare("INSERT INTO tallies (key, field, count, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (key, field) DO UPDATE SET count = count + excluded.count"),
    tallyExtend: db.prepare("UPDATE tallies SET expires_at = ? WHERE key = ?"),
    tallyRead: db.prepare("SELECT key, field, count FROM tallies WHERE key IN (SELECT value FROM json_each(?)) AND expires_at > ?"),
    distinctLapse: db.prepare("DELETE FROM distinct_members WHERE key = ? AND expires_at <= ?"),
    distinctSize: db.prepare("SELECT count(*) AS n FROM distinct_members WHERE key = ?"),
    distinctAdd: db.prepare("INSERT INTO distinct_members (key, member, expires_at) VALUES (?, ?, ?) ON CONFLICT (key, member) DO NOTHING"),
    distinctExtend: db.prepare("UPDATE distinct_members SET expires_at = ? WHERE key = ?"),
    distinctCount: db.prepare("SELECT count(DISTINCT member) AS n FROM distinct_members WHERE key IN (SELECT value FROM json_each(?)) AND expires_at > ?"),
    sweepTallies: db.prepare("DELETE FROM tallies WHERE (key, field) IN (SELECT key, field FROM tallies WHERE expires_at <= ? LIMIT ?)"),
    sweepDistinct: db.prepare("DELETE FROM distinct_members WHERE (key, member) IN (SELECT key, member FROM distinct_members WHERE expires_at <= ? LIMIT ?)"),
    aliveCount: db.prepare("SELECT count(*) AS n FROM kv WHERE key >= 'alive:' AND key < 'alive;' AND expires_at > ?"),
  };
}
