import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "libsql";
import type { SqliteDatabase } from "./database.ts";
import { migrate } from "./schema.ts";

/** Why the state file cannot be used, in words an operator can act on. Never holds a secret. */
export class StateFileError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StateFileError";
  }
}

export const IN_MEMORY = ":memory:";

export interface OpenedDatabase {
  db: SqliteDatabase;
  /** The file, resolved; undefined in memory. */
  file: string | undefined;
  /**
   * Whether the file at the path is still the one opened. The bot would otherwise go on writing
   * to a file someone deleted, and lose it all at the next start.
   */
  fileIsOurs(): boolean;
  /** Takes the lock again when its file was deleted: false when another process holds the new one. */
  relock(): boolean;
  /** Closes the database and lets another process open the file. */
  close(): void;
}

/**
 * Opens (creating it and its folder when needed) the SQLite file that holds the bot's state, and
 * brings its tables up to date. A lock file beside it (`<file>.lock`) is held for as long as this
 * process runs: a second instance on the same file is refused instead of corrupting anything,
 * and the operating system drops the lock with the process, however it ends.
 */
export function openDatabase(path: string): OpenedDatabase {
  const where = path === IN_MEMORY ? IN_MEMORY : resolve(path);
  if (where !== IN_MEMORY) {
    try {
      mkdirSync(dirname(where), { recursive: true });
    } catch (error) {
      throw new StateFileError(`STATE_DB: cannot create the folder for ${where} (${codeOf(error)})`, { cause: error });
    }
  }
  let lock: SqliteDatabase | undefined;
  let db: SqliteDatabase | undefined;
  try {
    if (where !== IN_MEMORY) lock = holdLock(`${where}.lock`);
    db = new Database(where, { timeout: 5_000 });
    // Must come before the first table exists; lets the sweeper hand freed pages back to the file system.
    db.exec("PRAGMA auto_vacuum = INCREMENTAL");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    migrate(db);
    const opened = db;
    const locks = lock ? [lock] : [];
    const lockPath = `${where}.lock`;
    const identity = where === IN_MEMORY ? undefined : identityOf(where);
    let lockIdentity = where === IN_MEMORY ? undefined : identityOf(lockPath);
    return {
      db: opened,
      file: where === IN_MEMORY ? undefined : where,
      fileIsOurs: () => identity === undefined || sameFile(identityOf(where), identity),
      relock: () => {
        if (lockIdentity === undefined || sameFile(identityOf(lockPath), lockIdentity)) return true;
        try {
          mkdirSync(dirname(where), { recursive: true });
          locks.push(holdLock(lockPath));
          lockIdentity = identityOf(lockPath);
          return true;
        } catch {
          // Another process holds the new lock: the caller says so.
          return false;
        }
      },
      close: () => {
        opened.close();
        locks.forEach((held) => held.close());
      },
    };
  } catch (error) {
    db?.close();
    lock?.close();
    throw new StateFileError(explain(where, error), { cause: error });
  }
}

/**
 * The lock is a tiny SQLite file of its own, held in exclusive locking mode: SQLite's locks are
 * the operating system's file locks, which die with the process. It keeps no statement open, so
 * closing it releases the lock at once (statements of the main file live until garbage collection).
 */
function holdLock(path: string): SqliteDatabase {
  const lock = new Database(path, { timeout: 0 });
  try {
    lock.exec("PRAGMA locking_mode = EXCLUSIVE");
    lock.exec("CREATE TABLE IF NOT EXISTS holder (pid INTEGER)");
    // A write takes the exclusive lock, which exclusive locking mode then keeps until close.
    lock.exec(`DELETE FROM holder; INSERT INTO holder VALUES (${process.pid})`);
    return lock;
  } catch (error) {
    lock.close();
    throw error;
  }
}

type FileIdentity = { dev: number; ino: number };

function identityOf(path: string): FileIdentity | undefined {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    // No file there (deleted): the caller compares identities.
    return undefined;
  }
}

const sameFile = (a: FileIdentity | undefined, b: FileIdentity) => a !== undefined && a.dev === b.dev && a.ino === b.ino;

function explain(path: string, error: unknown): string {
  switch (codeOf(error)) {
    case "SQLITE_BUSY":
    case "SQLITE_LOCKED":
      return `STATE_DB ${path} is in use by another running instance. One file serves one instance: to run several, set REDIS_URL.`;
    case "SQLITE_NOTADB":
    case "SQLITE_CORRUPT":
      return `STATE_DB ${path} is not a SQLite database (or is damaged): point STATE_DB at a new file, or restore a backup.`;
    case "SQLITE_READONLY":
    case "SQLITE_CANTOPEN":
    case "SQLITE_PERM":
    case "SQLITE_IOERR":
      return `STATE_DB ${path} cannot be opened for writing: check that its folder exists, is a folder and is writable by the bot.`;
    default:
      return `STATE_DB ${path} cannot be opened (${error instanceof Error ? error.message : "unknown error"}).`;
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && code !== "") return code;
  // libsql reports a file it cannot open as ConnectionFailed(…: 14), 14 being SQLITE_CANTOPEN.
  if (error instanceof Error && /ConnectionFailed|Unable to open/i.test(error.message)) return "SQLITE_CANTOPEN";
  return "unknown";
}
