import type { ReceiptVerification } from "../../../config/areas/receipts.ts";
import type { Receipt } from "../../../payments/receipts/receipt.ts";
import type { ReceiptLayout } from "../../render/receipt-layout.ts";
import type { Translate } from "../../views/format/translate.ts";

/** What a receipt is written with: the reader's words, and its moments in BOT_TIMEZONE with the offset. */
export interface ReceiptWords {
  t: Translate;
  /** The language's tag (en, fr, pt, sw). */
  language: string;
  when: (at: number) => string;
}

/** Telegram's limit for a photo's caption, in characters. */
export const CAPTION_LIMIT = 1024;
/** A provider's text on the caption: enough to read; the picture and the check show the rest. */
const CAPTION_FIELD_LIMIT = 300;
const BIDI_CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/** Where a receipt is checked: the page of the bot's own server, or the bot's deep link, which anyone can open. */
export function receiptLink(verification: ReceiptVerification, botUsername: string, code: string): string {
  return verification.kind === "page" ? `${verification.base}/r/${code}` : `https://t.me/${botUsername}?start=r_${code}`;
}

/** Exactly what the picture shows, translated; the renderer knows no language. */
export function receiptLayout(receipt: Receipt, code: string, link: string, words: ReceiptWords): ReceiptLayout {
  const { t } = words;
  const field = (key: string, value: string) => ({ label: t(key), value });
  return {
    title: receipt.title,
    kindLabel: t(`kind-${receipt.kind}`),
    transactionId: receipt.transactionId,
    status: receipt.state === "success" ? { symbol: "✅", text: t("receipt-status-success"), tone: "success" } : { symbol: "❌", text: t("receipt-status-failed"), tone: "failed" },
    fields: [
      field("receipt-field-mno", receipt.mnoReference ?? "—"),
      field("receipt-field-service", receipt.serviceTransactionId),
      ...(receipt.state === "failed" ? [field("receipt-field-reason", receipt.reason ?? "—")] : []),
      field("receipt-field-asked", words.when(receipt.checkedAt)),
      field("receipt-field-number", String(receipt.number)),
    ],
    codeLabel: t("receipt-code-label"),
    code,
    link,
    verifyHint: t("receipt-verify-hint"),
    language: words.language,
  };
}

/**
 * The same facts as the picture, as text a customer can copy and a screen reader can read: plain
 * text (no markup to break), each provider field cut short enough for the whole to fit a caption.
 */
export function receiptCaption(layout: ReceiptLayout, t: Translate): string {
  const cut = (text: string) => {
    // Direction marks from the provider would turn the caption's lines around: they go.
    const value = text.replace(BIDI_CONTROLS, "");
    return value.length > CAPTION_FIELD_LIMIT ? `${value.slice(0, CAPTION_FIELD_LIMIT - 1)}…` : value;
  };
  // A label and its value as the language writes them ("ID : TX-1" in French).
  const colon = t("heading-separator");
  const lines = [
    layout.title,
    `${layout.kindLabel} · ${t("receipt-field-transaction")}${colon}${cut(layout.transactionId)}`,
    `${layout.status.symbol} ${layout.status.text}`,
    ...layout.fields.map((field) => `${field.label}${colon}${cut(field.value)}`),
    `${layout.codeLabel}${colon}${layout.code}`,
    t("receipt-caption-check", { link: layout.link }),
  ];
  const text = lines.join("\n");
  return text.length <= CAPTION_LIMIT ? text : `${text.slice(0, CAPTION_LIMIT - 1)}…`;
}
