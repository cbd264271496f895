import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import { MAX_IDS_PER_QUERY, type Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { idsOf, invert, SCOPE_CODES, SCOPE_OF_CODE, withIds, type ButtonCodec, type Decoded } from "./codec.ts";

/** The buttons under answers, and of files of IDs: the oldest family, whose data has no prefix but an action's letter. */
export type AnswerPress =
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
  /** ✖ Cancel a bulk check (its scope rides along, as the data always carried one). */
  | { action: "bulkCancel"; scope: Scope; jobId: string };

/** Data: the action's letter, the scope's letter, then ":" and the IDs, or "#" and a key of the button store. */
const ACTION_CODES: Record<AnswerPress["action"], string> = { refresh: "r", pickKind: "q", notify: "n", stop: "x", unwatch: "u", bulkKind: "f", bulkCancel: "k" };
const ACTIONS = invert(ACTION_CODES);
const DATA = /^([a-z])([a-z])([:#])(.+)$/;

const idsCarried = (press: AnswerPress): readonly string[] => (press.action === "bulkKind" ? [press.fileKey] : press.action === "bulkCancel" ? [press.jobId] : press.ids);

export const answerButtons = {
  prefixes: Object.values(ACTION_CODES),

  /** Long ID lists (several IDs, or one 64-character ID) go through the store. */
  encode: (press: AnswerPress, store: ButtonStore): Promise<string> => withIds(ACTION_CODES[press.action] + SCOPE_CODES[press.scope], idsCarried(press), store),

  /** An unknown code, more IDs than a command may carry, or anything that is not an ID: "unknown", and no enquiry. */
  async decode(data: string, store: ButtonStore): Promise<Decoded<AnswerPress>> {
    const match = DATA.exec(data);
    const action = ACTIONS.get(match?.[1] ?? "");
    const scope = SCOPE_OF_CODE.get(match?.[2] ?? "");
    if (!match || !action || !scope) return { type: "unknown" };
    const ids = await idsOf(match[3] ?? "", match[4] ?? "", store);
    if (!ids) return { type: "expired" };
    if (ids.length > MAX_IDS_PER_QUERY) return { type: "unknown" };
    switch (action) {
      case "bulkKind":
        return ids.length === 1 ? { type: "press", press: { action, scope, fileKey: ids[0] ?? "" } } : { type: "unknown" };
      case "bulkCancel":
        return ids.length === 1 ? { type: "press", press: { action, scope, jobId: ids[0] ?? "" } } : { type: "unknown" };
      default:
        // No enquiry, and no watch, for anything that is not an ID.
        return ids.every(isValidTransactionId) ? { type: "press", press: { action, scope, ids } } : { type: "unknown" };
    }
  },
} satisfies ButtonCodec<AnswerPress>;
