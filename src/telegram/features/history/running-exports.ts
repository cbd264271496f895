/**
 * The exports streaming from this instance, one per admin at a time (a 92-day export holds a store
 * cursor and an upload for minutes), and what stops them when the bot stops: each one's upload is
 * aborted and its progress message says so, rather than promising files that will not come. Kept
 * in this instance only, which is enough: an admin who reaches another instance at once can start
 * one more there, not hundreds.
 */
export interface RunningExports {
  /**
   * Takes the admin's turn, or undefined while one of theirs runs. The signal aborts when the bot
   * stops (at once for an export begun after that); `end()` once the admin has been told how it ended.
   */
  begin(admin: number): { signal: AbortSignal; end(): void } | undefined;
  /** Aborts every running export, and waits (within `withinMs`) for each to end, its admin told. */
  stop(withinMs: number): Promise<void>;
}

export function runningExports(): RunningExports {
  const runs = new Map<number, { abort: AbortController; ended: Promise<void> }>();
  let stopping = false;
  const stopReason = () => new Error("the bot is stopping");
  return {
    begin(admin) {
      if (runs.has(admin)) return undefined;
      let ended: () => void = () => undefined;
      const run = { abort: new AbortController(), ended: new Promise<void>((resolve) => (ended = resolve)) };
      if (stopping) run.abort.abort(stopReason());
      runs.set(admin, run);
      return {
        signal: run.abort.signal,
        end: () => {
          if (runs.get(admin) === run) runs.delete(admin);
          ended();
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
