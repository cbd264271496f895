import type { SqliteDatabase } from "./database.ts";

/**
 * The tables, as a list of steps: a file made by an older version is brought up to date at start
 * (`PRAGMA user_version` counts the steps already applied). Steps are only ever appended.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE kv (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX kv_expiry ON kv (expires_at);`,
  `CREATE TABLE schedule (
     name TEXT NOT NULL,
     member TEXT NOT NULL,
     due_at INTEGER NOT NULL,
     PRIMARY KEY (name, member)
   ) WITHOUT ROWID;
   CREATE INDEX schedule_due ON schedule (name, due_at);
   CREATE TABLE sets (
     key TEXT NOT NULL,
     member TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     PRIMARY KEY (key, member)
   ) WITHOUT ROWID;
   CREATE INDEX sets_expiry ON sets (expires_at);`,
  `CREATE TABLE records (
     collection TEXT NOT NULL,
     id TEXT NOT NULL,
     value TEXT NOT NULL,
     PRIMARY KEY (collection, id)
   ) WITHOUT ROWID;
   CREATE TABLE record_revisions (
     collection TEXT PRIMARY KEY,
     revision INTEGER NOT NULL
   ) WITHOUT ROWID;`,
  `CREATE TABLE tallies (
     key TEXT NOT NULL,
     field TEXT NOT NULL,
     count INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     PRIMARY KEY (key, field)
   ) WITHOUT ROWID;
   CREATE INDEX tallies_expiry ON tallies (expires_at);
   CREATE TABLE distinct_members (
     key TEXT NOT NULL,
     member TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     PRIMARY KEY (key, member)
   ) WITHOUT ROWID;
   CREATE INDEX distinct_members_expiry ON distinct_members (expires_at);`,
  // The journal (state/journal.ts): a log read by time, by payment and by person; each payment's latest status beside it.
  `CREATE TABLE journal (
     id INTEGER PRIMARY KEY,
     at INTEGER NOT NULL,
     payment TEXT NOT NULL,
     person TEXT,
     data TEXT NOT NULL
   );
   CREATE INDEX journal_at ON journal (at);
   CREATE INDEX journal_payment ON journal (payment, at);
   CREATE INDEX journal_person ON journal (person, at) WHERE person IS NOT NULL;
   CREATE TABLE journal_latest (
     payment TEXT PRIMARY KEY,
     status TEXT NOT NULL,
     at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX journal_latest_at ON journal_latest (at);`,
  // Receipts (state/receipt-records.ts): by the hash of their code, each until its own expiry; their numbers from a counter.
  `CREATE TABLE receipts (
     hash TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX receipts_expiry ON receipts (expires_at);
   CREATE TABLE receipt_numbers (
     name TEXT PRIMARY KEY,
     last INTEGER NOT NULL
   ) WITHOUT ROWID;`,
];

export function migrate(db: SqliteDatabase): void {
  const applied = Number((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version);
  if (applied > MIGRATIONS.length) {
    throw Object.assign(new Error(`the state file was written by a newer version of the bot (schema ${applied})`), { code: "NEWER_SCHEMA" });
  }
  for (let step = applied; step < MIGRATIONS.length; step++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[step] ?? "");
      db.exec(`PRAGMA user_version = ${step + 1}`);
    })();
  }
}
