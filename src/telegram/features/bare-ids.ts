import { Composer, InlineKeyboard } from "grammy";
import { bareIds } from "../../payments/parse-ids.ts";
import type { BotContext } from "../context.ts";
import { encodeButton } from "../views/callback-data.ts";
import { type ButtonStore } from "../stores/button-store.ts";
import { commands } from "../views/commands.ts";
import { usageText } from "./check-commands.ts";

/**
 * In a private chat, a message that is only an ID (or a pasted block of IDs) gets a choice of
 * enquiry; anything else gets a short hint rather than silence.
 */
export function bareIdsFeature(buttons: ButtonStore): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.chatType("private").on("message:text", async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    const parsed = ctx.msg.text.startsWith("/") ? ({ type: "missing" } as const) : bareIds(ctx.msg.text);
    if (parsed.type !== "ids") {
      await ctx.reply(usageText(ctx, `/${commands.collection.name}`, parsed), { reply_parameters: replyParameters });
      return;
    }
    const { ids } = parsed;
    const button = (scope: "collection" | "airtime" | "status") => encodeButton({ action: "ask", scope, ids }, buttons);
    const keyboard = new InlineKeyboard()
      .text(ctx.t("button-collection"), await button("collection"))
      .text(ctx.t("button-airtime"), await button("airtime"))
      .text(ctx.t("button-both"), await button("status"));
    const question = ids.length === 1 ? ctx.t("pick-kind") : ctx.t("pick-kind-many", { count: String(ids.length) });
    await ctx.reply(question, { reply_parameters: replyParameters, reply_markup: keyboard });
  });
  return composer;
}
