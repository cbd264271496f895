/**
 * The exports streaming from this instance, one per admin at a time (a 92-day export holds a
 * store cursor and an upload for minutes), and what stops them when the bot stops: each one's
 * upload is aborted and its progress message says so, rather than promising files that will not
 * come. Kept in this instance only, which is enough: an admin who reaches another instance at
 * once can start one more there, not hundreds.
 */
export interface RunningExports {
  /** Takes the admin's turn, or undefined while one of theirs runs; the signal aborts when the bot stops. */
  begin(admin: number): { signal: AbortSignal; end(): void } | undefined;
  /** Marks the export's work (its upload, then its last word) as what stop() waits for. */
  track(admin: number, work: Promise<void>): void;
  /** Aborts every running export, and waits (within `withinMs`) for each to tell its admin. */
  stop(withinMs: number): Promise<void>;
}

export function runningExports(): RunningExports {
  const runs = new Map<number, { abort: AbortController; work: Promise<void> }>();
  return {
    begin(admin) {
      if (runs.has(admin)) return undefined;
      const run = { abort: new AbortController(), work: Promise.resolve() };
      runs.set(admin, run);
      return { signal: run.abort.signal, end: () => void (runs.get(admin) === run && runs.delete(admin)) };
    },
    track(admin, work) {
      const run = runs.get(admin);
      if (run) run.work = work;
    },
    async stop(withinMs) {
      const stopping = [...runs.values()];
      for (const run of stopping) run.abort.abort(new Error("the bot is stopping"));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(stopping.map((run) => run.work)), new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))]);
      clearTimeout(timer);
    },
  };
}
