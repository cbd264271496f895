import type { Logger } from "../../logger.ts";
import type { Journal } from "../../state/journal.ts";
import type { EnquiryOutcome } from "../enquiry/types.ts";
import { isCancelled } from "../enquiry/types.ts";
import { encodeEntry, paymentKey, saidOf, statusOf, type HistoryEntry, type HistoryHow, type HistoryPerson, type HistoryPlace } from "./entry.ts";
import { retentionMs } from "./retention.ts";

/**
 * Where every answer and event about a payment is recorded: one function, injected into whatever
 * answers (the checks, inline answers, bulk checks, watches, cases, receipts). It never waits and
 * never throws: the entry is written in the background, after the reply, and a failure is logged.
 */
export interface HistoryRecorder {
  /** Whether anything is kept (HISTORY_DAYS is not 0). */
  readonly on: boolean;
  record(entry: HistoryEntry): void;
}

/** Background checks (a watch's, a case's) are entries only when they change the payment's status. */
const BACKGROUND: ReadonlySet<HistoryHow> = new Set(["watch", "case"]);

/** HISTORY_DAYS=0: nothing is kept, nothing is written. */
export const NO_HISTORY: HistoryRecorder = { on: false, record: () => undefined };

export function createHistoryRecorder({ journal, days, logger }: { journal: Journal; days: number; logger: Logger }): HistoryRecorder {
  if (days <= 0) return NO_HISTORY;
  const keepMs = retentionMs(days);
  /** Told once while writing fails, again once it works: a store away must not fill the log. */
  let failing = false;
  return {
    on: true,
    record(entry) {
      const status = entry.event === "answer" ? statusOf(entry.said) : undefined;
      journal
        .append({
          at: entry.at,
          payment: paymentKey(entry.kind, entry.transactionId),
          person: entry.who && String(entry.who.id),
          status,
          onlyIfChanged: entry.event === "answer" && BACKGROUND.has(entry.how),
          data: encodeEntry(entry),
          retentionMs: keepMs,
        })
        .then(
          () => {
            if (failing) logger.info("history entries are written again");
            failing = false;
          },
          (error: unknown) => {
            if (!failing) logger.warn({ err: error }, "a history entry could not be written; entries are lost until the store answers");
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
