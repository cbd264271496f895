import { FormattedString } from "@grammyjs/parse-mode";
import { Composer } from "grammy";
import type { BotContext } from "../context.ts";
import { concat } from "../views/format/text.ts";
import { commands } from "../views/commands.ts";
import { formatIdentity } from "../views/format/identity.ts";

/** /start and /help: what the bot does, how to ask, and the IDs an admin needs. */
export function helpFeature(): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command([commands.start.name, commands.help.name], async (ctx) => {
    const parts = [new FormattedString(ctx.t("help"))];
    if (ctx.chat.type === "private") parts.push(new FormattedString(ctx.t("help-private-tip")));
    parts.push(new FormattedString(ctx.t("help-inline-tip", { bot: ctx.me.username })));
    parts.push(formatIdentity({ userId: ctx.from?.id, chatId: ctx.chat.id }, ctx.t));
    const message = concat(parts, "\n\n");
    await ctx.reply(message.text, { entities: message.entities, link_preview_options: { is_disabled: true } });
  });
  return composer;
}
