import type { FormattedString } from "@grammyjs/parse-mode";
import type { InlineKeyboard } from "grammy";
import type { IdResult, Query } from "../../payments/query.ts";
import type { Translate } from "../i18n.ts";
import type { ButtonStore } from "./callback-data.ts";
import { formatAnswer } from "./format/answer.ts";
import type { Clock } from "./format/text.ts";
import { answerKeyboard, type WatchState } from "./keyboards.ts";

export interface AnswerMessage {
  message: FormattedString;
  /** True when every outcome shown is settled: no buttons, nothing left to check. */
  final: boolean;
  keyboard: InlineKeyboard | undefined;
}

export interface AnswerViewOptions {
  buttons: ButtonStore;
  /** Whether an admin is alerted when the service token is rejected (changes what users are told). */
  adminAlerted: boolean;
  /** BOT_TIMEZONE's clock. */
  clock: Clock;
}

/**
 * The reply to a query: the formatted answer, plus buttons unless every outcome shown is final.
 * `watch` is where 🔔 Notify me can be offered (not on inline messages: the bot cannot write there later).
 */
export async function answerMessage(query: Query, results: readonly IdResult[], t: Translate, options: AnswerViewOptions & { watch?: WatchState | undefined }): Promise<AnswerMessage> {
  const { message, final } = formatAnswer(query.scope, results, t, { adminAlerted: options.adminAlerted, clock: options.clock });
  return { message, final, keyboard: final ? undefined : await answerKeyboard(query, t, options.buttons, options.watch) };
}
