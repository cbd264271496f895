import type { Journal } from "../../state/journal.ts";
import { isFinalStatus, NOT_FOUND, paymentKey } from "./entry.ts";
import { rangeEntries } from "./read-range.ts";

/** The history's line of the daily summary. */
export interface HistoryFigures {
  /** Answers people asked for within the summary's day (background checks are not counted). */
  checks: number;
  /** How many people asked them. */
  people: number;
  /** Payments asked about the day before it whose status as last known is still not final: 24 hours or more without settling. */
  open: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Payments whose latest status is read at a time: one round trip each. */
const LATEST_BATCH = 500;

/**
 * The figures for the day `from`–`to`, read from the journal page by page (the summary is sent
 * once a day, beside the updates). "Still not final after 24 hours" is measured on the payments
 * asked about in the 24 hours before `from`: each was asked at least a day before the summary.
 * A payment the service never knew is not counted as open: that is a mistyped ID, not a payment stuck.
 */
export async function historyFigures(journal: Journal, from: number, to: number): Promise<HistoryFigures> {
  let checks = 0;
  const people = new Set<number>();
  for await (const entry of rangeEntries(journal, from, to)) {
    if (entry.event !== "answer" || entry.who === undefined) continue;
    checks++;
    people.add(entry.who.id);
  }
  const earlier = new Set<string>();
  for await (const entry of rangeEntries(journal, from - DAY_MS, from)) if (entry.event === "answer") earlier.add(paymentKey(entry.kind, entry.transactionId));
  let open = 0;
  const payments = [...earlier];
  for (let start = 0; start < payments.length; start += LATEST_BATCH) {
    const latest = await journal.latest(payments.slice(start, start + LATEST_BATCH));
    for (const status of latest.values()) if (status !== NOT_FOUND && !isFinalStatus(status)) open++;
  }
  return { checks, people: people.size, open };
}
