import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where started process groups are recorded (set by the global setup, inherited by every test worker). */
export const REGISTRY_VARIABLE = "TEST_PROCESS_REGISTRY";

/** The groups this test worker started. */
export const startedHere = new Set<number>();

/**
 * Starts a command in a process group of its own and records it, so that it can be stopped
 * whole (npm, the shell it starts, and node under it) and so that nothing it started can outlive
 * the test run unnoticed.
 */
export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) startedHere.add(child.pid);
  const registry = process.env[REGISTRY_VARIABLE];
  if (registry && child.pid !== undefined) {
    mkdirSync(registry, { recursive: true });
    const entry = join(registry, String(child.pid));
    writeFileSync(entry, [command, ...args].join(" "));
    child.once("exit", () => {
      // The group may outlive its leader (a grandchild); it stays recorded until it is gone too.
      if (!isGroupAlive(child.pid ?? 0)) rmSync(entry, { force: true });
    });
  }
  return child;
}

/** Sends a signal to the whole group; harmless when it is already gone. */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Whether any process of the group is still running. Zombies do not count: they have exited, and
 * where PID 1 does not reap orphans (a container without an init) they would linger for ever.
 */
export function isGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
  } catch {
    return false;
  }
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return true;
  }
  return entries.some((entry) => {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces, so split after ")".
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return Number(fields[2]) === pid && fields[0] !== "Z";
    } catch {
      return false;
    }
  });
}

/**
 * Gives every recorded group still alive `graceMs` to finish exiting (a stop in progress), then
 * kills what is left; returns what each survivor was, for the report.
 */
export async function killRecordedGroups(registry: string, only?: (pid: number) => boolean, graceMs = 3_000): Promise<string[]> {
  let entries: string[];
  try {
    entries = readdirSync(registry).filter((entry) => !only || only(Number(entry)));
  } catch {
    return [];
  }
  const deadline = Date.now() + graceMs;
  while (entries.some((entry) => isGroupAlive(Number(entry))) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const survivors: string[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    const path = join(registry, entry);
    if (isGroupAlive(pid)) {
      survivors.push(`pid ${pid}: ${readFileSync(path, "utf8")}`);
      signalGroup(pid, "SIGKILL");
    }
    rmSync(path, { force: true });
  }
  return survivors;
}
