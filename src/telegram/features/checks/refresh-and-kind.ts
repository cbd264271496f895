import type { Query } from "../../../payments/query.ts";
import { queryCost } from "../../../payments/query.ts";
import type { PressContext, Presses } from "../../buttons/router.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { askerOf, editToAnswer, type AnswerDependencies } from "../send-answer.ts";

/**
 * 🔄 Refresh (re-check an answer that was not final) and the kind picked for IDs sent alone
 * (Collection / Airtime / Both). Either way the message is edited in place and the press always
 * gets a short toast.
 */
export function refreshAndKindPresses(presses: Presses, deps: AnswerDependencies): void {
  const answer = async (ctx: PressContext, query: Query, refresh: boolean) => {
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const results = await deps.checker.run(query, askerOf(ctx, refresh ? "refresh" : "button"), { fresh: refresh });
    const before = ctx.callbackQuery.message?.text;
    const shown = await editToAnswer(ctx, deps, query, results, refresh ? "refresh" : "bare-id");
    const changed = !refresh || withoutCheckedLine(before) !== withoutCheckedLine(shown.message.text);
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t(changed ? "toast-updated" : "toast-unchanged") }), ctx.logger);
  };
  presses.on("refresh", (ctx, { scope, ids }) => answer(ctx, { scope, ids }, true));
  presses.on("pickKind", (ctx, { scope, ids }) => answer(ctx, { scope, ids }, false));
}

/** An answer's last paragraph is the time of the check, which changes on every refresh. */
function withoutCheckedLine(text: string | undefined): string | undefined {
  return text?.slice(0, Math.max(0, text.lastIndexOf("\n\n")));
}
