import { GrammyError } from "grammy";
import type { Logger } from "../../logger.ts";

/**
 * Errors that only mean "nothing to do": editing a message to what it already says, or answering
 * a button press Telegram has already given up on.
 */
const HARMLESS = /message is not modified|query is too old|query id is invalid/i;

export function isHarmlessTelegramError(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 400 && HARMLESS.test(error.description);
}

/** Runs a Telegram call whose harmless failures are logged at debug and otherwise ignored. */
export async function tolerateHarmless<T>(call: Promise<T>, logger: Logger): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (!isHarmlessTelegramError(error)) throw error;
    logger.debug({ err: (error as GrammyError).description }, "harmless Telegram error ignored");
    return undefined;
  }
}
