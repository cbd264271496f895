import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ReplyError, type Redis } from "ioredis";
import type { StateConfig } from "../../config/areas/state.ts";
import { NotAMasterError } from "../../state/redis/connection.ts";
import { openRedisStore } from "../../state/redis/redis-store.ts";
import { IN_MEMORY, openDatabase, StateFileError } from "../../state/sqlite/open-database.ts";
import { failed, passed, type CheckResult } from "./check.ts";

/** The state store opens: the SQLite file is writable, or Redis answers (with its persistence and, when known, where its master is). */
export async function checkStore(state: StateConfig, timeoutMs: number): Promise<CheckResult> {
  return state.kind === "sqlite" ? checkSqlite(state.path) : checkRedis(state, timeoutMs);
}

function checkSqlite(path: string): CheckResult {
  const label = "State store";
  if (path === IN_MEMORY) return passed(label, "in memory (STATE_DB=:memory:): nothing is kept across restarts");
  const where = resolve(path);
  // A folder that is not there yet is the bot's to make: doctor makes nothing, it says whether it could be made.
  if (!existsSync(dirname(where))) return notYetThere(label, where);
  try {
    openDatabase(path).close();
    return passed(label, `SQLite file ${where} opens and is writable`);
  } catch (error) {
    // The running bot holds the file's lock: the file works, for that one instance.
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return passed(label, `SQLite file ${where} is in use by the running bot (one file serves one instance)`);
    return failed(label, error instanceof StateFileError ? error.message : `STATE_DB ${where} cannot be opened`);
  }
}

/** STATE_DB in a folder that does not exist: whether the bot, which makes it, will be able to (the nearest folder that exists is writable). */
function notYetThere(label: string, where: string): CheckResult {
  const folder = dirname(where);
  let existing = dirname(folder);
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  if (!statSync(existing).isDirectory()) return failed(label, `SQLite file ${where} cannot be created: ${existing} is a file, not a folder; check STATE_DB`);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return failed(label, `SQLite file ${where} cannot be created: ${existing} is not writable by this user; check STATE_DB, or make ${folder} writable`);
  }
  return passed(label, `SQLite file ${where} will be created, with its folder ${folder}, when the bot starts: ${existing} is writable`);
}

async function checkRedis(state: Extract<StateConfig, { kind: "redis" }>, timeoutMs: number): Promise<CheckResult> {
  const label = "State store";
  let store: Awaited<ReturnType<typeof openRedisStore>>;
  try {
    store = await openRedisStore({ ...state.connection, prefix: state.prefix, connectTimeoutMs: timeoutMs, commandTimeoutMs: timeoutMs });
  } catch (error) {
    // It answers, but is not where the bot can write: what to set instead.
    if (error instanceof NotAMasterError) return failed(label, error.message);
    const variable = "url" in state.connection ? "REDIS_URL" : "REDIS_SENTINELS and REDIS_SENTINEL_NAME";
    const why = error instanceof Error ? error.message.replace(/^state store unavailable: /, "") : "unknown error";
    return failed(label, `Redis does not answer: ${why}. Check ${variable}, and that Redis runs and can be reached from here`);
  }
  try {
    const [topology, persistence, replication] = await Promise.all([store.topology?.().catch(() => undefined), persistenceOf(store.client), replicationOf(store.client)]);
    const where = topology
      ? `master ${topology.master}, ${topology.replicas} replica${topology.replicas === 1 ? "" : "s"} online${topology.sentinels === undefined ? "" : `, seen by ${topology.sentinels} sentinel${topology.sentinels === 1 ? "" : "s"}`}`
      : "reachable";
    return passed(label, `Redis answers (${where}); ${persistence}${replication ? `; ${replication}` : ""}`);
  } finally {
    await store.close();
  }
}

/** What a durable write needs to wait for a replica (ROLE, then WAIT): said only when Redis refuses it to this user. */
async function replicationOf(client: Redis): Promise<string | undefined> {
  try {
    await client.role();
    return undefined;
  } catch (error) {
    if (!(error instanceof ReplyError)) return undefined;
    return "ROLE is not allowed for this user: grants, watches and cases are not waited for on a replica (allow ROLE and WAIT)";
  }
}

/** Whether Redis keeps its data across a restart: what the bot relies on (grants, watches, the shared token) is there. */
async function persistenceOf(client: Redis): Promise<string> {
  try {
    const info = await client.info("persistence");
    const aof = /aof_enabled:1/.test(info);
    const save = (await client.config("GET", "save").catch(() => undefined)) as string[] | undefined;
    const snapshots = save?.[1]?.trim();
    if (aof) return "persistence: append-only file (appendonly yes)";
    if (snapshots) return `persistence: snapshots only (save ${snapshots}): the last minutes are lost in a crash; appendonly yes is safer`;
    if (save) return "NO persistence: a restart empties it (grants, watches, languages): set appendonly yes";
    return "persistence: no append-only file; snapshots unknown (CONFIG is not allowed here: ask whoever runs this Redis)";
  } catch {
    // INFO refused (an ACL): what the bot needs still works.
    return "persistence: unknown (INFO is not allowed here)";
  }
}
