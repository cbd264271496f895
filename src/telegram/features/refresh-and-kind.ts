import { Composer } from "grammy";
import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import { queryCost } from "../../payments/query.ts";
import type { BotContext } from "../context.ts";
import { tolerateHarmless } from "../transport/errors.ts";
import { decodeButton } from "../buttons/answer-buttons.ts";
import { askerOf, editToAnswer, type AnswerDependencies } from "./send-answer.ts";

/**
 * Refresh (re-check an answer that was not final) and the kind picked for bare IDs. Either way
 * the message is edited in place and the press always gets a short toast. Other buttons (watches)
 * go on to their own feature.
 */
export function buttonsFeature(deps: AnswerDependencies): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("callback_query:data", async (ctx, next) => {
    const decoded = await decodeButton(ctx.callbackQuery.data, deps.buttons);
    if (decoded.type === "ok" && decoded.payload.action !== "refresh" && decoded.payload.action !== "ask") return next();
    if (decoded.type !== "ok" || !decoded.payload.ids.every(isValidTransactionId)) {
      await tolerateHarmless(ctx.answerCallbackQuery(decoded.type === "expired" ? { text: ctx.t("toast-expired") } : {}), ctx.logger);
      return;
    }
    const { action, scope, ids } = decoded.payload;
    const query = { scope, ids };
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const refresh = action === "refresh";
    const results = await deps.checker.run(query, askerOf(ctx, refresh ? "refresh" : "button"), { fresh: refresh });
    const before = ctx.callbackQuery.message?.text;
    const answer = await editToAnswer(ctx, deps, query, results);
    const changed = !refresh || withoutCheckedLine(before) !== withoutCheckedLine(answer.message.text);
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(changed ? "toast-updated" : "toast-unchanged") }), ctx.logger);
  });
  return composer;
}

/** An answer's last paragraph is the time of the check, which changes on every refresh. */
function withoutCheckedLine(text: string | undefined): string | undefined {
  return text?.slice(0, Math.max(0, text.lastIndexOf("\n\n")));
}
