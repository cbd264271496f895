import { setTimeout as sleep } from "node:timers/promises";
import type { Counters } from "../state/ports.ts";

/**
 * The background enquiry budget (ENQUIRY_MAX_PER_SECOND): watches now, bulk checks too, share it,
 * so that however much waits, the provider sees at most that many background enquiries in any
 * second, evenly spread. With Redis, every instance shares it.
 * Interactive commands never come here: they are never queued behind background work.
 */
export interface BackgroundBudget {
  /** Resolves once one enquiry may be made, first come first served; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** How many are waiting for the budget now. */
  readonly waiting: number;
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
  signal: AbortSignal | undefined;
}

/**
 * One pump per process asks the shared counter for a place at a time and hands places out in
 * order, so a thousand waiters cost no more store calls than one.
 */
export function backgroundBudget(counters: Counters, perSecond: number): BackgroundBudget {
  const { limit, windowMs } = budgetWindow(perSecond);
  const queue: Waiter[] = [];
  let pumping = false;

  async function pump(): Promise<void> {
    pumping = true;
    try {
      while (queue.length > 0) {
        const first = queue[0];
        if (first?.signal?.aborted) {
          queue.shift();
          continue;
        }
        let retryInMs: number;
        try {
          const taken = await counters.take(KEY, limit, windowMs);
          if (taken.granted) {
            queue.shift()?.grant();
            continue;
          }
          retryInMs = taken.retryInMs;
        } catch {
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
      return queue.length;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      return new Promise<void>((resolve, reject) => {
        const abandon = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(signal?.reason as Error);
        };
        // Callers share long-lived signals (the scheduler's, a bulk job's): a granted place must
        // let go of its listener, or every enquiry ever made would stay attached to the signal.
        const waiter: Waiter = {
          grant: () => {
            signal?.removeEventListener("abort", abandon);
            resolve();
          },
          signal,
        };
        signal?.addEventListener("abort", abandon, { once: true });
        queue.push(waiter);
        if (!pumping) void pump();
      });
    },
  };
}
