import type { FormattedString } from "@grammyjs/parse-mode";
import type { InlineKeyboard } from "grammy";
import type { EnquiryKind } from "../../payments/enquiry/types.ts";
import type { KindStatus } from "../../payments/health/judging/monitor.ts";
import type { IdResult, Query } from "../../payments/query.ts";
import type { Translate } from "./format/translate.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { formatAnswer } from "./format/answer-text.ts";
import type { NumberFormats } from "./format/numbers.ts";
import type { Clock } from "./format/text.ts";
import { answerKeyboard, receiptPayment, withAskSupport, withReceipt, worthAskingSupport, type WatchState } from "./keyboards.ts";

export interface AnswerView {
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
  /** The provider's state per kind, as last judged: an answer that could not check says when the provider itself is in trouble. */
  providerStatus?: () => Record<EnquiryKind, KindStatus> | undefined;
}

/**
 * The reply to a query: the formatted answer, plus buttons unless every outcome shown is final.
 * `watch` is where 🔔 Notify me can be offered (not on inline messages: the bot cannot write there later).
 */
export async function answerView(
  query: Query,
  results: readonly IdResult[],
  t: Translate,
  options: AnswerViewOptions & {
    watch?: WatchState | undefined;
    numbers?: NumberFormats | undefined;
    /** Whether 🆘 Ask support may be offered here (SUPPORT_CHAT_ID set, an agent's private chat): then under an answer about one payment that is not SUCCESS. */
    askSupport?: boolean | undefined;
    /** Whether 🧾 Receipt may be offered here (a chat, not an inline message): then under an answer about one settled payment. */
    receipts?: boolean | undefined;
  },
): Promise<AnswerView> {
  const { message, final } = formatAnswer(query.scope, results, t, {
    adminAlerted: options.adminAlerted,
    clock: options.clock,
    provider: options.providerStatus?.(),
    canWatch: options.watch !== undefined,
    ...(options.numbers ? { numbers: options.numbers } : {}),
  });
  let keyboard = final ? undefined : await answerKeyboard(query, t, options.buttons, options.watch);
  const receipt = options.receipts === true ? receiptPayment(query, results) : undefined;
  if (receipt) keyboard = await withReceipt(keyboard, receipt, t, options.buttons);
  const askSupport = options.askSupport === true && worthAskingSupport(query, results);
  return { message, final, keyboard: askSupport ? await withAskSupport(keyboard, query, t, options.buttons) : keyboard };
}
