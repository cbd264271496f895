import { GrammyError, HttpError, type BotError } from "grammy";
import type { Logger } from "../logger.ts";
import { StateUnavailableError } from "../state/ports.ts";
import type { BotContext } from "./context.ts";

/**
 * The last line of defence: an error that escaped a handler is logged once, with the update it
 * belongs to (and the feature it escaped from, at a feature's error boundary), and the bot
 * carries on. Users never see it.
 */
export function handleBotError(fallbackLogger: Logger, feature?: string) {
  return (error: BotError<BotContext>): void => {
    const logger = (error.ctx as Partial<BotContext>).logger ?? fallbackLogger;
    const context = { updateId: error.ctx.update.update_id, chatId: error.ctx.chat?.id, ...(feature === undefined ? {} : { feature }) };
    const cause = error.error;
    if (cause instanceof GrammyError) {
      // 403: the user blocked the bot or left the chat; nothing to retry, nothing to fix.
      const level = cause.error_code === 403 ? "warn" : "error";
      logger[level]({ ...context, method: cause.method, code: cause.error_code, description: cause.description }, "Telegram refused a call");
    } else if (cause instanceof HttpError) {
      logger.error({ ...context, err: cause.message }, "could not reach Telegram");
    } else {
      logger.error({ ...context, err: cause }, "update handler failed");
    }
  };
}

/**
 * A feature's error boundary (its presses' too: buttons/router.ts): a failure is logged once,
 * naming the feature, and the update ends there. The state store away is no failure of the
 * feature's: it goes on up to `storeOutage`, which tells the person so.
 */
export function featureFailed(name: string, logger: Logger) {
  const log = handleBotError(logger, name);
  return (error: BotError<BotContext>): void => {
    if (error.error instanceof StateUnavailableError) throw error.error;
    log(error);
  };
}
