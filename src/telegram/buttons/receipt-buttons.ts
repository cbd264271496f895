import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../payments/enquiry/types.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { idsOf, SCOPE_CODES, SCOPE_OF_CODE, withIds, type ButtonCodec, type Decoded } from "./codec.ts";

/** The buttons of receipts. */
export type ReceiptPress =
  /** 🧾 Receipt under a final answer: the payment's kind and ID, as the answer showed them. */
  { action: "receipt"; kind: EnquiryKind; id: string };

const RECEIPT = /^R:([ca])([:#])(.+)$/;
const unknown = { type: "unknown" } as const;

export const receiptButtons = {
  prefixes: ["R:"],

  /** The ID travels inside the button when it fits (a 64-character one does not), otherwise as a key into the button store. */
  async encode(press: ReceiptPress, store: ButtonStore): Promise<string> {
    return withIds(`R:${SCOPE_CODES[press.kind]}`, [press.id], store);
  },

  async decode(data: string, store: ButtonStore): Promise<Decoded<ReceiptPress>> {
    const match = RECEIPT.exec(data);
    const kind = SCOPE_OF_CODE.get(match?.[1] ?? "");
    if (!match || !kind || !(ENQUIRY_KINDS as readonly string[]).includes(kind)) return unknown;
    const ids = await idsOf(match[2] ?? "", match[3] ?? "", store);
    if (!ids) return { type: "expired" };
    const [id] = ids;
    return id !== undefined && ids.length === 1 && isValidTransactionId(id) ? { type: "press", press: { action: "receipt", kind: kind as EnquiryKind, id } } : unknown;
  },
} satisfies ButtonCodec<ReceiptPress>;
