import type { MiddlewareFn } from "grammy";
import type { MaybeInaccessibleMessage } from "grammy/types";
import type { BotContext } from "../context.ts";
import { tolerateHarmless } from "../transport/errors.ts";

/**
 * Button data comes from the client and can be forged: a press is acted on only when the message
 * it was pressed on carries that very button. Telegram sends a message's keyboard with each press
 * on it; for messages posted through inline mode, the keyboard the bot posted is remembered. Any
 * other press (a forged Refresh for another ID, a 🔔 on a /help message, a 🔄 added to a bulk
 * progress message) gets a toast and changes nothing.
 */
export function genuinePresses(posted: { carries(inlineMessageId: string, data: string): Promise<boolean> }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const press = ctx.callbackQuery;
    if (press?.data === undefined) return next();
    const genuine = press.message ? carries(press.message, press.data) : press.inline_message_id !== undefined && (await posted.carries(press.inline_message_id, press.data));
    if (genuine) return next();
    ctx.logger.info({ userId: press.from.id, chatId: press.message?.chat.id, inline: press.message === undefined }, "button press refused: the button is not on its message");
    const text = press.message ? ctx.t("toast-stale-button") : ctx.t("toast-inline-unverified", { bot: ctx.me.username });
    await tolerateHarmless(ctx.answerCallbackQuery({ text }), ctx.logger);
  };
}

function carries(message: MaybeInaccessibleMessage, data: string): boolean {
  const keyboard = "reply_markup" in message ? message.reply_markup?.inline_keyboard : undefined;
  return keyboard?.some((row) => row.some((button) => "callback_data" in button && button.callback_data === data)) ?? false;
}
