import { Composer, type InlineKeyboard } from "grammy";
import type { InlineQueryResultArticle, MessageEntity } from "grammy/types";
import { isFinal } from "../../payments/enquiry/types.ts";
import { parseIds } from "../../payments/parse-ids.ts";
import { queryCost, relevantOutcomes, type Query } from "../../payments/query.ts";
import type { BotContext } from "../context.ts";
import { formatAnswer } from "../views/format/answer.ts";
import { markerOf, shortOutcomeText } from "../views/format/outcome.ts";
import { cleanServiceText } from "../views/format/text.ts";
import { scopeLabel } from "../views/format/watch.ts";
import { answerKeyboard } from "../views/keyboards.ts";
import { askerOf, type AnswerDependencies } from "./answers.ts";

/** Telegram shows inline answers for a few seconds at most: statuses change, and results are per person. */
export const INLINE_CACHE_SECONDS = 5;
/** An inline query must be answered within Telegram's time; enquiries get this long (commands get ENQUIRY_TOTAL_TIMEOUT_MS). */
export const INLINE_ENQUIRY_BUDGET_MS = 6_000;

/**
 * `@YourBot TX-1` in any chat: a result for each kind that knows each ID, titled with the marker
 * and the ID, its description the status and MNO reference. Choosing one posts the full answer
 * (with 🔄 Refresh while it is not final: the bot cannot write to that chat later, so no 🔔). The
 * person decides access (inline queries have no chat), results are personal and barely cached.
 */
export function inlineFeature(deps: AnswerDependencies): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on("inline_query", async (ctx) => {
    const answer = (results: InlineQueryResultArticle[]) => ctx.answerInlineQuery(results, { cache_time: INLINE_CACHE_SECONDS, is_personal: true });
    const parsed = parseIds(ctx.inlineQuery.query);
    if (parsed.type !== "ids") {
      await answer([hint(ctx, parsed.type === "missing")]);
      return;
    }
    const query: Query = { scope: "status", ids: parsed.ids };
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const results = await deps.checker.run(query, askerOf(ctx, "inline"), { deadline: AbortSignal.timeout(INLINE_ENQUIRY_BUDGET_MS) });
    const articles: InlineQueryResultArticle[] = [];
    for (const result of results) {
      const shown = relevantOutcomes(result);
      if (shown.length === 0) {
        // Neither kind knows it: one result, the answer /status would give.
        const message = formatAnswer("status", [result], ctx.t, deps);
        articles.push(article(String(articles.length), `🔍 ${result.id}`, ctx.t("outcome-not-found"), message.message, undefined));
        continue;
      }
      for (const outcome of shown) {
        const single: Query = { scope: outcome.kind, ids: [result.id] };
        const message = formatAnswer(outcome.kind, [{ id: result.id, outcomes: [outcome] }], ctx.t, deps);
        const keyboard = isFinal(outcome) ? undefined : await answerKeyboard(single, ctx.t, deps.buttons, undefined);
        const description =
          outcome.type === "found"
            ? [cleanServiceText(outcome.transaction.status, 40), outcome.transaction.mnoTransactionId ? `MNO ${cleanServiceText(outcome.transaction.mnoTransactionId, 60)}` : ""].filter(Boolean).join(" · ")
            : shortOutcomeText(outcome, ctx.t);
        articles.push(article(String(articles.length), `${markerOf(outcome)} ${scopeLabel(outcome.kind, ctx.t)} ${result.id}`, description, message.message, keyboard));
      }
    }
    await answer(articles);
  });
  return composer;
}

function article(id: string, title: string, description: string, message: { text: string; entities: MessageEntity[] }, keyboard: InlineKeyboard | undefined): InlineQueryResultArticle {
  return {
    type: "article",
    id,
    title,
    description,
    input_message_content: { message_text: message.text, entities: message.entities, link_preview_options: { is_disabled: true } },
    ...(keyboard ? { reply_markup: keyboard } : {}),
  };
}

/** An empty or invalid query: one result that says what to type, and no enquiry. */
function hint(ctx: BotContext, empty: boolean): InlineQueryResultArticle {
  const bot = ctx.me.username;
  return {
    type: "article",
    id: "hint",
    title: ctx.t(empty ? "inline-hint-title" : "inline-invalid-title"),
    description: ctx.t(empty ? "inline-hint-description" : "inline-invalid-description"),
    input_message_content: { message_text: ctx.t("inline-hint-message", { bot }) },
  };
}
