import { BotError, type Bot } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../../logger.ts";
import { BoundedMap } from "../../util/bounded-map.ts";
import type { BotContext } from "../context.ts";
import { ALLOWED_UPDATES } from "../create-bot.ts";

/** Points Telegram at our webhook, with the secret it must send back and the updates we handle. */
export async function setWebhook(bot: Bot<BotContext>, url: string, secret: string, logger: Logger): Promise<void> {
  await bot.api.setWebhook(url, { secret_token: secret, allowed_updates: ALLOWED_UPDATES });
  logger.info({ url: new URL(url).origin }, "webhook set");
}

/**
 * Handles updates that arrive by webhook, after the HTTP request has been acknowledged. Telegram
 * re-sends an update it believes was not delivered; a redelivery is recognised and dropped, so
 * nobody gets the same answer twice.
 */
export function webhookUpdateHandler(bot: Bot<BotContext>, logger: Logger): (update: { update_id: number }) => void {
  const seen = new BoundedMap<number, true>(10_000);
  return (update) => {
    if (seen.has(update.update_id)) {
      logger.info({ updateId: update.update_id }, "update delivered again; ignored");
      return;
    }
    seen.set(update.update_id, true);
    bot.handleUpdate(update as Update).catch(async (error: unknown) => {
      if (error instanceof BotError) await bot.errorHandler(error as BotError<BotContext>);
      else logger.error({ err: error, updateId: update.update_id }, "update could not be handled");
    });
  };
}
