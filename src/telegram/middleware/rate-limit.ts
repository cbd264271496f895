import type { MiddlewareFn } from "grammy";
import type { Counters, KeyValueStore } from "../../state/ports.ts";
import type { BotContext } from "../context.ts";
import type { SendingPolicy } from "../transport/retry.ts";
import { isCommandMessage } from "../message-command.ts";
import { inTopic, topicOf } from "../topic.ts";

export interface RateLimitSettings {
  windowSeconds: number;
  /** What one user may spend per window: enquiries, and at least 1 per request. */
  maxCost: number;
}

export interface RateLimitOptions extends RateLimitSettings {
  counters: Counters;
  kv: KeyValueStore;
  sending: SendingPolicy;
}

/** What a request may spend: features call it once they know what they will ask the service. */
/**
 * A per-user budget that counts what requests cost the shared service token, not updates: one
 * `/status` of 20 IDs costs 40. Any command, button press or private message costs at least 1;
 * an inline query only the enquiries it makes; plain chatter in a group costs nothing. Anonymous admins and "send as channel" users are
 * counted by the chat they speak as, not the one bot account Telegram shows for all of them.
 * Counters live in the state store, so with Redis the limit holds across instances.
 */
export function rateLimit({ counters, kv, windowSeconds, maxCost, sending }: RateLimitOptions): MiddlewareFn<BotContext> {
  const windowMs = windowSeconds * 1000;
  return async (ctx, next) => {
    const bucket = ctx.message?.sender_chat?.id ?? ctx.from?.id;
    const isRequest = ctx.callbackQuery !== undefined || ctx.inlineQuery !== undefined || (ctx.message !== undefined && (ctx.chat?.type === "private" || isCommandMessage(ctx)));
    if (bucket === undefined || !isRequest) {
      ctx.budget = { spend: async () => false };
      return next();
    }
    const key = `rate:${bucket}`;
    const charge = async (cost: number) => {
      const spent = await counters.spend(key, cost, maxCost, windowMs);
      if (spent.granted) return true;
      ctx.logger.info({ bucket, cost, used: spent.used, limit: maxCost }, "rate limit reached");
      const slot = sending.bestEffortSlot();
      if (!slot) return false;
      try {
        if (await kv.setIfAbsent(`rate-told:${bucket}`, "1", Math.max(1, spent.resetInMs))) await tellToSlowDown(ctx, sending);
      } finally {
        slot.release();
      }
      return false;
    };
    // An inline query is sent at every keystroke: it costs only the enquiries it ends up making.
    const upfront = ctx.inlineQuery ? 0 : 1;
    if (upfront > 0 && !(await charge(upfront))) return;
    let charged = upfront;
    ctx.budget = {
      spend: async (cost) => {
        const more = Math.max(0, cost - charged);
        if (more === 0) return true;
        if (!(await charge(more))) return false;
        charged += more;
        return true;
      },
    };
    return next();
  };
}

/** Best effort: someone flooding the bot gets one notice, never a retried one. */
async function tellToSlowDown(ctx: BotContext, sending: SendingPolicy): Promise<void> {
  try {
    if (ctx.callbackQuery) {
      await ctx.api.raw.answerCallbackQuery(sending.bestEffort({ callback_query_id: ctx.callbackQuery.id, text: ctx.t("toast-slow-down") }));
    } else if (ctx.inlineQuery) {
      await ctx.api.raw.answerInlineQuery(
        sending.bestEffort({ inline_query_id: ctx.inlineQuery.id, results: [], cache_time: 5, is_personal: true, button: { text: ctx.t("inline-slow-down-button"), start_parameter: "help" } }),
      );
    } else if (ctx.message) {
      await ctx.api.raw.sendMessage(
        sending.bestEffort({
          chat_id: ctx.message.chat.id,
          text: ctx.t("slow-down"),
          reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true },
          ...inTopic(topicOf(ctx.message)),
        }),
      );
    }
  } catch (error) {
    ctx.logger.debug({ err: error }, "slow-down notice not delivered");
  }
}
