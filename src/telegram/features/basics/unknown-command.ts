import { Composer } from "grammy";
import { isAdmin, type AccessLists } from "../../../access/policy.ts";
import type { BotContext } from "../../context.ts";
import { commandName, isCommandForThisBot, isCommandMessage } from "../../message-command.ts";
import { commandNamesFor, nearestCommand, offFeatureOf, type OptionalFeature } from "../../views/commands.ts";

/** What each feature that is off says: that it is off here, and what turns it on. */
const OFF: Record<OptionalFeature, string> = { cases: "feature-off-cases" };

/**
 * A command no feature took: said to be unknown, with the nearest one for a typo (/colection) and
 * the ones that check payments otherwise. In a group, only when it names this bot: a bare /foo
 * there may be for another bot. Admin commands are suggested to admins alone, and the command typed
 * is not repeated, so a non-admin learns nothing of what an admin command does. A command of a
 * feature that is off here (/escalate without SUPPORT_CHAT_ID) says so, and what turns it on; only
 * commands that work here are suggested.
 */
export function unknownCommandFeature(lists: Pick<AccessLists, "adminUserIds">, featuresOn: ReadonlySet<OptionalFeature>): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("message:text").filter(
    (ctx) => isCommandMessage(ctx) && (ctx.chat.type === "private" || isCommandForThisBot(ctx)),
    async (ctx) => {
      const typed = commandName(ctx) ?? "";
      const off = offFeatureOf(typed, featuresOn);
      const meant = nearestCommand(typed, commandNamesFor(isAdmin(lists, ctx.from.id), featuresOn));
      const text = off ? ctx.t(OFF[off]) : meant ? ctx.t("unknown-command-did-you-mean", { command: `/${meant}` }) : ctx.t("unknown-command");
      await ctx.reply(text, { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } });
    },
  );
  return composer;
}
