import { MAX_IDS_PER_QUERY, type Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";

/**
 * What a button does: re-check an answer, ask about IDs that were sent without a command, watch
 * an answer's open payments (notify) or stop, stop one watch from the /watches list, pick the kind
 * of a file of IDs (bulk: its one "ID" is the stored file's key), or cancel a bulk check (its job).
 */
export type ButtonAction = "refresh" | "ask" | "notify" | "stop" | "unwatch" | "bulk" | "cancel";

export interface ButtonPayload {
  action: ButtonAction;
  scope: Scope;
  ids: readonly string[];
}

/** Telegram's limit for `callback_data`, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

const ACTION_CODES: Record<ButtonAction, string> = { refresh: "r", ask: "q", notify: "n", stop: "x", unwatch: "u", bulk: "f", cancel: "k" };
const SCOPE_CODES: Record<Scope, string> = { collection: "c", airtime: "a", status: "s" };
const ACTIONS = invert(ACTION_CODES);
const SCOPES = invert(SCOPE_CODES);
const DATA = /^([a-z])([a-z])([:#])(.+)$/;

/** IDs travel inside the button when they fit; otherwise as a short key into the store. */
export async function encodeButton(payload: ButtonPayload, store: ButtonStore): Promise<string> {
  const prefix = ACTION_CODES[payload.action] + SCOPE_CODES[payload.scope];
  const inline = `${prefix}:${payload.ids.join(",")}`;
  if (Buffer.byteLength(inline) <= CALLBACK_DATA_LIMIT) return inline;
  return `${prefix}#${await store.put(payload.ids)}`;
}

export type DecodedButton = { type: "ok"; payload: ButtonPayload } | { type: "expired" } | { type: "unknown" };

/**
 * Button data comes from the client and can be forged: anything this bot could not have made
 * (an unknown code, more IDs than a command may carry) is "unknown" and makes no enquiry.
 */
export async function decodeButton(data: string, store: ButtonStore): Promise<DecodedButton> {
  const match = DATA.exec(data);
  const action = ACTIONS.get(match?.[1] ?? "");
  const scope = SCOPES.get(match?.[2] ?? "");
  if (!match || !action || !scope) return { type: "unknown" };
  const rest = match[4] ?? "";
  const ids = match[3] === ":" ? rest.split(",") : await store.get(rest);
  if (!ids) return { type: "expired" };
  if (ids.length > MAX_IDS_PER_QUERY) return { type: "unknown" };
  return { type: "ok", payload: { action, scope, ids } };
}

function invert<K extends string>(codes: Record<K, string>): Map<string, K> {
  return new Map(Object.entries(codes).map(([name, code]) => [code as string, name as K]));
}
