import { setTimeout as sleep } from "node:timers/promises";
import { BotError, type Bot } from "grammy";
import type { Update } from "grammy/types";
import type { WebhookTransport } from "../../config/areas/telegram.ts";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { ALLOWED_UPDATES } from "./allowed-updates.ts";
import { startupCall } from "./startup-calls.ts";
import type { ClaimAlong, UpdateClaims } from "./update-claims.ts";

/** Points Telegram at our webhook, with the secret it must send back and the updates we handle. */
export async function setWebhook(bot: Bot<BotContext>, webhook: WebhookTransport, logger: Logger): Promise<void> {
  await startupCall("setWebhook", () => bot.api.setWebhook(webhook.url, { secret_token: webhook.secret, allowed_updates: ALLOWED_UPDATES }));
  logger.info({ url: new URL(webhook.url).origin }, "webhook set");
}

/** 200: Telegram may forget the update. 503: it must deliver it again later. */
export type WebhookVerdict = "acknowledge" | "retry_later";

export interface WebhookReceiverOptions {
  bot: Bot<BotContext>;
  claims: UpdateClaims;
  logger: Logger;
  /** False before the bot has started and once it is stopping: updates are then left with Telegram. */
  accepting: () => boolean;
  /** Telegram is answered when handling ends, or after this long at the latest (the claim covers the rest). */
  acknowledgeWithinMs: number;
  maxConcurrent: number;
  /** What goes to the store with each update's claim, in its round trip (the rate limit's charge, cached answers read ahead). */
  along?: (update: Update) => ClaimAlong;
}

/**
 * Takes webhook updates so that an acknowledged update is never lost and never answered twice:
 * acknowledged only once handled (or once handling has run for `acknowledgeWithinMs`, so that a
 * slow service never makes Telegram time out), refused with 503 while the bot cannot handle it,
 * and claimed across instances, so a redelivery to another instance is recognised.
 */
export function webhookReceiver(options: WebhookReceiverOptions): { receive(update: Update): Promise<WebhookVerdict>; readonly inFlight: number } {
  const { bot, claims, logger } = options;
  let inFlight = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    async receive(update) {
      if (!options.accepting() || inFlight >= options.maxConcurrent) return "retry_later";
      inFlight++;
      const handling = claims
        .run(update.update_id, async () => {
          try {
            await bot.handleUpdate(update);
          } catch (error) {
            if (error instanceof BotError) await bot.errorHandler(error as BotError<BotContext>);
            else logger.error({ err: error, updateId: update.update_id }, "update could not be handled");
          }
        }, options.along?.(update))
        .catch((error: unknown) => {
          // The claim store failed in a way its fallback could not absorb: Telegram keeps the update.
          logger.error({ err: error, updateId: update.update_id }, "could not claim a webhook update");
          return "busy" as const;
        })
        .finally(() => inFlight--);
      const patience = new AbortController();
      const outcome = await Promise.race([
        handling,
        sleep(options.acknowledgeWithinMs, "still handling" as const, { signal: patience.signal }).catch(() => "handled" as const),
      ]);
      patience.abort();
      return outcome === "busy" ? "retry_later" : "acknowledge";
    },
  };
}
