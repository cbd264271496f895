import { Composer } from "grammy";
import type { BotContext } from "../../context.ts";
import { commands } from "../../views/commands.ts";
import { formatWhoami } from "../../views/format/identity.ts";
import { topicOfUpdate } from "../../topic.ts";

/**
 * /whoami for people allowed here (strangers are answered by the access gate, once per window):
 * it is how an agent tells an admin which IDs to add, for a new group say.
 */
export function whoamiFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command(commands.whoami.name, async (ctx) => {
    const message = formatWhoami({ userId: ctx.from?.id, chatId: ctx.chat.id, chatType: ctx.chat.type, threadId: topicOfUpdate(ctx) }, true, ctx.t);
    await ctx.reply(message.text, {
      entities: message.entities,
      reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true },
    });
  });
  return composer;
}
