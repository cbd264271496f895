import { Composer } from "grammy";
import { isAdmin, type AccessLists } from "../../access/policy.ts";
import type { BotContext } from "../context.ts";
import { commandName, isCommandForThisBot, isCommandMessage } from "../message-command.ts";
import { commandNamesFor, nearestCommand } from "../views/commands.ts";

/**
 * A command no feature took: said to be unknown, with the nearest one for a typo (/colection) and
 * the ones that check payments otherwise. In a group, only when it names this bot: a bare /foo
 * there may be for another bot. Admin commands are suggested to admins alone, and the command typed
 * is not repeated, so a non-admin learns nothing of what an admin command does.
 */
export function unknownCommandFeature(lists: Pick<AccessLists, "adminUserIds">): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("message:text").filter(
    (ctx) => isCommandMessage(ctx) && (ctx.chat.type === "private" || isCommandForThisBot(ctx)),
    async (ctx) => {
      const meant = nearestCommand(commandName(ctx) ?? "", commandNamesFor(isAdmin(lists, ctx.from.id)));
      await ctx.reply(meant ? ctx.t("unknown-command-did-you-mean", { command: `/${meant}` }) : ctx.t("unknown-command"), {
        reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true },
      });
    },
  );
  return composer;
}
