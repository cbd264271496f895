import { setTimeout as sleep } from "node:timers/promises";
import type { Counters } from "../state/ports.ts";

/**
 * The background enquiry budget (ENQUIRY_MAX_PER_SECOND): watches and bulk checks share it, so
 * that however much waits, the provider sees at most that many background enquiries in any
 * second, evenly spread. With Redis, every instance shares it. Places go round the consumers
 * that wait (the watch scheduler, each bulk job), one each in turn: two big files cannot starve
 * the watches, however many enquiries each keeps queued.
 * Interactive commands never come here: they are never queued behind background work.
 */
export interface BackgroundBudget {
  /** A consumer of its own, with its own turn in the rotation. */
  consumer(): BudgetConsumer;
  /** How many are waiting for the budget now, all consumers together. */
  readonly waiting: number;
}

export interface BudgetConsumer {
  /** Resolves once one enquiry may be made (this consumer's waiters in the order they asked); rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
}

const KEY = "budget:background";
/**
 * Places are handed out smoothly, a twentieth of a second's worth at a time, rather than a whole
 * second's worth at once: a burst would queue for connections and reach the provider bunched, and
 * bunching is what makes a 1 s window the provider measures overflow. The 5 % margin absorbs the
 * few milliseconds by which requests reach the provider unevenly.
 */
const SLICES_PER_SECOND = 20;
const MARGIN = 1.05;

/** The sliding window the shared counter keeps: `limit` places per `windowMs`. */
export function budgetWindow(perSecond: number): { limit: number; windowMs: number } {
  const limit = Math.max(1, Math.floor(perSecond / SLICES_PER_SECOND));
  return { limit, windowMs: Math.ceil((MARGIN * 1000 * limit) / perSecond) };
}
/** While the store cannot answer, wait this long before asking again. */
const STORE_TROUBLE_WAIT_MS = 1_000;

interface Waiter {
  grant: () => void;
}

/**
 * One pump per process asks the shared counter for a place at a time and hands places out, a
 * thousand waiters costing no more store calls than one. `turns` holds the queues of consumers
 * that wait, the next to be served first: a served queue goes to the back.
 */
export function backgroundBudget(counters: Counters, perSecond: number): BackgroundBudget {
  const { limit, windowMs } = budgetWindow(perSecond);
  const turns: Waiter[][] = [];
  let waiting = 0;
  let pumping = false;

  const leave = (queue: Waiter[], waiter: Waiter) => {
    const at = queue.indexOf(waiter);
    if (at < 0) return;
    queue.splice(at, 1);
    waiting--;
    if (queue.length === 0) turns.splice(turns.indexOf(queue), 1);
  };

  /** The next consumer's first waiter, the consumer sent to the back of the rotation. */
  const next = (): Waiter | undefined => {
    const queue = turns.shift();
    const waiter = queue?.shift();
    if (!queue || !waiter) return undefined;
    waiting--;
    if (queue.length > 0) turns.push(queue);
    return waiter;
  };

  async function pump(): Promise<void> {
    pumping = true;
    try {
      while (waiting > 0) {
        let retryInMs: number;
        try {
          const taken = await counters.take(KEY, limit, windowMs);
          if (taken.granted) {
            // Waiters that gave up meanwhile have left their queues: whoever is next gets the place.
            next()?.grant();
            continue;
          }
          retryInMs = taken.retryInMs;
        } catch {
          // The store away: asked again a second later (the outage is reported once, by the store).
          retryInMs = STORE_TROUBLE_WAIT_MS;
        }
        await sleep(retryInMs);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    get waiting() {
      return waiting;
    },
    consumer() {
      const queue: Waiter[] = [];
      return {
        acquire(signal) {
          if (signal?.aborted) return Promise.reject(signal.reason as Error);
          return new Promise<void>((resolve, reject) => {
            const abandon = () => {
              leave(queue, waiter);
              reject(signal?.reason as Error);
            };
            // Callers share long-lived signals (the scheduler's, a bulk job's): a granted place must
            // let go of its listener, or every enquiry ever made would stay attached to the signal.
            const waiter: Waiter = {
              grant: () => {
                signal?.removeEventListener("abort", abandon);
                resolve();
              },
            };
            signal?.addEventListener("abort", abandon, { once: true });
            if (queue.length === 0) turns.push(queue);
            queue.push(waiter);
            waiting++;
            if (!pumping) void pump();
          });
        },
      };
    },
  };
}
