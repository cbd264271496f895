import { autoRetry } from "@grammyjs/auto-retry";
import type { Transformer } from "grammy";

export interface SendingPolicy {
  /** Installed on the bot's API: retries sends, never getUpdates and never best-effort sends. */
  transformer: Transformer;
  /**
   * Marks a payload as best effort (a reply to a stranger, a "slow down" notice): sent once, with
   * no retry, so that a flood answered with 429s never holds a runner slot while waiting.
   * Use it with `api.raw.*`, which hands the payload object itself to the transformers.
   */
  bestEffort<T extends object>(payload: T): T;
}

/**
 * auto-retry for every call but getUpdates and best-effort sends: 429s are waited out and
 * 5xx/network failures retried. Polling has its own, faster retry loop in the runner; retrying it
 * here as well would stack auto-retry's long backoff onto it and leave the bot deaf for minutes
 * after a short outage.
 */
export function sendingPolicy(): SendingPolicy {
  const retry = autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 });
  const bestEffortPayloads = new WeakSet<object>();
  return {
    transformer: (prev, method, payload, signal) =>
      method === "getUpdates" || bestEffortPayloads.has(payload) ? prev(method, payload, signal) : retry(prev, method, payload, signal),
    bestEffort: (payload) => {
      bestEffortPayloads.add(payload);
      return payload;
    },
  };
}
