import type { Scope } from "../../payments/query.ts";
import type { ButtonStore } from "../stores/button-store.ts";

/** Telegram's limit for `callback_data`, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

/** A press understood; one whose stored ID list has lapsed; or data this bot could not have made (it can be forged). */
export type Decoded<P> = { type: "press"; press: P } | { type: "expired" } | { type: "unknown" };

/**
 * One family of buttons, declared in one file of this folder: what its data starts with, how a
 * press becomes data and data a press again. The family's presses are its own type; the `Press`
 * union (presses.ts) is made of every family's. Sync or async as the family needs (only those
 * that may keep IDs in the button store read or write it).
 */
export interface ButtonCodec<P extends { action: string }> {
  /** What every data of the family starts with (one string per press's first letter for the oldest family); no two families' overlap (a test holds it). */
  readonly prefixes: readonly string[];
  encode(press: P, store: ButtonStore): string | Promise<string>;
  /** Only ever given data that starts with one of `prefixes`. */
  decode(data: string, store: ButtonStore): Decoded<P> | Promise<Decoded<P>>;
}

/** The presses of a family, from its codec. */
export type PressOf<C> = C extends ButtonCodec<infer P> ? P : never;

/** A scope in one letter, as buttons carry it (answers, cases). */
export const SCOPE_CODES: Readonly<Record<Scope, string>> = { collection: "c", airtime: "a", status: "s" };
export const SCOPE_OF_CODE: ReadonlyMap<string, Scope> = invert(SCOPE_CODES);

/** Names to codes, and back. */
export function invert<K extends string>(codes: Readonly<Record<K, string>>): Map<string, K> {
  return new Map(Object.entries(codes).map(([name, code]) => [code as string, name as K]));
}

/** IDs travel inside the button when they fit (`<head>:a,b`); otherwise as a short key into the store (`<head>#key`). */
export async function withIds(head: string, ids: readonly string[], store: ButtonStore): Promise<string> {
  const inline = `${head}:${ids.join(",")}`;
  return Buffer.byteLength(inline) <= CALLBACK_DATA_LIMIT ? inline : `${head}#${await store.put(ids)}`;
}

/** The IDs after a head `withIds` wrote (`separator` is ":" or "#"); undefined when the stored list has lapsed. */
export async function idsOf(separator: string, rest: string, store: ButtonStore): Promise<readonly string[] | undefined> {
  return separator === ":" ? rest.split(",") : store.get(rest);
}
