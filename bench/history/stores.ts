import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { Redis } from "ioredis";
import type { Journal } from "../../src/state/journal.ts";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { deletePrefix, testPrefix } from "../../test/support/redis.ts";
import { startLatencyProxy, type LatencyProxy } from "../latency-proxy.ts";

/** Which store a bot of the scenario runs on: the filled one, an empty one, or empty ones whose round trips are counted (journal on, and HISTORY_DAYS=0). */
export type StoreUse = "filled" | "empty" | "counted" | "off";

/**
 * One of the two stores, as the history scenario uses it: the filled history (appended to by the
 * bench through the Journal port while no bot runs), the environment that points a bot at it or
 * at an empty one, and a count of the old entries still there while a bot removes them.
 */
export interface BenchStore {
  readonly name: "sqlite" | "redis";
  withJournal<T>(run: (journal: Journal) => Promise<T>): Promise<T>;
  /**
   * The bot's environment for that store. With Redis, the counted ones go through a proxy (no
   * delay) that counts the bot's round trips; the others straight to Redis, since the proxy, in the
   * bench's process, adds its own time to replies of a megabyte (a page of a long timeline).
   */
  env(use: StoreUse): Promise<{ env: Record<string, string>; proxy?: LatencyProxy }>;
  /** Entries older than `before` in the filled store. */
  countOlder(before: number): Promise<number>;
  /** Removes every file and key the scenario made. */
  remove(): Promise<void>;
}

export function sqliteBenchStore(): BenchStore {
  const dir = mkdtempSync(join(tmpdir(), "bench-history-"));
  const file = join(dir, "bot.db");
  let reader: InstanceType<typeof Database> | undefined;
  return {
    name: "sqlite",
    async withJournal(run) {
      const store = openSqliteStore({ path: file, sweepIntervalMs: 0 });
      try {
        return await run(store.journal);
      } finally {
        await store.close();
      }
    },
    // The empty and the off bots get the rig's own new file.
    async env(use) {
      const env: Record<string, string> = use === "filled" ? { STATE_DB: file } : {};
      return { env };
    },
    // A reader beside the bot (the file is in WAL mode): it never blocks the bot's writes.
    async countOlder(before) {
      reader ??= new Database(file, { readonly: true });
      return Number((reader.prepare("SELECT count(*) AS n FROM journal WHERE at < ?").get(before) as { n: number }).n);
    },
    async remove() {
      reader?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function redisBenchStore(url: string): BenchStore {
  const prefixes: Record<StoreUse, string> = { filled: testPrefix("bench-history"), empty: testPrefix("bench-history-empty"), counted: testPrefix("bench-history-on"), off: testPrefix("bench-history-off") };
  const client = new Redis(url);
  return {
    name: "redis",
    async withJournal(run) {
      const store = await openRedisStore({ url, prefix: prefixes.filled });
      try {
        return await run(store.journal);
      } finally {
        await store.close();
      }
    },
    async env(use) {
      if (use !== "counted" && use !== "off") return { env: { REDIS_URL: url, REDIS_PREFIX: prefixes[use] } };
      const proxy = await startLatencyProxy({ target: url, delayMs: 0 });
      return { env: { REDIS_URL: proxy.url, REDIS_PREFIX: prefixes[use] }, proxy };
    },
    countOlder: (before) => client.zcount(`${prefixes.filled}journal:time`, "-inf", `(${before}`),
    async remove() {
      client.disconnect();
      for (const prefix of Object.values(prefixes)) await deletePrefix(url, prefix);
    },
  };
}
