import type { KeyValueStore } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";

/** A mapping is kept for a year after it was last recorded: long after ALLOWED_CHAT_IDS should list the new ID. */
const KEEP_MS = 365 * 24 * 60 * 60 * 1000;
/** How long "this chat was never migrated" is believed before asking the store again (another instance may learn it). */
const NEGATIVE_MS = 60_000;

/**
 * When Telegram upgrades a group to a supergroup, the chat gets a new ID. The bot remembers which
 * ID a supergroup had before, so that an allowed group keeps working (and its watches keep
 * notifying) until an admin updates ALLOWED_CHAT_IDS.
 */
export class ChatAliases {
  readonly #known = new BoundedMap<number, { formerId: number | undefined; until: number }>(10_000);

  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The ID the chat had before its upgrade, if it was upgraded. */
  async formerIdOf(chatId: number): Promise<number | undefined> {
    const known = this.#known.get(chatId);
    if (known && known.until > this.now()) return known.formerId;
    // The store away: taken as not upgraded, and asked again within a minute.
    const stored = await this.store.get(key(chatId)).catch(() => undefined);
    const formerId = stored === undefined ? undefined : Number(stored);
    this.#known.set(chatId, { formerId, until: formerId === undefined ? this.now() + NEGATIVE_MS : Number.POSITIVE_INFINITY });
    return formerId;
  }

  /** The chat's original ID, following upgrades back: the one ALLOWED_CHAT_IDS may list. */
  async originalIdOf(chatId: number): Promise<number> {
    let id = chatId;
    // A group is upgraded once; the bound only guards against a corrupt cycle.
    for (let hop = 0; hop < 3; hop++) {
      const former = await this.formerIdOf(id);
      if (former === undefined) return id;
      id = former;
    }
    return id;
  }

  async record(formerId: number, newId: number): Promise<void> {
    this.#known.set(newId, { formerId, until: Number.POSITIVE_INFINITY });
    await this.store.set(key(newId), String(formerId), KEEP_MS);
  }
}

const key = (chatId: number) => `chat-former:${chatId}`;
