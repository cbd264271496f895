import { createHash } from "node:crypto";
import type { KeyValueStore } from "../../state/ports.ts";

/** A button keeps working at least this long after its message was last sent or edited. */
export const BUTTON_LIFETIME_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * Remembers ID lists too long to fit in a button (several IDs, or one 64-character ID) under a
 * short key, in the state store: the button works after a restart and through any instance. The
 * key is derived from the list, so sending the same list again reuses (and extends) one entry.
 */
export class ButtonStore {
  constructor(private readonly store: KeyValueStore) {}

  async put(ids: readonly string[]): Promise<string> {
    const key = createHash("sha256").update(ids.join(",")).digest("base64url").slice(0, 16);
    await this.store.set(`button:${key}`, ids.join(","), BUTTON_LIFETIME_MS);
    return key;
  }

  async get(key: string): Promise<readonly string[] | undefined> {
    return (await this.store.get(`button:${key}`))?.split(",");
  }
}
