import type { InlineKeyboard } from "grammy";
import type { InlineQueryResultArticle, MessageEntity } from "grammy/types";
import type { BotContext } from "../../context.ts";

export function article(id: string, title: string, description: string, message: { text: string; entities: MessageEntity[] }, keyboard: InlineKeyboard | undefined): InlineQueryResultArticle {
  return {
    type: "article",
    id,
    title,
    description,
    input_message_content: { message_text: message.text, entities: message.entities, link_preview_options: { is_disabled: true } },
    ...(keyboard ? { reply_markup: keyboard } : {}),
  };
}

/** An empty or invalid query: one result that says what to type, and no enquiry. */
export function hint(ctx: BotContext, empty: boolean): InlineQueryResultArticle {
  const bot = ctx.me.username;
  return {
    type: "article",
    id: "hint",
    title: ctx.t(empty ? "inline-hint-title" : "inline-invalid-title"),
    description: ctx.t(empty ? "inline-hint-description" : "inline-invalid-description"),
    input_message_content: { message_text: ctx.t("inline-hint-message", { bot }) },
  };
}
