import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../payments/enquiry/types.ts";
import type { Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { idsOf, invert, SCOPE_CODES, SCOPE_OF_CODE, withIds, type ButtonCodec, type Decoded } from "./codec.ts";

/** The buttons of cases. */
export type CasePress =
  /** 🆘 Ask support under an answer: its ID, as asked. */
  | { action: "escalate"; scope: Scope; id: string }
  /** The kind picked for an ID both kinds know, before its case opens (a pending escalation's key). */
  | { action: "escalateKind"; kind: EnquiryKind; key: string }
  /** ✋ Take, ✅ Resolved and 🔄 Refresh of a case's card (the case's number). */
  | { action: "takeCase" | "resolveCase" | "refreshCase"; number: number }
  /** 📨 Send to support, under an agent's message written without Reply: the key of the message waiting. */
  | { action: "sendToCase"; key: string };

const PREFIX = "C:";
const CARD_CODES = { takeCase: "t", resolveCase: "r", refreshCase: "f" } as const;
const CARD_ACTIONS = invert(CARD_CODES);
const ESCALATE = /^C:e:([cas])([:#])(.+)$/;
const unknown = { type: "unknown" } as const;

export const caseButtons = {
  prefixes: [PREFIX],

  /** An ID travels inside the button when it fits (a 64-character one does not), otherwise as a key into the button store. */
  async encode(press: CasePress, store: ButtonStore): Promise<string> {
    switch (press.action) {
      case "escalate":
        return withIds(`C:e:${SCOPE_CODES[press.scope]}`, [press.id], store);
      case "escalateKind":
        return `C:k:${SCOPE_CODES[press.kind]}:${press.key}`;
      case "takeCase":
      case "resolveCase":
      case "refreshCase":
        return `C:${CARD_CODES[press.action]}:${press.number}`;
      case "sendToCase":
        return `C:s:${press.key}`;
    }
  },

  async decode(data: string, store: ButtonStore): Promise<Decoded<CasePress>> {
    const escalate = ESCALATE.exec(data);
    if (escalate) {
      const scope = SCOPE_OF_CODE.get(escalate[1] ?? "");
      const ids = await idsOf(escalate[2] ?? "", escalate[3] ?? "", store);
      if (!ids) return { type: "expired" };
      const [id] = ids;
      return scope && id !== undefined && ids.length === 1 && isValidTransactionId(id) ? { type: "press", press: { action: "escalate", scope, id } } : unknown;
    }
    const kind = /^C:k:([ca]):([A-Za-z0-9_-]{8,24})$/.exec(data);
    if (kind) {
      const scope = SCOPE_OF_CODE.get(kind[1] ?? "");
      return scope && (ENQUIRY_KINDS as readonly string[]).includes(scope) ? { type: "press", press: { action: "escalateKind", kind: scope as EnquiryKind, key: kind[2] ?? "" } } : unknown;
    }
    const send = /^C:s:([A-Za-z0-9_-]{8,24})$/.exec(data);
    if (send) return { type: "press", press: { action: "sendToCase", key: send[1] ?? "" } };
    const card = /^C:([trf]):([1-9]\d{0,14})$/.exec(data);
    const action = CARD_ACTIONS.get(card?.[1] ?? "");
    return card && action ? { type: "press", press: { action, number: Number(card[2]) } } : unknown;
  },

  /** Whether data is 🆘 Ask support's (a watch's answer keeps the button it showed). */
  isEscalation: (data: string | undefined): boolean => data?.startsWith("C:e:") === true,
} satisfies ButtonCodec<CasePress> & { isEscalation(data: string | undefined): boolean };
