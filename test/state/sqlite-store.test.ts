import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { StateUnavailableError } from "../../src/state/ports.ts";
import { IN_MEMORY, StateFileError } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { describeStateContract } from "./contract.ts";
import { sqliteInFile, sqliteInMemory } from "./contract-stores.ts";
import { describeReceiptContract } from "./receipt-contract.ts";

describeStateContract("SQLite, in memory", sqliteInMemory);
describeReceiptContract("SQLite, in memory", sqliteInMemory);
describeStateContract("SQLite, in a file", sqliteInFile("state-contract"));

describe("the SQLite file", () => {
  const withDir = async (test: (dir: string) => Promise<void> | void) => {
    const dir = mkdtempSync(join(tmpdir(), "state-file-"));
    try {
      await test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("says it is not shared: one instance per file", async () => {
    const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    expect(store.shared).toBe(false);
    await store.close();
  });

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
      await vi.waitFor(() => expect(store.entries()).toBe(1), { timeout: 1_000, interval: 20 });
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

/** A real full disk: a 2 MB tmpfs, where this machine lets a test mount one (root, as CI is). */
const mountTmpfs = (dir: string) => execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", dir], { stdio: "ignore" });
const canMount = (() => {
  const dir = mkdtempSync(join(tmpdir(), "tmpfs-probe-"));
  try {
    mountTmpfs(dir);
    execFileSync("umount", ["-l", dir]);
    return true;
  } catch {
    process.stderr.write("SKIPPED full-disk tests: this machine does not let a test mount a tmpfs (needs root).\n");
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

/** Fills the disk up: what is left is less than a page. */
function fillDisk(path: string): void {
  const chunk = Buffer.alloc(16 * 1024);
  for (;;) {
    try {
      appendFileSync(path, chunk);
    } catch {
      break;
    }
  }
  for (;;) {
    try {
      appendFileSync(path, Buffer.alloc(512));
    } catch {
      return;
    }
  }
}

describe.skipIf(!canMount)("the SQLite file on a full disk", () => {
  it("fails its calls as an outage (never a crash), says so once, and recovers by itself when space returns", async () => {
    const dir = mkdtempSync(join(tmpdir(), "full-disk-"));
    mountTmpfs(dir);
    const events: string[] = [];
    const store = openSqliteStore({ path: join(dir, "bot.db"), sweepIntervalMs: 0, availability: { lost: (reason) => events.push(`lost: ${reason}`), back: () => events.push("back") } });
    try {
      await store.kv.set("before", "kept", 60_000);
      await new Promise((resolve) => setImmediate(resolve));
      fillDisk(join(dir, "filler"));
      // Writes go on until a grouped commit meets the full disk, outside any call.
      for (let i = 0; i < 2_000 && store.health().status === "ok"; i++) {
        await store.kv.set(`value:${i}`, "x".repeat(2_000), 60_000).catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(store.health()).toMatchObject({ status: "degraded", reason: expect.stringMatching(/STATE_DB cannot be written \(SQLITE_(FULL|IOERR)/) });
      expect(events).toEqual([expect.stringMatching(/^lost: STATE_DB cannot be written/)]);
      await expect(store.kv.get("before")).rejects.toBeInstanceOf(StateUnavailableError);
      await expect(store.schedules.size("watch-checks")).rejects.toBeInstanceOf(StateUnavailableError);

      rmSync(join(dir, "filler"));
      await vi.waitFor(() => expect(store.health()).toEqual({ status: "ok" }), { timeout: 8_000, interval: 100 });
      expect(events).toHaveLength(2);
      expect(events[1]).toBe("back");
      expect(await store.kv.get("before")).toBe("kept");
      await store.kv.set("after", "written", 60_000);
      expect(await store.kv.get("after")).toBe("written");
    } finally {
      await store.close().catch(() => undefined);
      // Lazily: libsql lets go of the file only once its statements are garbage-collected.
      execFileSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe("the SQLite file deleted under the running bot", () => {
  it("is noticed: the lock is taken again, what the bot held is written back, and the operators are told once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deleted-file-"));
    const path = join(dir, "data", "bot.db");
    const lost: string[] = [];
    const store = openSqliteStore({ path, sweepIntervalMs: 0, fileCheckMs: 50, onFileLost: (reason) => lost.push(reason) });
    try {
      await store.kv.set("watch:collection:TX-1", "a watch", 60_000);
      await new Promise((resolve) => setImmediate(resolve));
      // `rm -rf data/`: the file, its journal and its lock.
      rmSync(join(dir, "data"), { recursive: true, force: true });
      mkdirSync(join(dir, "data"));
      await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 2_000 });
      expect(lost[0]).toMatch(/was deleted while the bot ran; what it held was written back at .*: restart the bot to use that copy/);
      expect(store.health()).toEqual({ status: "degraded", reason: lost[0] });
      expect(existsSync(path)).toBe(true);
      // One instance per file still: a second one is refused.
      expect(() => openSqliteStore({ path, sweepIntervalMs: 0 })).toThrow(/is in use by another running instance/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lost).toHaveLength(1);
    } finally {
      await store.close();
    }
    // After a restart, the copy holds what the bot had.
    const restarted = openSqliteStore({ path, sweepIntervalMs: 0 });
    expect(await restarted.kv.get("watch:collection:TX-1")).toBe("a watch");
    await restarted.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
