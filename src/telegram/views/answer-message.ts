import type { FormattedString } from "@grammyjs/parse-mode";
import { InlineKeyboard } from "grammy";
import type { IdResult, Query } from "../../payments/query.ts";
import type { Translate } from "../i18n.ts";
import { encodeButton, type ButtonStore } from "./callback-data.ts";
import { formatAnswer } from "./format/answer.ts";

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
}

/** The reply to a query: the formatted answer, plus a Refresh button unless every outcome shown is final. */
export async function answerMessage(query: Query, results: readonly IdResult[], t: Translate, options: AnswerViewOptions): Promise<AnswerMessage> {
  const { message, final } = formatAnswer(query.scope, results, t, { adminAlerted: options.adminAlerted });
  const keyboard = final
    ? undefined
    : new InlineKeyboard().text(t("button-refresh"), await encodeButton({ action: "refresh", scope: query.scope, ids: query.ids }, options.buttons));
  return { message, final, keyboard };
}
