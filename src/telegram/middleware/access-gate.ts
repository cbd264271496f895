import type { MiddlewareFn } from "grammy";
import { isAllowed, type AccessPolicy } from "../../payments/access.ts";
import { BoundedMap } from "../../util/bounded-map.ts";
import type { BotContext } from "../context.ts";
import { isCommandForOtherBot } from "./command-target.ts";

/**
 * Lets allowed chats through and stops everyone else before any work is done. A stranger gets
 * one polite refusal that tells them the ID an admin needs, then silence; a button press gets a
 * toast. Group chatter that is not a command is ignored without a word.
 */
export function accessGate(policy: AccessPolicy): MiddlewareFn<BotContext> {
  const refused = new BoundedMap<string, true>(10_000);
  return async (ctx, next) => {
    if (isAllowed(policy, ctx.chat, ctx.from?.id)) return next();

    const chat = ctx.chat;
    const userId = ctx.from?.id;
    if (ctx.callbackQuery) {
      ctx.logger.info({ chatId: chat?.id, userId }, "button press refused: not allowed here");
      await ctx.answerCallbackQuery({ text: ctx.t("toast-not-allowed") });
      return;
    }
    const message = ctx.message;
    if (!message || !chat || userId === undefined) return;
    const isCommand = message.entities?.[0]?.type === "bot_command" && message.entities[0].offset === 0;
    if (chat.type !== "private" && !isCommand) return;
    if (isCommandForOtherBot(ctx)) return;

    const key = `${chat.id}:${userId}`;
    if (refused.has(key)) return;
    refused.set(key, true);
    ctx.logger.info({ chatId: chat.id, userId, chatType: chat.type }, "refused: not allowed here");
    const text =
      chat.type === "private"
        ? ctx.t("access-denied-private", { userId: String(userId) })
        : ctx.t("access-denied-group", { chatId: String(chat.id) });
    await ctx.reply(text, { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } });
  };
}
