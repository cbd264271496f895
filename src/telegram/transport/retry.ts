import { autoRetry } from "@grammyjs/auto-retry";
import type { Transformer } from "grammy";

export interface SendingPolicy {
  /** Installed on the bot's API: retries sends, never getUpdates and never best-effort sends. */
  transformer: Transformer;
  /**
   * Marks a payload as best effort (a reply to a stranger, a "slow down" notice): sent once, with
   * no retry, so that a flood answered with 429s never holds a runner slot while waiting. After a
   * 429, best-effort sends are not even attempted until Telegram's `retry_after` has passed.
   * Use it with `api.raw.*`, which hands the payload object itself to the transformers.
   */
  bestEffort<T extends object>(payload: T): T;
  /**
   * A place for one best-effort reply, or undefined: none while Telegram's retry_after runs, and
   * none while a few are already being prepared or sent (a flood of strangers then gets silence,
   * not a queue). The caller releases it once done, sent or not.
   */
  bestEffortSlot(): { release(): void } | undefined;
}

/** Best-effort sends on their way at once, at most. */
const BEST_EFFORT_IN_FLIGHT = 8;

/**
 * auto-retry for every call but getUpdates and best-effort sends: 429s are waited out and
 * 5xx/network failures retried. Polling has its own, faster retry loop in the runner; retrying it
 * here as well would stack auto-retry's long backoff onto it and leave the bot deaf for minutes
 * after a short outage.
 */
export function sendingPolicy(now: () => number = Date.now): SendingPolicy {
  const retry = autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 });
  const bestEffortPayloads = new WeakSet<object>();
  let bestEffortPausedUntil = 0;
  let bestEffortInFlight = 0;
  const sendBestEffort: Transformer = async (prev, method, payload, signal) => {
    const waitMs = bestEffortPausedUntil - now();
    if (waitMs > 0) {
      // Telegram already asked the bot to slow down: adding to the flood would only prolong it.
      return { ok: false, error_code: 429, description: "Too Many Requests: best-effort sends paused", parameters: { retry_after: Math.ceil(waitMs / 1000) } };
    }
    const response = await prev(method, payload, signal);
    const retryAfter = response.ok ? undefined : response.parameters?.retry_after;
    if (retryAfter !== undefined) bestEffortPausedUntil = Math.max(bestEffortPausedUntil, now() + retryAfter * 1000);
    return response;
  };
  return {
    transformer: (prev, method, payload, signal) => {
      if (method === "getUpdates") return prev(method, payload, signal);
      if (bestEffortPayloads.has(payload)) return sendBestEffort(prev, method, payload, signal);
      return retry(prev, method, payload, signal);
    },
    bestEffort: (payload) => {
      bestEffortPayloads.add(payload);
      return payload;
    },
    bestEffortSlot: () => {
      if (bestEffortPausedUntil > now() || bestEffortInFlight >= BEST_EFFORT_IN_FLIGHT) return undefined;
      bestEffortInFlight++;
      let released = false;
      return {
        release: () => {
          if (!released) bestEffortInFlight--;
          released = true;
        },
      };
    },
  };
}
