import type { Said } from "../../../payments/history/entry.ts";
import { BoundedMap } from "../../../util/bounded-map.ts";

/** A timeline as one reader was shown it: its pages of lines, and the status it ends with. */
export interface ShownTimeline {
  pages: string[][];
  status: string | undefined;
  lastSaid: Said | undefined;
}

/** ◀ ▶ within this long of /history turn the pages already made. */
const KEPT_MS = 60_000;
/**
 * Timelines kept at once: a timeline of 10,000 entries is a few hundred pages, under a megabyte
 * of text; a handful of readers paging through at the same time is the common case.
 */
const MOST_KEPT = 16;

/**
 * The timelines just shown, for their ◀ ▶: reading and folding 10,000 entries again for each
 * press would cost what /history did. /history itself always reads the store, and a press more
 * than a minute later too; the key holds all a timeline's text depends on (who reads, where, what
 * they may see, their language, the payment).
 */
export function shownPages(now: () => number) {
  const kept = new BoundedMap<string, { shown: ShownTimeline; at: number }>(MOST_KEPT);
  return {
    get(key: string): ShownTimeline | undefined {
      const found = kept.get(key);
      if (found && now() - found.at < KEPT_MS) return found.shown;
      kept.delete(key);
      return undefined;
    },
    set(key: string, shown: ShownTimeline): void {
      // A single page has no ◀ ▶ to press.
      if (shown.pages.length > 1) kept.set(key, { shown, at: now() });
    },
  };
}
