import type { Logger } from "../logger.ts";
import type { HistoryPerson, HistoryPlace } from "./history/entry.ts";
import { isCancelled, type EnquiryKind, type EnquiryOutcome, type EnquiryService, type OutcomeType } from "./enquiry/types.ts";
import { kindsFor, runQuery, type IdResult, type Query } from "./query.ts";

/** What triggered an enquiry. */
export type Via = "command" | "refresh" | "button" | "inline" | "watch" | "bulk" | "receipt" | "verify";

/** One line of the audit trail: who asked what, and what came of it. Never holds a token. */
export interface EnquiryRecord {
  time: string;
  userId: number | undefined;
  chatId: number | undefined;
  kind: EnquiryKind;
  transactionId: string;
  outcome: OutcomeType;
  /** `transaction.status` as the service sent it, when it answered. */
  paymentStatus: string | undefined;
  latencyMs: number;
  via: Via;
}

export type EnquiryListener = (record: EnquiryRecord, outcome: EnquiryOutcome) => void;

/**
 * Everyone who wants to know about enquiries (metrics, the audit trail, the admin alert) listens
 * here; the checker publishes. Built once, before anything that publishes or listens.
 */
export interface EnquiryEvents {
  publish: EnquiryListener;
  subscribe(listener: EnquiryListener): void;
}

export function createEnquiryEvents(): EnquiryEvents {
  const listeners: EnquiryListener[] = [];
  return {
    publish: (record, outcome) => {
      for (const listener of listeners) listener(record, outcome);
    },
    subscribe: (listener) => void listeners.push(listener),
  };
}

/** Who is asking, for the record. */
export interface Asker {
  userId: number | undefined;
  chatId: number | undefined;
  via: Via;
  /** The person asking and the chat, as the history names them (a chat knows them; a background check has none). */
  person?: HistoryPerson | undefined;
  place?: HistoryPlace | undefined;
  /** Bound to what triggered it (an update, a watch), so every line carries its context. */
  logger: Logger;
}

export interface Checker {
  /**
   * Runs every enquiry a query needs, logging and publishing each one. With a `deadline`, an
   * enquiry still waiting when it aborts counts as "no answer in time" (an inline answer cannot
   * wait as long as a chat reply); the request itself goes on, for anyone sharing it. With a
   * `signal`, the asker gives up when it aborts (a cancelled bulk check): enquiries not yet made
   * are not made, and those given up come back as cancelled, neither logged nor published.
   */
  run(query: Query, asker: Asker, options?: { fresh?: boolean; deadline?: AbortSignal; signal?: AbortSignal }): Promise<IdResult[]>;
  /** Starts reading the cached answers a query is about to ask for (see `EnquiryService.readAhead`): its run takes them. */
  readAhead(query: Query): void;
}

export interface CheckerOptions {
  enquiry: EnquiryService;
  events: EnquiryEvents;
  /** Mark each enquiry's log line as the audit record (when there is no separate audit file). */
  auditInLog: boolean;
}

export function createChecker({ enquiry, events, auditInLog }: CheckerOptions): Checker {
  return {
    readAhead: (query) => {
      for (const id of query.ids) for (const kind of kindsFor(query.scope)) enquiry.readAhead?.(kind, id);
    },
    run: (query, asker, { fresh = false, deadline, signal } = {}) =>
      runQuery(query, async (kind, transactionId) => {
        const started = performance.now();
        const asked = enquiry.enquire(kind, transactionId, { fresh, ...(signal ? { signal } : {}) });
        const outcome = deadline ? await withinDeadline(asked, deadline, kind, transactionId) : await asked;
        if (isCancelled(outcome)) return outcome;
        const record: EnquiryRecord = {
          time: new Date().toISOString(),
          userId: asker.userId,
          chatId: asker.chatId,
          kind,
          transactionId,
          outcome: outcome.type,
          paymentStatus: outcome.type === "found" ? outcome.transaction.status : undefined,
          latencyMs: Math.round(performance.now() - started),
          via: asker.via,
        };
        // pino stamps the line itself; a second "time" key would make it ambiguous JSON.
        const { time: _time, ...fields } = record;
        asker.logger.info(auditInLog ? { audit: true, ...fields } : fields, "enquiry");
        events.publish(record, outcome);
        return outcome;
      }),
  };
}

/**
 * The enquiry's outcome, or a timeout outcome once the deadline aborts, whichever comes first. The
 * listener goes as soon as the enquiry answers: one deadline is shared by every ID and kind of an
 * inline query, and would otherwise gather a listener for each.
 */
function withinDeadline(asked: Promise<EnquiryOutcome>, deadline: AbortSignal, kind: EnquiryKind, transactionId: string): Promise<EnquiryOutcome> {
  let expire: (() => void) | undefined;
  const timeout = new Promise<EnquiryOutcome>((resolve) => {
    expire = () => resolve({ kind, transactionId, checkedAt: new Date(), type: "timeout" });
    if (deadline.aborted) expire();
    else deadline.addEventListener("abort", expire, { once: true });
  });
  return Promise.race([asked, timeout]).finally(() => expire && deadline.removeEventListener("abort", expire));
}
