import { ENQUIRY_KINDS, type EnquiryKind } from "../../payments/enquiry/types.ts";
import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import type { Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { CALLBACK_DATA_LIMIT } from "./answer-buttons.ts";

/**
 * The buttons of cases: 🆘 Ask support under an answer (its scope and ID), the kind picked for an
 * ID both kinds know (a pending escalation's key), and a card's ✋ Take, ✅ Resolved and 🔄 Refresh
 * (the case's number), and 📨 Send to support under an agent's message written without Reply (the
 * message's key, where it waits).
 */
export type CaseButton =
  | { action: "escalate"; scope: Scope; id: string }
  | { action: "escalateKind"; kind: EnquiryKind; key: string }
  | { action: "take" | "resolve" | "refresh"; number: number }
  | { action: "sendToCase"; key: string };

/** Every case button starts so: a family of its own, beside the answers', access's (A:) and languages' (L:). */
export const CASE_BUTTON_PREFIX = "C:";

const SCOPE_CODES: Record<Scope, string> = { collection: "c", airtime: "a", status: "s" };
const SCOPES = new Map(Object.entries(SCOPE_CODES).map(([scope, code]) => [code, scope as Scope]));
const CARD_CODES = { take: "t", resolve: "r", refresh: "f" } as const;
const CARD_ACTIONS = new Map<string, keyof typeof CARD_CODES>(Object.entries(CARD_CODES).map(([action, code]) => [code, action as keyof typeof CARD_CODES]));

/** An ID travels inside the button when it fits (a 64-character one does not), otherwise as a key into the button store. */
export async function encodeCaseButton(button: CaseButton, store: ButtonStore): Promise<string> {
  switch (button.action) {
    case "escalate": {
      const inline = `C:e:${SCOPE_CODES[button.scope]}:${button.id}`;
      return Buffer.byteLength(inline) <= CALLBACK_DATA_LIMIT ? inline : `C:e:${SCOPE_CODES[button.scope]}#${await store.put([button.id])}`;
    }
    case "escalateKind":
      return `C:k:${SCOPE_CODES[button.kind]}:${button.key}`;
    case "take":
    case "resolve":
    case "refresh":
      return `C:${CARD_CODES[button.action]}:${button.number}`;
    case "sendToCase":
      return `C:s:${button.key}`;
  }
}

export type DecodedCaseButton = { type: "ok"; button: CaseButton } | { type: "expired" } | { type: "unknown" };

/** What a case button asks for; "unknown" for anything this bot could not have made (it can be forged), undefined for another family's data. */
export async function decodeCaseButton(data: string, store: ButtonStore): Promise<DecodedCaseButton | undefined> {
  if (!data.startsWith(CASE_BUTTON_PREFIX)) return undefined;
  const escalate = /^C:e:([cas])([:#])(.+)$/.exec(data);
  if (escalate) {
    const scope = SCOPES.get(escalate[1] ?? "");
    const ids = escalate[2] === ":" ? [escalate[3] ?? ""] : await store.get(escalate[3] ?? "");
    if (!ids) return { type: "expired" };
    const [id] = ids;
    return scope && id !== undefined && ids.length === 1 && isValidTransactionId(id) ? { type: "ok", button: { action: "escalate", scope, id } } : { type: "unknown" };
  }
  const kind = /^C:k:([ca]):([A-Za-z0-9_-]{8,24})$/.exec(data);
  if (kind) {
    const scope = SCOPES.get(kind[1] ?? "");
    return scope && (ENQUIRY_KINDS as readonly string[]).includes(scope) ? { type: "ok", button: { action: "escalateKind", kind: scope as EnquiryKind, key: kind[2] ?? "" } } : { type: "unknown" };
  }
  const send = /^C:s:([A-Za-z0-9_-]{8,24})$/.exec(data);
  if (send) return { type: "ok", button: { action: "sendToCase", key: send[1] ?? "" } };
  const card = /^C:([trf]):([1-9]\d{0,14})$/.exec(data);
  const action = CARD_ACTIONS.get(card?.[1] ?? "");
  return card && action ? { type: "ok", button: { action, number: Number(card[2]) } } : { type: "unknown" };
}
