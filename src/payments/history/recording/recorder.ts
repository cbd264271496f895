import type { Logger } from "../../../logger.ts";
import type { Journal } from "../../../state/journal.ts";
import { StateUnavailableError } from "../../../state/ports.ts";
import { isCancelled, type EnquiryOutcome } from "../../enquiry/types.ts";
import { relevantOutcomes, type IdResult } from "../../query.ts";
import { encodeEntry, paymentKey, saidOf, statusOf, type HistoryEntry, type HistoryHow, type HistoryPerson, type HistoryPlace } from "../entry.ts";
import { retentionMs } from "../retention.ts";

/**
 * Where every answer and event about a payment is recorded: one function, injected into whatever
 * answers (the checks, inline answers, bulk checks, watches, cases, receipts). It never waits and
 * never throws: the entry is written in the background, after the reply, and a failure is logged.
 */
export interface HistoryRecorder {
  /** Whether anything is kept (HISTORY_DAYS is not 0). */
  readonly on: boolean;
  /** `onlyIfChanged`: a background check (a watch's, a case's), an entry only when it changes the payment's status. */
  record(entry: HistoryEntry, options?: { onlyIfChanged?: boolean }): void;
}

/** HISTORY_DAYS=0: nothing is kept, nothing is written. */
export const NO_HISTORY: HistoryRecorder = { on: false, record: () => undefined };

export function createHistoryRecorder({ journal, days, logger }: { journal: Journal; days: number; logger: Logger }): HistoryRecorder {
  if (days <= 0) return NO_HISTORY;
  const keepMs = retentionMs(days);
  /** Told once while writing fails, again once it works: a store away must not fill the log. */
  let failing = false;
  return {
    on: true,
    record(entry, options) {
      // An answer tells the payment's status, and so does a receipt made (what the provider said, a minute ago at most).
      const status = entry.event === "answer" || entry.event === "receipt-made" ? statusOf(entry.said) : undefined;
      journal
        .append({
          at: entry.at,
          payment: paymentKey(entry.kind, entry.transactionId),
          person: entry.who && String(entry.who.id),
          status,
          onlyIfChanged: entry.event === "answer" && options?.onlyIfChanged === true,
          data: encodeEntry(entry),
          retentionMs: keepMs,
        })
        .then(
          () => {
            if (failing) logger.info("history entries are written again");
            failing = false;
          },
          (error: unknown) => {
            // A store that is away is already told once, as an outage that names the history; a
            // write refused by a store that answers is the history's own failure.
            if (!failing) {
              if (error instanceof StateUnavailableError) logger.info("history entries are not kept while the store is away");
              else logger.warn({ err: error }, "a history entry could not be written; entries are lost until the store answers");
            }
            failing = true;
          },
        );
    },
  };
}

/** The entries of answers given at once (one per outcome; an enquiry given up is none). */
export function answerEntries(outcomes: readonly EnquiryOutcome[], context: { at: number; how: HistoryHow; who?: HistoryPerson | undefined; where?: HistoryPlace | undefined }): HistoryEntry[] {
  return outcomes
    .filter((outcome) => !isCancelled(outcome))
    .map((outcome) => ({ at: context.at, event: "answer", kind: outcome.kind, transactionId: outcome.transactionId, said: saidOf(outcome), who: context.who, where: context.where, how: context.how }));
}

/** The entries of a query's answers: for each ID, the outcomes shown (both kinds when neither knows it). */
export function resultEntries(results: readonly IdResult[], context: Parameters<typeof answerEntries>[1]): HistoryEntry[] {
  return results.flatMap((result) => {
    const shown = relevantOutcomes(result);
    return answerEntries(shown.length > 0 ? shown : result.outcomes, context);
  });
}
