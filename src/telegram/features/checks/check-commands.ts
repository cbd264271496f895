import { Composer } from "grammy";
import { queryCost, type Query } from "../../../payments/query.ts";
import { idsAskedFor, usageText } from "../../asked-ids.ts";
import type { BotContext } from "../../context.ts";
import { checkCommands } from "../../views/commands.ts";
import { askerOf, replyWithAnswer, type AnswerDependencies } from "../send-answer.ts";

/**
 * /collection, /airtime and /status, with one or several IDs, or none when replying to a message
 * that holds them. Exactly one reply per command, as a reply to it.
 */
export function checkCommandsFeature(deps: AnswerDependencies): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  for (const { command, scope } of checkCommands) {
    composer.command(command.name, async (ctx) => {
      const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
      const parsed = idsAskedFor(ctx);
      if (parsed.type !== "ids") {
        await ctx.reply(usageText(ctx, `/${command.name}`, parsed), { reply_parameters: replyParameters });
        return;
      }
      const query: Query = { scope, ids: parsed.ids };
      if (!(await ctx.budget.spend(queryCost(query)))) return;
      const results = await deps.checker.run(query, askerOf(ctx, "command"));
      await replyWithAnswer(ctx, deps, query, results, replyParameters);
    });
  }
  return composer;
}
