import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { deletePrefix, testPrefix } from "../support/redis.ts";
import type { ContractSubject } from "./contract.ts";

/** The stores the contract suites run on, each opened fresh for a test and removed after it. */

export const sqliteInMemory = async (): Promise<ContractSubject> => {
  const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  return { store, dispose: () => store.close() };
};

/** A SQLite file in a folder of its own, deleted with it. */
export const sqliteInFile = (name: string) => async (): Promise<ContractSubject> => {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const store = openSqliteStore({ path: join(dir, "bot.db"), sweepIntervalMs: 0 });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** The Redis at `url`, under a prefix of the test's own, whose keys are deleted after it. */
export const redisUnderPrefix =
  (url: string, name: string, options: Omit<Parameters<typeof openRedisStore>[0], "url" | "prefix"> = {}) =>
  async (): Promise<ContractSubject> => {
    const prefix = testPrefix(name);
    const store = await openRedisStore({ url, prefix, ...options });
    return {
      store,
      dispose: async () => {
        await store.close();
        await deletePrefix(url, prefix);
      },
    };
  };
