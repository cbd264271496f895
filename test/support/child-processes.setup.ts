import { afterAll } from "vitest";
import { killRecordedGroups, REGISTRY_VARIABLE, startedHere } from "./child-processes.ts";

/**
 * After each test file, even one that failed or timed out: whatever it started and did not stop
 * is killed, and the file fails, so that a test which forgets to stop a process is noticed.
 */
afterAll(async () => {
  const registry = process.env[REGISTRY_VARIABLE];
  if (!registry || startedHere.size === 0) return;
  const survivors = await killRecordedGroups(registry, (pid) => startedHere.has(pid));
  startedHere.clear();
  if (survivors.length > 0) throw new Error(`a test left processes running (now killed):\n${survivors.join("\n")}`);
});
