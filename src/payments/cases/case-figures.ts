import type { CaseStore } from "./case-store.ts";

/** Cases as /health (for admins) and the daily summary show them. */
export interface CaseFigures {
  /** Open now, all instances together. */
  open: number;
  /** When the oldest open case opened. */
  oldestOpenedAt: number | undefined;
  /** Opened and resolved within the stretch asked about (today, or the summary's day), counted by the hour. */
  opened: number;
  resolved: number;
}

export async function caseFigures(store: Pick<CaseStore, "openCases" | "counts">, from: number, to: number): Promise<CaseFigures> {
  const [open, counts] = await Promise.all([store.openCases(), store.counts(from, to)]);
  const started = [...open.values()];
  return { open: open.size, oldestOpenedAt: started.length > 0 ? Math.min(...started) : undefined, ...counts };
}
