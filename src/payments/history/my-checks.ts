import type { Journal } from "../../state/journal.ts";
import { decodeEntry, isFinalStatus, paymentKey, statusOf, type HistoryEntry } from "./entry.ts";

/** /mychecks shows this many checks a page. */
export const MY_CHECKS_PER_PAGE = 10;
/** Pages reach back this far at most (a page is read from the newest: page 100 reads 1,010 entries). */
export const MY_CHECKS_MOST_PAGES = 100;
/** The 🔄 button re-checks at most this many payments (one page's worth, as the rate limit counts them). */
export const MY_RECHECK_MOST = 10;

export interface MyCheck {
  entry: HistoryEntry;
  /** The payment's status as last known to anyone (the journal's latest), else what this check said. */
  status: string | undefined;
}

export interface MyChecksPage {
  checks: MyCheck[];
  /** Whether an older page follows. */
  more: boolean;
  /** The page shown (the last one with checks when asked past the end). */
  page: number;
}

/** A person's own checks (answers they asked for), newest first, a journal page at a time, back to `since`. */
export async function* personChecks(journal: Journal, person: number, options: { since?: number; pageSize?: number } = {}): AsyncGenerator<HistoryEntry> {
  const pageSize = options.pageSize ?? 500;
  let after: string | undefined;
  for (;;) {
    const rows = await journal.forPerson(String(person), { after, limit: pageSize });
    for (const row of rows) {
      if (options.since !== undefined && row.at < options.since) return;
      const entry = decodeEntry(row.data);
      if (entry?.event === "answer") yield entry;
    }
    if (rows.length < pageSize) return;
    after = rows.at(-1)?.cursor;
  }
}

/** One page of /mychecks: reads only as far as that page (and one check more, to know whether another follows). */
export async function readMyChecks(journal: Journal, person: number, page: number, perPage = MY_CHECKS_PER_PAGE): Promise<MyChecksPage> {
  const asked = Math.max(0, Math.min(page, MY_CHECKS_MOST_PAGES - 1));
  const wanted = (asked + 1) * perPage + 1;
  const entries: HistoryEntry[] = [];
  for await (const entry of personChecks(journal, person, { pageSize: Math.min(wanted, 1_000) })) {
    entries.push(entry);
    if (entries.length >= wanted) break;
  }
  const lastPage = Math.max(0, Math.ceil(Math.min(entries.length, wanted - 1) / perPage) - 1);
  const shown = Math.min(asked, lastPage);
  const slice = entries.slice(shown * perPage, (shown + 1) * perPage);
  const latest = await journal.latest([...new Set(slice.map((entry) => paymentKey(entry.kind, entry.transactionId)))]);
  return {
    checks: slice.map((entry) => ({ entry, status: latest.get(paymentKey(entry.kind, entry.transactionId)) ?? statusOf(entry.said) })),
    more: entries.length > (shown + 1) * perPage && shown < MY_CHECKS_MOST_PAGES - 1,
    page: shown,
  };
}

/** Whether a check's payment is worth checking again: not final as last known (not found yet, or nothing known, included). */
export const stillOpen = (check: MyCheck): boolean => !isFinalStatus(check.status);

/** The payments of a page still not final, each once, at most MY_RECHECK_MOST: what 🔄 re-checks. */
export function toRecheck(checks: readonly MyCheck[]): { kind: HistoryEntry["kind"]; id: string }[] {
  const seen = new Set<string>();
  const out: { kind: HistoryEntry["kind"]; id: string }[] = [];
  for (const check of checks) {
    const key = paymentKey(check.entry.kind, check.entry.transactionId);
    if (!stillOpen(check) || seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: check.entry.kind, id: check.entry.transactionId });
    if (out.length >= MY_RECHECK_MOST) break;
  }
  return out;
}
