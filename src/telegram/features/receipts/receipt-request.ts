import { isValidTransactionId } from "../../../payments/enquiry/transaction-id.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../../payments/enquiry/types.ts";

/** What `/receipt …` asks for: a receipt of a payment (its kind and language optional), a revocation, or nothing it understands. */
export type ReceiptRequestText =
  | { type: "make"; id: string; kind: EnquiryKind | undefined; language: string | undefined }
  | { type: "revoke"; code: string }
  | { type: "revoke_usage" }
  | { type: "usage" };

/**
 * Reads what follows /receipt: `TX-1`, `TX-1 airtime`, `TX-1 sw`, `TX-1 collection fr` (in any
 * order after the ID), or `revoke <code>`. Anything else is "usage": the person is shown how.
 */
export function readReceiptRequest(typed: string, languages: readonly string[]): ReceiptRequestText {
  const [first = "", ...rest] = typed.trim().split(/\s+/).filter(Boolean);
  if (first.toLowerCase() === "revoke") return rest.length >= 1 ? { type: "revoke", code: rest.join("") } : { type: "revoke_usage" };
  if (!isValidTransactionId(first) || rest.length > 2) return { type: "usage" };
  let kind: EnquiryKind | undefined;
  let language: string | undefined;
  for (const word of rest.map((each) => each.toLowerCase())) {
    if (kind === undefined && (ENQUIRY_KINDS as readonly string[]).includes(word)) kind = word as EnquiryKind;
    else if (language === undefined && languages.includes(word)) language = word;
    else return { type: "usage" };
  }
  return { type: "make", id: first, kind, language };
}
