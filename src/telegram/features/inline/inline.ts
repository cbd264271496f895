import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Composer, type InlineKeyboard } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import { isFinal } from "../../../payments/enquiry/types.ts";
import { parseIds } from "../../../payments/parse-ids.ts";
import { queryCost, relevantOutcomes, type Query } from "../../../payments/query.ts";
import type { BotContext } from "../../context.ts";
import type { PostedInlineButtons } from "../../stores/posted-inline-buttons.ts";
import { formatAnswer } from "../../views/format/answer-text.ts";
import { markerOf, shortOutcomeText } from "../../views/format/outcome.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { scopeLabel } from "../watches/watch-format.ts";
import { BoundedMap } from "../../../util/bounded-map.ts";
import { answerKeyboard } from "../../views/keyboards.ts";
import { INLINE_CACHE_SECONDS } from "../../views/inline-cache.ts";
import { article, hint } from "./inline-results.ts";
import { askerOf, type AnswerDependencies } from "../send-answer.ts";
import { recordAnswers } from "../history/asked-by.ts";

/** An inline query must be answered within Telegram's time; enquiries get this long (commands get ENQUIRY_TOTAL_TIMEOUT_MS). */
export const INLINE_ENQUIRY_BUDGET_MS = 6_000;
/**
 * Telegram sends an inline query at every keystroke. A query waits this long before making any
 * enquiry: if the same person has typed on meanwhile, it is answered empty and costs nothing.
 */
export const INLINE_SETTLE_MS = 300;

/**
 * `@YourBot TX-1` in any chat: a result for each kind that knows each ID, titled with the marker
 * and the ID, its description the status and MNO reference. Choosing one posts the full answer
 * (with 🔄 Refresh while it is not final: the bot cannot write to that chat later, so no 🔔). The
 * person decides access (inline queries have no chat), results are personal and barely cached.
 */
export interface InlineFeatureOptions extends AnswerDependencies {
  /** Remembers the buttons of what is posted, so that presses on posted answers can be checked. */
  posted: PostedInlineButtons;
}

export function inlineFeature(deps: InlineFeatureOptions): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  // Each person's latest query, in this process (with several webhook instances, per instance).
  const latest = new BoundedMap<number, string>(10_000);
  // With inline feedback on (BotFather's /setinlinefeedback), Telegram says which result went where.
  composer.on("chosen_inline_result", async (ctx) => {
    const { result_id: resultId, inline_message_id: inlineMessageId, from } = ctx.chosenInlineResult;
    if (inlineMessageId !== undefined) await deps.posted.posted(resultId, from.id, inlineMessageId);
  });
  composer.on("inline_query", async (ctx) => {
    const answer = (results: InlineQueryResultArticle[]) => ctx.answerInlineQuery(results, { cache_time: INLINE_CACHE_SECONDS, is_personal: true });
    const parsed = parseIds(ctx.inlineQuery.query);
    if (parsed.type !== "ids") {
      await answer([hint(ctx, parsed.type === "missing")]);
      return;
    }
    const query: Query = { scope: "status", ids: parsed.ids };
    const userId = ctx.from.id;
    const mine = ctx.inlineQuery.id;
    latest.set(userId, mine);
    const superseded = () => latest.get(userId) !== mine;
    await sleep(INLINE_SETTLE_MS);
    if (superseded()) {
      await answer([]);
      return;
    }
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    const results = await deps.checker.run(query, askerOf(ctx, "inline"), { deadline: AbortSignal.timeout(INLINE_ENQUIRY_BUDGET_MS) });
    if (superseded()) {
      await answer([]);
      return;
    }
    const articles: InlineQueryResultArticle[] = [];
    // No 🔔 under a message posted through inline mode: the bot could not write there later.
    const formatting = { adminAlerted: deps.adminAlerted, clock: deps.clock, provider: deps.providerStatus?.(), canWatch: false, numbers: ctx.numbers };
    for (const result of results) {
      const shown = relevantOutcomes(result);
      if (shown.length === 0) {
        // Neither kind knows it: one result, the answer /status would give.
        const message = formatAnswer("status", [result], ctx.t, formatting);
        articles.push(article(resultId(), `🔍 ${result.id}`, ctx.t("outcome-not-found"), message.message, undefined));
        continue;
      }
      for (const outcome of shown) {
        const single: Query = { scope: outcome.kind, ids: [result.id] };
        const message = formatAnswer(outcome.kind, [{ id: result.id, outcomes: [outcome] }], ctx.t, formatting);
        const keyboard = isFinal(outcome) ? undefined : await answerKeyboard(single, ctx.t, deps.buttons, undefined);
        const description =
          outcome.type === "found"
            ? [cleanServiceText(outcome.transaction.status, 40), outcome.transaction.mnoTransactionId ? `MNO ${cleanServiceText(outcome.transaction.mnoTransactionId, 60)}` : ""].filter(Boolean).join(" · ")
            : shortOutcomeText(outcome, ctx.t);
        const id = resultId();
        if (keyboard) await deps.posted.offered(id, ctx.from.id, keyboardData(keyboard));
        articles.push(article(id, `${markerOf(outcome)} ${scopeLabel(outcome.kind, ctx.t)} ${result.id}`, description, message.message, keyboard));
      }
    }
    await answer(articles);
    recordAnswers(ctx, deps.history, "inline", results);
  });
  return composer;
}

/** Unique, so that the result Telegram says was posted is the one offered to this person. */
const resultId = () => randomBytes(12).toString("base64url");

function keyboardData(keyboard: InlineKeyboard): string[] {
  return keyboard.inline_keyboard.flat().flatMap((button) => ("callback_data" in button ? [button.callback_data] : []));
}
