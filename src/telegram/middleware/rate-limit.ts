import { limit } from "@grammyjs/ratelimiter";
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";

export interface RateLimitSettings {
  windowSeconds: number;
  maxRequests: number;
}

/**
 * Per-user limit (grammY's ratelimiter): past `maxRequests` in a window, the user is told to slow
 * down once; further updates in that window are dropped silently, so a flood never becomes a
 * flood of replies.
 */
export function rateLimit({ windowSeconds, maxRequests }: RateLimitSettings): MiddlewareFn<BotContext> {
  return limit<BotContext, never>({
    timeFrame: windowSeconds * 1000,
    limit: maxRequests,
    keyGenerator: (ctx) => ctx.from?.id.toString(),
    // The plugin returns this promise to grammY, which awaits it like any middleware.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onLimitExceeded: async (ctx) => {
      ctx.logger.info({ userId: ctx.from?.id, chatId: ctx.chat?.id }, "rate limit reached");
      if (ctx.callbackQuery) {
        await ctx.answerCallbackQuery({ text: ctx.t("toast-slow-down") });
      } else if (ctx.message) {
        await ctx.reply(ctx.t("slow-down"), {
          reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
        });
      }
    },
  });
}
