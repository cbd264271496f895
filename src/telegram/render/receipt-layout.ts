/**
 * What a receipt's picture and its check page show, as already-translated text: the renderers know
 * no language, no provider and no store; the receipts feature fills these in.
 */

/** Success and failure are told by a symbol and words as well as by colour (colour is never the only sign). */
export type ReceiptTone = "success" | "failed";

export interface ReceiptField {
  /** e.g. "MNO reference" in the reader's language. */
  label: string;
  /** Provider text: may be 4,000 characters long, hold markup or right-to-left marks; shown as plain text. */
  value: string;
}

export interface ReceiptLayout {
  /** RECEIPT_TITLE, or the bot's name. */
  title: string;
  /** e.g. "Collection" */
  kindLabel: string;
  transactionId: string;
  status: { symbol: string; text: string; tone: ReceiptTone };
  /** In order: MNO reference, service transaction ID, failure reason (when FAILED), asked at, receipt number. */
  fields: readonly ReceiptField[];
  /** e.g. "Verification code" */
  codeLabel: string;
  /** Grouped for reading aloud: R7KQ-4XM9-P2JD */
  code: string;
  /** The verification link the QR code carries; also printed under it. */
  link: string;
  /** e.g. "Scan or open the link to check this receipt" */
  verifyHint: string;
  /** BCP 47 tag of the text (en, fr, pt, sw). */
  language: string;
}

export type ReceiptPageModel =
  | {
      kind: "genuine";
      language: string;
      /** The page's <title> and heading, e.g. "✅ A genuine receipt" */
      heading: string;
      /** One sentence, e.g. "Made on 27 Nov 2026 at 15:02 (+03:00) by Pay Status Bot." */
      madeLine: string;
      /** Exactly the facts printed on the receipt. */
      receipt: ReceiptLayout;
      /** What the provider says now, e.g. { heading: "The provider says now", text: "✅ SUCCESS", differs: false } */
      now: { heading: string; text: string; differs: boolean; note?: string };
    }
  | {
      kind: "unknown";
      language: string;
      heading: string;
      /** "No such receipt: it was not made by this service." */
      text: string;
    };
