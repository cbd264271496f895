import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import type { Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { decodeAccessButton } from "./access-buttons.ts";
import { decodeButton } from "./answer-buttons.ts";
import { decodeCaseButton } from "./case-buttons.ts";
import type { EnquiryKind } from "../../payments/enquiry/types.ts";
import { decodeLanguageButton } from "./language-buttons.ts";
import { decodeHistoryButton, type HistoryButton } from "./history-buttons.ts";

/**
 * Every button press the bot understands, decoded: one union over every button, whatever family
 * its data belongs to (answers, access, languages). Each button's data is declared once, in its
 * family's file of this folder; `decodePress` reads any of them, once per press.
 */
export type Press =
  /** 🔄 Refresh an answer that was not final. */
  | { action: "refresh"; scope: Scope; ids: readonly string[] }
  /** Collection / Airtime / Both, under IDs sent alone. */
  | { action: "pickKind"; scope: Scope; ids: readonly string[] }
  /** 🔔 Notify me, and 🔕 Stop, under an answer. */
  | { action: "notify" | "stop"; scope: Scope; ids: readonly string[] }
  /** 🔕 of one watch in the /watches list. */
  | { action: "unwatch"; scope: Scope; ids: readonly string[] }
  /** The kind of a file sent without a caption: its key in the store. */
  | { action: "bulkKind"; scope: Scope; fileKey: string }
  /** ✖ Cancel a bulk check. */
  | { action: "bulkCancel"; jobId: string }
  /** 🙋 Request access, under a stranger's refusal. */
  | { action: "requestAccess" }
  /** ✅ Approve / ❌ Deny a request. */
  | { action: "approve" | "deny"; requestId: string }
  /** ◀ ▶ of /users. */
  | { action: "usersPage"; page: number }
  /** 🚫 of /users. */
  | { action: "revoke"; kind: "user" | "chat"; id: number; page: number }
  /** 🚫 of /invites. */
  | { action: "uninvite"; publicId: string }
  /** A language of /language. */
  | { action: "language"; locale: string }
  /** 🆘 Ask support under an answer: its ID, as asked. */
  | { action: "escalate"; scope: Scope; id: string }
  /** The kind picked for an ID both kinds know, before its case opens. */
  | { action: "escalateKind"; kind: EnquiryKind; key: string }
  /** ✋ Take, ✅ Resolved and 🔄 Refresh of a case's card. */
  | { action: "takeCase" | "resolveCase" | "refreshCase"; number: number }
  /** 📨 Send to support, under an agent's message written without Reply: the key of the message waiting. */
  | { action: "sendToCase"; key: string }
  /** ◀ ▶ of /history, ◀ ▶, 🔄 and 📄 of /mychecks. */
  | HistoryButton;

export type PressAction = Press["action"];

/** A press understood; one whose stored ID list has lapsed; or data this bot could not have made (it can be forged). */
export type DecodedPress = { type: "press"; press: Press } | { type: "expired" } | { type: "unknown" };

const CARD_PRESSES = { take: "takeCase", resolve: "resolveCase", refresh: "refreshCase" } as const;

function casePress(button: Extract<Awaited<ReturnType<typeof decodeCaseButton>>, { type: "ok" }>["button"]): Press {
  return button.action === "escalate" || button.action === "escalateKind" || button.action === "sendToCase" ? button : { action: CARD_PRESSES[button.action], number: button.number };
}

/** Reads a press's data: one store read at most (an answer button whose IDs did not fit in it). */
export async function decodePress(data: string, buttons: ButtonStore): Promise<DecodedPress> {
  const access = decodeAccessButton(data);
  if (access) return { type: "press", press: access.action === "ask" ? { action: "requestAccess" } : access.action === "users" ? { action: "usersPage", page: access.page } : access };
  const locale = decodeLanguageButton(data);
  if (locale !== undefined) return { type: "press", press: { action: "language", locale } };
  const history = await decodeHistoryButton(data, buttons);
  if (history) return history.type === "ok" ? { type: "press", press: history.button } : history;
  const forCase = await decodeCaseButton(data, buttons);
  if (forCase) return forCase.type === "ok" ? { type: "press", press: casePress(forCase.button) } : forCase;
  const answer = await decodeButton(data, buttons);
  if (answer.type !== "ok") return answer;
  const { action, scope, ids } = answer.payload;
  switch (action) {
    case "bulk":
      return ids.length === 1 ? { type: "press", press: { action: "bulkKind", scope, fileKey: ids[0] ?? "" } } : { type: "unknown" };
    case "cancel":
      return ids.length === 1 ? { type: "press", press: { action: "bulkCancel", jobId: ids[0] ?? "" } } : { type: "unknown" };
    case "ask":
    case "refresh":
    case "notify":
    case "stop":
    case "unwatch":
      // No enquiry, and no watch, for anything that is not an ID.
      if (!ids.every(isValidTransactionId)) return { type: "unknown" };
      return { type: "press", press: { action: action === "ask" ? "pickKind" : action, scope, ids } };
  }
}
