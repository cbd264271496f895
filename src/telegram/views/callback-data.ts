import { randomBytes } from "node:crypto";
import { BoundedMap } from "../../util/bounded-map.ts";
import type { Scope } from "../../payments/query.ts";

/** What a button does: re-check an answer, or ask about IDs that were sent without a command. */
export type ButtonAction = "refresh" | "ask";

export interface ButtonPayload {
  action: ButtonAction;
  scope: Scope;
  ids: readonly string[];
}

/** Telegram's limit for `callback_data`, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

const ACTION_CODES: Record<ButtonAction, string> = { refresh: "r", ask: "q" };
const SCOPE_CODES: Record<Scope, string> = { collection: "c", airtime: "a", status: "s" };
const ACTIONS = invert(ACTION_CODES);
const SCOPES = invert(SCOPE_CODES);
const DATA = /^([a-z])([a-z])([:#])(.+)$/;

/**
 * Remembers ID lists too long to fit in a button (several IDs, or one 64-character ID) under a
 * short key. Bounded: the oldest entries go first, and their buttons answer "expired".
 */
export class IdListStore {
  readonly #entries: BoundedMap<string, readonly string[]>;

  constructor(maxEntries = 10_000) {
    this.#entries = new BoundedMap(maxEntries);
  }

  put(ids: readonly string[]): string {
    const key = randomBytes(6).toString("base64url");
    this.#entries.set(key, ids);
    return key;
  }

  get(key: string): readonly string[] | undefined {
    return this.#entries.get(key);
  }
}

/** IDs travel inside the button when they fit; otherwise as a short key into the store. */
export function encodeButton(payload: ButtonPayload, store: IdListStore): string {
  const prefix = ACTION_CODES[payload.action] + SCOPE_CODES[payload.scope];
  const inline = `${prefix}:${payload.ids.join(",")}`;
  if (Buffer.byteLength(inline) <= CALLBACK_DATA_LIMIT) return inline;
  return `${prefix}#${store.put(payload.ids)}`;
}

export type DecodedButton = { type: "ok"; payload: ButtonPayload } | { type: "expired" } | { type: "unknown" };

export function decodeButton(data: string, store: IdListStore): DecodedButton {
  const match = DATA.exec(data);
  const action = ACTIONS.get(match?.[1] ?? "");
  const scope = SCOPES.get(match?.[2] ?? "");
  if (!match || !action || !scope) return { type: "unknown" };
  const rest = match[4] ?? "";
  const ids = match[3] === ":" ? rest.split(",") : store.get(rest);
  return ids ? { type: "ok", payload: { action, scope, ids } } : { type: "expired" };
}

function invert<K extends string>(codes: Record<K, string>): Map<string, K> {
  return new Map(Object.entries(codes).map(([name, code]) => [code as string, name as K]));
}
