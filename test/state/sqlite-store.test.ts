import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IN_MEMORY, StateFileError } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { describeStateContract } from "./contract.ts";

describeStateContract("SQLite, in memory", async () => {
  const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  return { store, dispose: () => store.close() };
});

describeStateContract("SQLite, in a file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "state-contract-"));
  const store = openSqliteStore({ path: join(dir, "bot.db"), sweepIntervalMs: 0 });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe("the SQLite file", () => {
  const withDir = async (test: (dir: string) => Promise<void> | void) => {
    const dir = mkdtempSync(join(tmpdir(), "state-file-"));
    try {
      await test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("is created with its folder, and keeps what it holds across a restart", () =>
    withDir(async (dir) => {
      const path = join(dir, "nested", "deeper", "bot.db");
      const first = openSqliteStore({ path, sweepIntervalMs: 0 });
      await first.kv.set("button:abc", "TX-1,TX-2", 60_000);
      await first.close();
      const second = openSqliteStore({ path, sweepIntervalMs: 0 });
      expect(await second.kv.get("button:abc")).toBe("TX-1,TX-2");
      await second.close();
    }));

  it("serves one instance: a second one on the same file is refused with a clear message", () =>
    withDir(async (dir) => {
      const path = join(dir, "bot.db");
      const first = openSqliteStore({ path, sweepIntervalMs: 0 });
      expect(() => openSqliteStore({ path, sweepIntervalMs: 0 })).toThrow(/is in use by another running instance.*set REDIS_URL/);
      await first.close();
      const again = openSqliteStore({ path, sweepIntervalMs: 0 });
      await again.close();
    }));

  it("that is not a database, or cannot be created, is refused with a clear message", () =>
    withDir((dir) => {
      const notDb = join(dir, "notes.txt");
      writeFileSync(notDb, "these are notes, not a database ".repeat(200));
      expect(() => openSqliteStore({ path: notDb })).toThrow(StateFileError);
      expect(() => openSqliteStore({ path: notDb })).toThrow(/is not a SQLite database/);
      const fileAsFolder = join(dir, "file");
      writeFileSync(fileAsFolder, "x");
      expect(() => openSqliteStore({ path: join(fileAsFolder, "bot.db") })).toThrow(/STATE_DB: cannot create the folder .* \((EEXIST|ENOTDIR)\)/);
    }));

  it("sweeps expired entries, and the files shrink back: 100,000 expired entries go", () =>
    withDir(async (dir) => {
      let clock = Date.parse("2026-11-22T00:00:00Z");
      const path = join(dir, "bot.db");
      const size = () => statSync(path).size + safeSize(`${path}-wal`);
      const store = openSqliteStore({ path, now: () => clock, sweepIntervalMs: 0 });
      await store.kv.set("keeper", "stays", 10 * 60_000);
      const empty = size();
      for (let i = 0; i < 100_000; i++) await store.kv.set(`button:${i}`, `TX-${i},TX-${i + 1}`, 60_000);
      const full = size();
      expect(full).toBeGreaterThan(empty + 2_000_000);
      clock += 120_000;
      expect(store.sweep()).toBe(100_000);
      expect(await store.kv.get("keeper")).toBe("stays");
      expect(size()).toBeLessThan(empty + (full - empty) * 0.1);
      await store.close();
    }), 60_000);

  it("sweeps on its own, on a timer", () =>
    withDir(async (dir) => {
      const store = openSqliteStore({ path: join(dir, "bot.db"), sweepIntervalMs: 50 });
      await store.kv.set("soon", "gone", 10);
      await store.kv.set("later", "stays", 60_000);
      expect(store.entries()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(store.entries()).toBe(1);
      await store.close();
    }));
});

function safeSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
