import { FormattedString } from "@grammyjs/parse-mode";
import { Composer } from "grammy";
import { isAllowed, type AccessPolicy } from "../../payments/access.ts";
import type { BotContext } from "../context.ts";
import { concat } from "../views/format/text.ts";
import { formatIdentity } from "../views/format/identity.ts";

/** /whoami answers everyone, allowed or not: it is how a new agent tells an admin what to add. */
export function whoamiFeature(policy: AccessPolicy): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command("whoami", async (ctx) => {
    const allowed = isAllowed(policy, ctx.chat, ctx.from?.id);
    const message = concat(
      [
        formatIdentity({ userId: ctx.from?.id, chatId: ctx.chat.id, chatType: ctx.chat.type }, ctx.t),
        new FormattedString(ctx.t(allowed ? "whoami-allowed" : "whoami-not-allowed")),
      ],
      "\n\n",
    );
    await ctx.reply(message.text, {
      entities: message.entities,
      reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true },
    });
  });
  return composer;
}
