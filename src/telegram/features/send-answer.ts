import type { ReplyParameters } from "grammy/types";
import type { HistoryHow } from "../../payments/history/entry.ts";
import type { HistoryRecorder } from "../../payments/history/recording/recorder.ts";
import { topicOfUpdate } from "../topic.ts";
import { personOf, placeOf, recordAnswers } from "./history/asked-by.ts";
import type { Asker, Checker, Via } from "../../payments/check.ts";
import type { EnquiryKind } from "../../payments/enquiry/types.ts";
import type { KindStatus } from "../../payments/health/judging/monitor.ts";
import type { IdResult, Query } from "../../payments/query.ts";
import { answerWatchers } from "../../payments/watches/answer-watchers.ts";
import type { WatchSubscriptions } from "../../payments/watches/watch-store.ts";
import type { ShownAnswers } from "../stores/shown-answers.ts";
import type { BotContext } from "../context.ts";
import { tolerateHarmless } from "../transport/errors.ts";
import { answerView, type AnswerView } from "../views/answer-view.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import type { Clock } from "../views/format/text.ts";
import type { WatchState } from "../views/keyboards.ts";

/** What the features that answer with payment statuses share. */
export interface AnswerDependencies {
  checker: Checker;
  buttons: ButtonStore;
  /** Whether an admin is alerted when the service token is rejected. */
  adminAlerted: boolean;
  shownAnswers: ShownAnswers;
  watches: WatchSubscriptions;
  /** BOT_TIMEZONE's clock, for the times shown. */
  clock: Clock;
  /** The provider's state per kind, as last judged (answers that could not check say when it is in trouble). */
  providerStatus?: () => Record<EnquiryKind, KindStatus> | undefined;
  /** SUPPORT_CHAT_ID is set: an agent's answers in private carry 🆘 Ask support when the payment is not SUCCESS. */
  casesOffered?: boolean;
  /** 🧾 Receipt goes under answers about one settled payment (SUCCESS or FAILED), in private chats and groups. */
  receiptsOffered?: boolean;
  /** Where every answer is recorded, after it is sent (absent: nothing is). */
  history?: HistoryRecorder;
}

/** Whether 🆘 Ask support may go under answers here: cases are on, and this is an agent's private chat. */
export const offersCases = (ctx: BotContext, deps: Pick<AnswerDependencies, "casesOffered">): boolean => deps.casesOffered === true && ctx.chat?.type === "private";

/** The person and chat behind an update, for the record of each enquiry it makes. */
export function askerOf(ctx: BotContext, via: Via): Asker {
  return { userId: ctx.from?.id, chatId: ctx.chat?.id, via, logger: ctx.logger, person: personOf(ctx.from), place: placeOf(ctx.chat, topicOfUpdate(ctx)) };
}

/** Who in this chat watches the answer's open payments: what its 🔔 button shows. */
async function watchStateFor(ctx: BotContext, deps: Pick<AnswerDependencies, "watches">, query: Query, results: readonly IdResult[]): Promise<WatchState | undefined> {
  const chat = ctx.chat;
  if (!chat) return undefined;
  return { chatType: chat.type, ...(await answerWatchers(deps.watches, chat.id, { query, results }, ctx.from?.id)) };
}

async function render(ctx: BotContext, deps: AnswerDependencies, query: Query, results: readonly IdResult[]): Promise<AnswerView> {
  const watch = await watchStateFor(ctx, deps, query, results);
  return answerView(query, results, ctx.t, { ...deps, watch, numbers: ctx.numbers, askSupport: offersCases(ctx, deps), receipts: deps.receiptsOffered === true && ctx.chat !== undefined });
}

/** Sends an answer as a reply; an answer with buttons is remembered, for 🔔 Notify me. */
export async function replyWithAnswer(ctx: BotContext, deps: AnswerDependencies, query: Query, results: IdResult[], replyParameters: ReplyParameters, note?: string, how: HistoryHow = "command") {
  const answer = await render(ctx, deps, query, results);
  const text = note ? `${answer.message.text}\n\n${note}` : answer.message.text;
  const sent = await ctx.reply(text, {
    entities: answer.message.entities,
    reply_parameters: replyParameters,
    link_preview_options: { is_disabled: true },
    ...(answer.keyboard ? { reply_markup: answer.keyboard } : {}),
  });
  recordAnswers(ctx, deps.history, how, results);
  if (!answer.final) await deps.shownAnswers.save(sent.chat.id, sent.message_id, { query, results });
  return { sent, answer };
}

/** Shows an answer in place of the message a button was pressed on. */
export async function editToAnswer(ctx: BotContext, deps: AnswerDependencies, query: Query, results: IdResult[], how: HistoryHow): Promise<AnswerView> {
  const answer = await render(ctx, deps, query, results);
  await tolerateHarmless(
    ctx.editMessageText(answer.message.text, {
      entities: answer.message.entities,
      link_preview_options: { is_disabled: true },
      ...(answer.keyboard ? { reply_markup: answer.keyboard } : {}),
    }),
    ctx.logger,
  );
  recordAnswers(ctx, deps.history, how, results);
  const message = ctx.callbackQuery?.message;
  if (message && !answer.final) await deps.shownAnswers.save(message.chat.id, message.message_id, { query, results });
  return answer;
}
