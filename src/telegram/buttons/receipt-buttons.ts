import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../payments/enquiry/types.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { CALLBACK_DATA_LIMIT } from "./answer-buttons.ts";

/** 🧾 Receipt under a final answer: the payment's kind and ID, as the answer showed them. */
export interface ReceiptButton {
  action: "receipt";
  kind: EnquiryKind;
  id: string;
}

/** Every receipt button starts so: a family of its own, beside the answers', access's (A:), languages' (L:) and cases' (C:). */
export const RECEIPT_BUTTON_PREFIX = "R:";

const KIND_CODES: Record<EnquiryKind, string> = { collection: "c", airtime: "a" };
const KINDS = new Map(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as EnquiryKind]));

/** The ID travels inside the button when it fits (a 64-character one does not), otherwise as a key into the button store. */
export async function encodeReceiptButton(button: ReceiptButton, store: ButtonStore): Promise<string> {
  const inline = `R:${KIND_CODES[button.kind]}:${button.id}`;
  return Buffer.byteLength(inline) <= CALLBACK_DATA_LIMIT ? inline : `R:${KIND_CODES[button.kind]}#${await store.put([button.id])}`;
}

export type DecodedReceiptButton = { type: "ok"; button: ReceiptButton } | { type: "expired" } | { type: "unknown" };

/** What a receipt button asks for; "unknown" for anything this bot could not have made (it can be forged), undefined for another family's data. */
export async function decodeReceiptButton(data: string, store: ButtonStore): Promise<DecodedReceiptButton | undefined> {
  if (!data.startsWith(RECEIPT_BUTTON_PREFIX)) return undefined;
  const match = /^R:([ca])([:#])(.+)$/.exec(data);
  const kind = KINDS.get(match?.[1] ?? "");
  if (!match || !kind || !(ENQUIRY_KINDS as readonly string[]).includes(kind)) return { type: "unknown" };
  const ids = match[2] === ":" ? [match[3] ?? ""] : await store.get(match[3] ?? "");
  if (!ids) return { type: "expired" };
  const [id] = ids;
  return id !== undefined && ids.length === 1 && isValidTransactionId(id) ? { type: "ok", button: { action: "receipt", kind, id } } : { type: "unknown" };
}
