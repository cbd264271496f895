import { Composer } from "grammy";
import type { BotContext } from "../../context.ts";

/**
 * Last in line: anything else sent in a private chat (a sticker, a voice note, a location) gets a
 * short hint of what the bot understands, rather than silence.
 */
export function unhandledFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.chatType("private").on("message", async (ctx) => {
    await ctx.reply(ctx.t("unhandled-hint"), { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } });
  });
  return composer;
}
