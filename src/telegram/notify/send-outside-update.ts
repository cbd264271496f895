import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import { classifySendFailure } from "../transport/errors.ts";

/** Telegram's wait is waited out up to this long; a longer one gives the message up. */
const LONGEST_WAIT_SECONDS = 30;
const ATTEMPTS = 3;
/** After a network failure or a 5xx, the next try comes this much later. */
const UNAVAILABLE_PAUSE_MS = 1_000;

/**
 * Sends a message that must arrive, from outside any update (a bulk check's summary and report,
 * an admin alert), in at most three tries: a 429 is waited out, a group that became a supergroup
 * is followed to its new ID, a network failure or a 5xx tried again a second later; anything else
 * (or still failing) is logged once, with why, and given up. Returns the chat it went to, or
 * undefined when it did not go.
 */
export async function sendOutsideUpdate(what: string, chatId: number, send: (chatId: number) => Promise<unknown>, logger: Logger): Promise<number | undefined> {
  let to = chatId;
  for (let attempt = 1; ; attempt++) {
    try {
      await send(to);
      return to;
    } catch (error) {
      const failure = classifySendFailure(error);
      const retry =
        attempt < ATTEMPTS && (failure.type === "migrated" || failure.type === "unavailable" || (failure.type === "rate_limited" && failure.retryAfterSeconds <= LONGEST_WAIT_SECONDS));
      if (!retry) {
        logger[failure.type === "unavailable" || failure.type === "rate_limited" ? "warn" : "error"]({ chatId: to, failure: failure.type, description: failure.description }, `could not send ${what}`);
        return undefined;
      }
      if (failure.type === "migrated") to = failure.newChatId;
      else if (failure.type === "rate_limited") await sleep(failure.retryAfterSeconds * 1000);
      else if (failure.type === "unavailable") await sleep(UNAVAILABLE_PAUSE_MS);
    }
  }
}
