import { randomUUID } from "node:crypto";
import type { Leases } from "../../../state/ports.ts";

/**
 * The exports streaming from this instance, one per admin at a time across every instance that
 * shares the store (a 92-day export holds a store cursor and an upload for minutes), and what stops
 * them when the bot stops: each one's upload is aborted and its progress message says so, rather
 * than promising files that will not come.
 */
export interface RunningExports {
  /**
   * Takes the admin's turn, or undefined while one of theirs runs here or on another instance. The
   * signal aborts when the bot stops (at once for an export begun after that); `end()` once the
   * admin has been told how it ended, which gives the turn back.
   */
  begin(admin: number): Promise<{ signal: AbortSignal; end(): void } | undefined>;
  /** Aborts every running export, and waits (within `withinMs`) for each to end, its admin told. */
  stop(withinMs: number): Promise<void>;
}

/** An admin's turn lapses this long after its instance stopped renewing it (it died mid-export). */
export const EXPORT_TURN_MS = 60_000;
const RENEW_EVERY_MS = EXPORT_TURN_MS / 3;

export function runningExports(leases: Leases): RunningExports {
  const runs = new Map<number, { abort: AbortController; ended: Promise<void> }>();
  let stopping = false;
  const stopReason = () => new Error("the bot is stopping");
  const turnOf = (admin: number) => `export:${admin}`;
  return {
    async begin(admin) {
      // Held here before the first await, so that two /export at once on this instance cannot both start.
      if (runs.has(admin)) return undefined;
      let ended: () => void = () => undefined;
      const run = { abort: new AbortController(), ended: new Promise<void>((resolve) => (ended = resolve)) };
      runs.set(admin, run);
      const owner = randomUUID();
      const release = () => {
        if (runs.get(admin) === run) runs.delete(admin);
        ended();
      };
      try {
        if (!(await leases.acquire(turnOf(admin), owner, EXPORT_TURN_MS))) {
          release();
          return undefined;
        }
      } catch (error) {
        release();
        throw error;
      }
      if (stopping) run.abort.abort(stopReason());
      // Renewed while the export runs; a renewal that fails (the store away) leaves the turn to lapse.
      const renewal = setInterval(() => void leases.acquire(turnOf(admin), owner, EXPORT_TURN_MS).catch(() => undefined), RENEW_EVERY_MS).unref();
      return {
        signal: run.abort.signal,
        end: () => {
          clearInterval(renewal);
          void leases.release(turnOf(admin), owner).catch(() => undefined);
          release();
        },
      };
    },
    async stop(withinMs) {
      stopping = true;
      const stopped = [...runs.values()];
      for (const run of stopped) run.abort.abort(stopReason());
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(stopped.map((run) => run.ended)), new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))]);
      clearTimeout(timer);
    },
  };
}
