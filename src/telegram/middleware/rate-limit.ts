import type { Context, MiddlewareFn } from "grammy";
import type { Counters, KeyValueStore, Spend, SpendRequest } from "../../state/ports.ts";
import type { Paid } from "../transport/update-claims.ts";
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
  /** What a request is known to cost before any feature runs (a check command's enquiries): charged at once, in full. */
  knownCost?: (ctx: Context) => number | undefined;
  /** What was spent with the update's claim (`upfrontCharge`, one round trip for both), when it was. */
  paidWithClaim?: (updateId: number) => Paid | undefined;
}

/**
 * What a request costs before any feature runs, and from whose budget (undefined for what is not
 * counted): what it is known to cost (`knownCost`: a check command's enquiries), and at least 1
 * for any command, button press or private message; an inline query nothing (it is sent at every
 * keystroke: only the enquiries it ends up making count).
 */
export function upfrontCharge(ctx: Context, { windowSeconds, maxCost }: RateLimitSettings, knownCost?: number): SpendRequest | undefined {
  const request = requestOf(ctx, knownCost);
  return request && { key: budgetKey(request.bucket), cost: request.upfront, limit: maxCost, windowMs: windowSeconds * 1000 };
}

function requestOf(ctx: Context, knownCost: number | undefined): { bucket: number; upfront: number } | undefined {
  const bucket = ctx.message?.sender_chat?.id ?? ctx.from?.id;
  const isRequest = ctx.callbackQuery !== undefined || ctx.inlineQuery !== undefined || (ctx.message !== undefined && (ctx.chat?.type === "private" || isCommandMessage(ctx)));
  return bucket === undefined || !isRequest ? undefined : { bucket, upfront: ctx.inlineQuery ? 0 : Math.max(1, knownCost ?? 1) };
}

const budgetKey = (bucket: number) => `rate:${bucket}`;

/**
 * A per-user budget that counts what requests cost the shared service token, not updates: one
 * `/status` of 20 IDs costs 40, charged whole before it runs (and refused whole, spending nothing,
 * when it does not fit). Any command, button press or private message costs at least 1;
 * an inline query only the enquiries it makes; plain chatter in a group costs nothing. Anonymous admins and "send as channel" users are
 * counted by the chat they speak as, not the one bot account Telegram shows for all of them.
 * Counters live in the state store, so with Redis the limit holds across instances.
 */
export function rateLimit({ counters, kv, windowSeconds, maxCost, sending, knownCost, paidWithClaim }: RateLimitOptions): MiddlewareFn<BotContext> {
  const windowMs = windowSeconds * 1000;
  return async (ctx, next) => {
    const request = requestOf(ctx, knownCost?.(ctx));
    if (request === undefined) {
      ctx.budget = { spend: async () => false };
      return next();
    }
    const { bucket } = request;
    const paid = request.upfront > 0 ? paidWithClaim?.(ctx.update.update_id) : undefined;
    const upfront = paid?.cost ?? request.upfront;
    /** True when granted; when not, tells the person to slow down: a press each time, anything else once per window. */
    const granted = async (spent: Spend, cost: number) => {
      if (spent.granted) return true;
      ctx.logger.info({ bucket, cost, used: spent.used, limit: maxCost }, "rate limit reached");
      const slot = sending.bestEffortSlot();
      if (!slot) return false;
      try {
        // A press left unanswered spins on, and its toast is seen by the presser alone: each is answered.
        if (ctx.callbackQuery || (await kv.setIfAbsent(`rate-told:${bucket}`, "1", Math.max(1, spent.resetInMs)))) await tellToSlowDown(ctx, sending);
      } finally {
        slot.release();
      }
      return false;
    };
    const charge = async (cost: number) => granted(await counters.spend(budgetKey(bucket), cost, maxCost, windowMs), cost);
    // Spent with the update's claim when it was claimed here (polling) or by the webhook's receiver.
    if (upfront > 0 && !(paid ? await granted(paid.spend, upfront) : await charge(upfront))) return;
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
