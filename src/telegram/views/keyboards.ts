import { InlineKeyboard } from "grammy";
import { worthACase } from "../../payments/cases/case.ts";
import { relevantOutcomes, type IdResult, type Query, type Scope } from "../../payments/query.ts";
import type { Translate } from "./format/translate.ts";
import { answerButtons } from "../buttons/answer-buttons.ts";
import { caseButtons } from "../buttons/case-buttons.ts";
import { receiptButtons } from "../buttons/receipt-buttons.ts";
import { receiptStateOf } from "../../payments/receipts/receipt.ts";
import type { EnquiryOutcome } from "../../payments/enquiry/types.ts";
import { type ButtonStore } from "../stores/button-store.ts";
import { phoneRows } from "./phone-rows.ts";

/** Who watches an answer's open payments in its chat: what its 🔔 button shows. */
export interface WatchState {
  chatType: "private" | "group" | "supergroup" | "channel";
  /** Distinct subscribers in this chat. */
  subscribers: number;
  /** Whether the person the keyboard is shown to is one of them (private chats). */
  mine: boolean;
}

/**
 * The buttons under an answer that is not final: 🔄 Refresh, and, where the bot can message the
 * chat later, 🔔 Notify me. A private chat's button turns into 🔕 Stop notifying; a group's keyboard
 * is shared, so it keeps 🔔 Notify me with the number of subscribers, and a 🔕 Stop for whoever
 * presses it.
 */
export async function answerKeyboard(query: Query, t: Translate, buttons: ButtonStore, watch: WatchState | undefined): Promise<InlineKeyboard> {
  const data = (action: "refresh" | "notify" | "stop") => answerButtons.encode({ action, scope: query.scope, ids: query.ids }, buttons);
  const shown = [InlineKeyboard.text(t("button-refresh"), await data("refresh"))];
  if (watch && watch.chatType === "private") {
    shown.push(watch.mine ? InlineKeyboard.text(t("button-stop-notifying"), await data("stop")) : InlineKeyboard.text(t("button-notify"), await data("notify")));
  } else if (watch && watch.chatType !== "channel") {
    shown.push(InlineKeyboard.text(watch.subscribers > 0 ? t("button-notify-count", { count: String(watch.subscribers) }) : t("button-notify"), await data("notify")));
    if (watch.subscribers > 0) shown.push(InlineKeyboard.text(t("button-stop"), await data("stop")));
  }
  // As many to a row as a phone shows uncut: "🔕 Ne plus me prévenir" goes under "🔄 Actualiser".
  return InlineKeyboard.from(phoneRows(shown));
}

/** Which kind IDs sent alone (or a file of them) are: Collection, Airtime, Both, in rows a phone shows uncut. */
export async function kindKeyboard(t: Translate, data: (scope: Scope) => Promise<string>): Promise<InlineKeyboard> {
  return InlineKeyboard.from(
    phoneRows([
      InlineKeyboard.text(t("button-collection"), await data("collection")),
      InlineKeyboard.text(t("button-airtime"), await data("airtime")),
      InlineKeyboard.text(t("button-both"), await data("status")),
    ]),
  );
}

/** Whether an answer is about one payment that is not SUCCESS (FAILED, not final, not found, not checked): worth a case. */
export function worthAskingSupport(query: Query, results: readonly IdResult[]): boolean {
  const [result] = results;
  if (query.ids.length !== 1 || results.length !== 1 || !result) return false;
  const relevant = relevantOutcomes(result);
  return relevant.length === 0 || relevant.some(worthACase);
}

/** 🆘 Ask support, on a row of its own under an answer's other buttons (or alone, under a FAILED answer that has none). */
export async function withAskSupport(keyboard: InlineKeyboard | undefined, query: Query, t: Translate, buttons: ButtonStore): Promise<InlineKeyboard> {
  const data = await caseButtons.encode({ action: "escalate", scope: query.scope, id: query.ids[0] ?? "" }, buttons);
  return (keyboard ? keyboard.row() : new InlineKeyboard()).text(t("button-ask-support"), data);
}

/** The payment an answer can give a receipt of: an answer about one payment the provider says is SUCCESS or FAILED (never PENDING, not found, or not checked). */
export function receiptPayment(query: Query, results: readonly IdResult[]): EnquiryOutcome | undefined {
  const [result] = results;
  if (query.ids.length !== 1 || results.length !== 1 || !result) return undefined;
  const relevant = relevantOutcomes(result);
  const [outcome] = relevant;
  return relevant.length === 1 && outcome && receiptStateOf(outcome) !== undefined ? outcome : undefined;
}

/** 🧾 Receipt, on a row of its own under an answer's other buttons (or alone: a final answer has none). */
export async function withReceipt(keyboard: InlineKeyboard | undefined, outcome: EnquiryOutcome, t: Translate, buttons: ButtonStore): Promise<InlineKeyboard> {
  const data = await receiptButtons.encode({ action: "receipt", kind: outcome.kind, id: outcome.transactionId }, buttons);
  return (keyboard ? keyboard.row() : new InlineKeyboard()).text(t("button-receipt"), data);
}
