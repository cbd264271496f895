const DAY_MS = 24 * 60 * 60 * 1000;

/** HISTORY_DAYS as milliseconds. */
export const retentionMs = (days: number): number => days * DAY_MS;

/** Entries older than this are removed: `days` before `now` (the whole history kept for `days` days). */
export const historyCutoff = (now: number, days: number): number => now - retentionMs(days);

/**
 * Entries removed a batch at a time: each batch a few milliseconds, so nothing waits behind it.
 * In SQLite a removal is synchronous and touches the pages of three indexes per entry: 500 at a
 * time held the event loop about 20 ms in a million entries (`npm run bench -- --only history`),
 * 100 about 4. At one batch every 50 ms that still removes some 1,800 entries a second.
 */
export const REMOVAL_BATCH = 100;

/**
 * When the next removal comes: at once while a full batch went (more is waiting), else in a few
 * minutes (what becomes old meanwhile is a few minutes' worth).
 */
export function nextRemovalIn(removed: number, batch = REMOVAL_BATCH): number {
  return removed >= batch ? 50 : 5 * 60_000;
}
