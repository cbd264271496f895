import { Composer } from "grammy";
import { extractIds } from "../../../payments/parse-ids.ts";
import type { BotContext } from "../../context.ts";
import { answerButtons } from "../../buttons/answer-buttons.ts";
import { type ButtonStore } from "../../stores/button-store.ts";
import { commands } from "../../views/commands.ts";
import { kindKeyboard } from "../../views/keyboards.ts";
import { usageText } from "../../asked-ids.ts";

/**
 * In a private chat, a message with IDs in it (one alone, a pasted block, or "is TX-1234 paid?")
 * gets a choice of enquiry; one word that is not an ID gets what an ID looks like, and anything
 * else a short hint of what the bot understands, rather than silence. Commands are not for here.
 */
export function bareIdsFeature(buttons: ButtonStore): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.chatType("private").on("message:text", async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    if (ctx.msg.text.startsWith("/")) return;
    const parsed = extractIds(ctx.msg.text);
    if (parsed.type === "missing" && /\s/.test(ctx.msg.text.trim())) {
      await ctx.reply(ctx.t("unhandled-hint"), { reply_parameters: replyParameters });
      return;
    }
    if (parsed.type !== "ids") {
      await ctx.reply(usageText(ctx, `/${commands.collection.name}`, parsed.type === "missing" ? { type: "invalid" } : parsed), { reply_parameters: replyParameters });
      return;
    }
    const { ids } = parsed;
    const button = (scope: "collection" | "airtime" | "status") => answerButtons.encode({ action: "pickKind", scope, ids }, buttons);
    const keyboard = await kindKeyboard(ctx.t, button);
    const question = ids.length === 1 ? ctx.t("pick-kind") : ctx.t("pick-kind-many", { count: String(ids.length) });
    await ctx.reply(question, { reply_parameters: replyParameters, reply_markup: keyboard });
  });
  return composer;
}
