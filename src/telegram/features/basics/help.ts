import { Composer } from "grammy";
import { isAdmin, type AccessLists } from "../../../access/policy.ts";
import type { BotContext } from "../../context.ts";
import { commands } from "../../views/commands.ts";
import { formatHelp } from "../../views/format/help.ts";
import { formatIdentity } from "../../views/format/identity.ts";
import { concat } from "../../views/format/text.ts";

/** /start and /help: what the bot does, how to ask (and, for admins, what they may do), and the IDs an admin needs. */
export function helpFeature(lists: Pick<AccessLists, "adminUserIds">, options: { cases?: boolean } = {}): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.command([commands.start.name, commands.help.name], async (ctx) => {
    const help = formatHelp(ctx.t, { chatType: ctx.chat.type, botUsername: ctx.me.username, admin: isAdmin(lists, ctx.from?.id), cases: options.cases === true });
    const message = concat([help, formatIdentity({ userId: ctx.from?.id, chatId: ctx.chat.id }, ctx.t)], "\n\n");
    await ctx.reply(message.text, { entities: message.entities, link_preview_options: { is_disabled: true } });
  });
  return composer;
}
