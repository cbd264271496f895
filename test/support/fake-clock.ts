/**
 * A clock that moves only when the test says, for loops that take their waits as a parameter
 * (util/background-loop.ts): a wait ends when the clock reaches it, or when its signal aborts.
 */
export function fakeClock(start = 0) {
  let now = start;
  const pending: { at: number; resolve: () => void }[] = [];
  const asked: number[] = [];
  return {
    /** The time on this clock, as `Date.now` gives it. */
    now: () => now,
    /** Every wait the loop asked for, in order. */
    asked,
    /** Waits not ended yet. */
    waiting: () => pending.length,
    wait: (ms: number, signal: AbortSignal): Promise<void> => {
      asked.push(ms);
      return new Promise((resolve) => {
        if (signal.aborted) return resolve();
        const entry = { at: now + ms, resolve };
        pending.push(entry);
        signal.addEventListener("abort", () => {
          const at = pending.indexOf(entry);
          if (at >= 0) pending.splice(at, 1);
          resolve();
        });
      });
    },
    advance: (ms: number): void => {
      now += ms;
      for (const entry of pending.filter((candidate) => candidate.at <= now)) {
        pending.splice(pending.indexOf(entry), 1);
        entry.resolve();
      }
    },
  };
}

