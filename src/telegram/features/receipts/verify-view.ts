import { paymentState, type EnquiryOutcome } from "../../../payments/enquiry/types.ts";
import type { ReceiptCheck } from "../../../payments/receipts/verify-receipt.ts";
import type { ReceiptPageModel } from "../../render/receipt-layout.ts";
import { receiptLayout, type ReceiptWords } from "./receipt-view.ts";

/** How a check of a receipt reads in the bot's verification link, the same for the chat and the page. */
export function receiptPageModel(check: ReceiptCheck, link: string, words: ReceiptWords): ReceiptPageModel {
  const { t } = words;
  if (check.type === "unknown") return { kind: "unknown", language: words.language, heading: t("verify-unknown-heading"), text: t("verify-unknown") };
  const { receipt, now } = check;
  const nowText = now.type === "unchecked" ? t("verify-now-unchecked") : statusNow(now.outcome, t);
  return {
    kind: "genuine",
    language: words.language,
    heading: t("verify-genuine-heading"),
    madeLine: t("verify-made", { when: words.when(receipt.madeAt), title: receipt.title }),
    receipt: receiptLayout(receipt, check.code, link, words),
    now: { heading: t("verify-now-heading"), text: nowText, differs: now.type === "differs", ...(now.type === "differs" ? { note: t("verify-now-differs") } : {}) },
  };
}

/**
 * What the provider says now, in a line with its symbol, in the words the receipt uses: the page
 * is read by customers who never saw the bot, to whom "FAILED" on a page in Swahili says little.
 * A status not final yet is named as the provider sent it.
 */
function statusNow(outcome: EnquiryOutcome, t: ReceiptWords["t"]): string {
  if (outcome.type !== "found") return t("verify-now-not-found");
  switch (paymentState(outcome.transaction)) {
    case "success":
      return `✅ ${t("receipt-status-success")}`;
    case "failed":
      return `❌ ${t("receipt-status-failed")}`;
    case "not_final":
      return t("verify-now-not-final", { status: outcome.transaction.status });
  }
}

/** The check's answer in a chat: plain text, every provider field as it is (no markup to break). */
export function verifyText(model: ReceiptPageModel, t: ReceiptWords["t"]): string {
  if (model.kind === "unknown") return `${model.heading}\n\n${model.text}`;
  const { receipt, now } = model;
  // A label and its value as the language writes them ("ID : TX-1" in French).
  const colon = t("heading-separator");
  const lines = [
    model.heading,
    model.madeLine,
    "",
    `${receipt.kindLabel} · ${t("receipt-field-transaction")}${colon}${receipt.transactionId}`,
    `${receipt.status.symbol} ${receipt.status.text}`,
    ...receipt.fields.map((field) => `${field.label}${colon}${field.value}`),
    `${receipt.codeLabel}${colon}${receipt.code}`,
    "",
    `${now.heading}${colon}${now.text}`,
    ...(now.note ? [now.note] : []),
  ];
  return lines.join("\n");
}
