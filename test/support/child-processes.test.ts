import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isGroupAlive, killRecordedGroups, REGISTRY_VARIABLE, signalGroup, spawnGroup } from "./child-processes.ts";

/** The harness that keeps `npm test` from leaving processes behind is itself tested. */
describe("process groups started by tests", () => {
  it("are stopped whole: the leader and what it started (as npm and the node under it)", async () => {
    const child = spawnGroup("sh", ["-c", "sleep 30 & sleep 30"], { stdio: "ignore" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isGroupAlive(child.pid ?? 0)).toBe(true);
    signalGroup(child.pid, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isGroupAlive(child.pid ?? 0)).toBe(false);
  });

  it("are found and killed when a test left them running, and reported", async () => {
    const registry = mkdtempSync(join(tmpdir(), "registry-test-"));
    const previous = process.env[REGISTRY_VARIABLE];
    process.env[REGISTRY_VARIABLE] = registry;
    try {
      const child = spawnGroup("sh", ["-c", "sleep 30 & sleep 30"], { stdio: "ignore" });
      expect(readdirSync(registry)).toEqual([String(child.pid)]);
      const survivors = await killRecordedGroups(registry, undefined, 100);
      expect(survivors).toEqual([`pid ${child.pid}: sh -c sleep 30 & sleep 30`]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(isGroupAlive(child.pid ?? 0)).toBe(false);
      expect(readdirSync(registry)).toEqual([]);
    } finally {
      process.env[REGISTRY_VARIABLE] = previous;
      rmSync(registry, { recursive: true, force: true });
    }
  });
});
