import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killRecordedGroups, REGISTRY_VARIABLE } from "./child-processes.ts";

/**
 * Runs once around the whole test run: a registry of the process groups tests start, and a check
 * at the end that fails the run if any of them is still alive (after killing it).
 */
export default function setup(): () => Promise<void> {
  const registry = mkdtempSync(join(tmpdir(), "test-processes-"));
  process.env[REGISTRY_VARIABLE] = registry;
  return async () => {
    const survivors = await killRecordedGroups(registry, undefined, 0);
    rmSync(registry, { recursive: true, force: true });
    if (survivors.length > 0) throw new Error(`processes started by tests were still running after the run (now killed):\n${survivors.join("\n")}`);
  };
}
