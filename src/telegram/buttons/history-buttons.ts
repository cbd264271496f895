import { isValidTransactionId } from "../../payments/enquiry/transaction-id.ts";
import type { Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { CALLBACK_DATA_LIMIT } from "./answer-buttons.ts";

/**
 * The buttons of the history: ◀ ▶ of a payment's timeline (/history: its scope, ID and page), and
 * of /mychecks (the page), its 🔄 re-check of what is not final on a page, and its 📄 CSV of 30 days.
 */
export type HistoryButton =
  | { action: "historyPage"; scope: Scope; id: string; page: number }
  | { action: "mychecksPage"; page: number }
  | { action: "mychecksRecheck"; page: number }
  | { action: "mychecksCsv" };

/** Every history button starts so: a family of its own, beside the answers', access's (A:), languages' (L:) and cases' (C:). */
export const HISTORY_BUTTON_PREFIX = "H:";

const SCOPE_CODES: Record<Scope, string> = { collection: "c", airtime: "a", status: "s" };
const SCOPES = new Map(Object.entries(SCOPE_CODES).map(([scope, code]) => [code, scope as Scope]));

/** An ID travels inside the button when it fits, otherwise as a key into the button store. */
export async function encodeHistoryButton(button: HistoryButton, store: ButtonStore): Promise<string> {
  switch (button.action) {
    case "historyPage": {
      const inline = `H:h:${SCOPE_CODES[button.scope]}:${button.page}:${button.id}`;
      return Buffer.byteLength(inline) <= CALLBACK_DATA_LIMIT ? inline : `H:h:${SCOPE_CODES[button.scope]}:${button.page}#${await store.put([button.id])}`;
    }
    case "mychecksPage":
      return `H:m:${button.page}`;
    case "mychecksRecheck":
      return `H:r:${button.page}`;
    case "mychecksCsv":
      return "H:x";
  }
}

export type DecodedHistoryButton = { type: "ok"; button: HistoryButton } | { type: "expired" } | { type: "unknown" };

/** What a history button asks for; "unknown" for what this bot could not have made, undefined for another family's data. */
export async function decodeHistoryButton(data: string, store: ButtonStore): Promise<DecodedHistoryButton | undefined> {
  if (!data.startsWith(HISTORY_BUTTON_PREFIX)) return undefined;
  if (data === "H:x") return { type: "ok", button: { action: "mychecksCsv" } };
  const mine = /^H:([mr]):(\d{1,5})$/.exec(data);
  if (mine) return { type: "ok", button: { action: mine[1] === "m" ? "mychecksPage" : "mychecksRecheck", page: Number(mine[2]) } };
  const page = /^H:h:([cas]):(\d{1,5})([:#])(.+)$/.exec(data);
  if (!page) return { type: "unknown" };
  const scope = SCOPES.get(page[1] ?? "");
  const ids = page[3] === ":" ? [page[4] ?? ""] : await store.get(page[4] ?? "");
  if (!ids) return { type: "expired" };
  const [id] = ids;
  return scope && id !== undefined && ids.length === 1 && isValidTransactionId(id) ? { type: "ok", button: { action: "historyPage", scope, id, page: Number(page[2]) } } : { type: "unknown" };
}
