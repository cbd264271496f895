import type { MiddlewareFn } from "grammy";
import { StateUnavailableError } from "../../state/ports.ts";
import type { BotContext } from "../context.ts";

/**
 * While the state store is away, payment checks go on (they fall back to this process's memory),
 * but what must be kept (a watch, a bulk check) cannot be done. Such a request gets a short
 * answer saying so, rather than an error: the outage itself is logged once, by the store.
 */
export function storeOutage(): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      ctx.logger.debug({ err: error }, "a request needed the state store, which is away");
      const text = ctx.t("state-unavailable");
      try {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
        else if (ctx.msg && ctx.chat) await ctx.reply(text, { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } });
      } catch (sendError) {
        ctx.logger.debug({ err: sendError }, "could not say that the state store is away");
      }
    }
  };
}
