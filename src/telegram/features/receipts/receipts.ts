import { Composer, InputFile } from "grammy";
import type { ReplyParameters } from "grammy/types";
import { isAdmin, type AccessPolicy } from "../../../access/policy.ts";
import type { ReceiptSettings } from "../../../config/areas/receipts.ts";
import type { Checker } from "../../../payments/check.ts";
import type { EnquiryOutcome } from "../../../payments/enquiry/types.ts";
import { receiptMadeEntry, receiptRevokedEntry } from "../../../payments/history/recording/receipt-entries.ts";
import type { HistoryRecorder } from "../../../payments/history/recording/recorder.ts";
import { queryCost, relevantOutcomes, type Query, type Scope } from "../../../payments/query.ts";
import { makeReceipt, type MakeReceiptDeps } from "../../../payments/receipts/make-receipt.ts";
import { receiptStateOf } from "../../../payments/receipts/receipt.ts";
import { revokeReceipt } from "../../../payments/receipts/verify-receipt.ts";
import type { Presses } from "../../buttons/router.ts";
import { personOf, type BotContext } from "../../context.ts";
import type { Translations } from "../../i18n.ts";
import type { ReceiptLayout } from "../../render/receipt-layout.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { commands } from "../../views/commands.ts";
import { askedIn } from "../history/asked-by.ts";
import { askerOf } from "../send-answer.ts";
import { readReceiptRequest } from "./receipt-request.ts";
import { receiptTime } from "./receipt-time.ts";
import { receiptCaption, receiptLayout, receiptLink, type ReceiptWords } from "./receipt-view.ts";

export interface ReceiptMakingDeps {
  /** The agents' own checker: a receipt is an answer to them. */
  checker: Checker;
  making: MakeReceiptDeps;
  settings: ReceiptSettings;
  timeZone: string;
  translations: Translations;
  policy: AccessPolicy;
  /** The picture (PNG) of a receipt; without one, the receipt is sent as its caption's text. */
  picture?: ((layout: ReceiptLayout) => Promise<Buffer>) | undefined;
  /** Where each receipt made (once it is sent) and revoked is recorded ("receipt made by …", "revoked by …" on its payment's timeline). */
  history?: HistoryRecorder | undefined;
}

/** A receipt's words in a language: the reader's, or the one asked for. */
export function receiptWords(translations: Translations, timeZone: string, locale: string): ReceiptWords {
  const t = translations.translatorFor(locale);
  return { t, language: locale, when: receiptTime(timeZone, t("intl-locale")) };
}

/**
 * 🧾 Receipt under a final answer, and /receipt <ID> [kind] [language]: the payment asked again
 * (unless its answer is under a minute old), and, when the provider says SUCCESS or FAILED, a
 * receipt made, kept and sent as a picture whose caption holds the same facts and the link that
 * checks it. /receipt revoke <code> is the admins'.
 */
export function receiptMakingFeature(deps: ReceiptMakingDeps, presses: Presses): Composer<BotContext> {
  presses.on("receipt", async (ctx, press) => {
    const message = ctx.callbackQuery.message;
    if (!message) return void (await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger));
    const query: Query = { scope: press.kind, ids: [press.id] };
    // The press is answered last: past the limit, the budget's "slow down" toast is its answer;
    // otherwise the button's spinner shows the receipt being made meanwhile.
    if (!(await ctx.budget.spend(queryCost(query)))) return;
    let sent: Awaited<ReturnType<typeof sendReceipt>> | undefined;
    try {
      sent = await sendReceipt(ctx, deps, query, ctx.locale, { message_id: message.message_id, allow_sending_without_reply: true });
    } finally {
      // Answered even when the receipt could not be made (its failure is logged by the press router).
      if (sent !== "rate_limited") await tolerateHarmless(ctx.answerCallbackQuery(), ctx.logger);
    }
  });

  const composer = new Composer<BotContext>();
  composer.command(commands.receipt.name, async (ctx) => {
    const replyParameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    const request = readReceiptRequest(ctx.match, deps.translations.locales);
    switch (request.type) {
      case "usage":
        await ctx.reply(ctx.t("receipt-usage"), { reply_parameters: replyParameters });
        return;
      case "revoke_usage":
        await ctx.reply(ctx.t("receipt-revoke-usage"), { reply_parameters: replyParameters });
        return;
      case "revoke": {
        if (!isAdmin(deps.policy, ctx.from?.id)) {
          await ctx.reply(ctx.t("receipt-revoke-admins"), { reply_parameters: replyParameters });
          return;
        }
        const by = personOf(ctx);
        const revoked = await revokeReceipt(deps.making, request.code, { userId: by.id, name: by.name });
        const text = revoked.type === "revoked" ? ctx.t("receipt-revoked", { number: String(revoked.receipt.number), id: revoked.receipt.transactionId }) : ctx.t("receipt-revoke-unknown");
        await ctx.reply(text, { reply_parameters: replyParameters });
        // Audited already; on the payment's timeline too, after the reply as a receipt made is.
        if (revoked.type === "revoked" && deps.history?.on) deps.history.record(receiptRevokedEntry(revoked.receipt, askedIn(ctx)));
        return;
      }
      case "make": {
        const query: Query = { scope: request.kind ?? "status", ids: [request.id] };
        if (!(await ctx.budget.spend(queryCost(query)))) return;
        await sendReceipt(ctx, deps, query, request.language ?? ctx.locale, replyParameters);
      }
    }
  });
  return composer;
}

/** Makes and sends a receipt, or says why not; "rate_limited" when the person was told to slow down instead. */
async function sendReceipt(ctx: BotContext, deps: ReceiptMakingDeps, query: Query, locale: string, replyParameters: ReplyParameters): Promise<"sent" | "not_final" | "rate_limited"> {
  const by = personOf(ctx);
  const cost = queryCost(query);
  const made = await makeReceipt(deps.making, {
    ask: async (fresh) => outcomeOf(await deps.checker.run(query, askerOf(ctx, "receipt"), { fresh }), query),
    // The caller spent `cost` for the first question; the budget counts what this update spent in all.
    mayAskAgain: () => ctx.budget.spend(2 * cost),
    title: deps.settings.title ?? ctx.me.first_name,
    language: locale,
    by: { userId: by.id, name: by.name },
    chatId: ctx.chat?.id ?? by.id,
  });
  // Told to slow down already by the budget (once per window), as a check over the limit is.
  if (made.type === "rate_limited") return "rate_limited";
  if (made.type === "not_final") {
    await ctx.reply(ctx.t("receipt-not-final", { id: query.ids[0] ?? "" }), { reply_parameters: replyParameters });
    return "not_final";
  }
  const words = receiptWords(deps.translations, deps.timeZone, locale);
  const layout = receiptLayout(made.receipt, made.code, receiptLink(deps.settings.verification, ctx.me.username, made.code), words);
  const caption = receiptCaption(layout, words.t);
  if (deps.picture) {
    const png = await deps.picture(layout);
    await ctx.replyWithPhoto(new InputFile(png, `receipt-${made.receipt.number}.png`), { caption, reply_parameters: replyParameters });
  } else await ctx.reply(caption, { reply_parameters: replyParameters, link_preview_options: { is_disabled: true } });
  // After the reply, as every answer is: the recorder writes in the background and never throws.
  if (deps.history?.on) deps.history.record(receiptMadeEntry(made.receipt, askedIn(ctx)));
  return "sent";
}

/** The one outcome a receipt is about: the settled one among those worth showing, or what there is to say otherwise. */
function outcomeOf(results: readonly { id: string; outcomes: readonly EnquiryOutcome[] }[], query: Query): EnquiryOutcome {
  const [result] = results;
  const relevant = result ? relevantOutcomes(result) : [];
  const settled = relevant.filter((outcome) => receiptStateOf(outcome) !== undefined);
  const chosen = settled.length === 1 ? settled[0] : (relevant[0] ?? result?.outcomes[0]);
  if (chosen) return chosen;
  const kind: Scope = query.scope;
  return { kind: kind === "status" ? "collection" : kind, transactionId: query.ids[0] ?? "", checkedAt: new Date(), type: "not_found" };
}
