import type { KeyValueStore } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";

/** A mapping is kept for a year after it was last recorded: long after ALLOWED_CHAT_IDS should list the new ID. */
const KEEP_MS = 365 * 24 * 60 * 60 * 1000;
/** How long "this chat was never migrated" is believed before asking the store again (another instance may learn it). */
const NEGATIVE_MS = 60_000;

/**
 * When Telegram upgrades a group to a supergroup, the chat gets a new ID. The bot remembers both
 * ways, in the store (every instance, and after a restart): which ID a supergroup had before, so
 * that an allowed group keeps working (and its watches keep notifying) until an admin updates
 * ALLOWED_CHAT_IDS; and where a group went, so that a message sent outside an update (the
 * messenger) goes straight to the new ID.
 */
export class ChatAliases {
  readonly #known = new BoundedMap<number, { formerId: number | undefined; until: number }>(10_000);
  readonly #moved = new BoundedMap<number, { newId: number | undefined; until: number }>(10_000);

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

  /** The ID a chat has now, following upgrades forward (itself when it was never upgraded). */
  async currentIdOf(chatId: number): Promise<number> {
    let id = chatId;
    for (let hop = 0; hop < 3; hop++) {
      const next = await this.#newIdOf(id);
      if (next === undefined) return id;
      id = next;
    }
    return id;
  }

  /** Where a chat went, as far as this instance knows without asking the store (for answers that cannot wait: is this the admin chat?). */
  knownCurrentIdOf(chatId: number): number | undefined {
    return this.#moved.get(chatId)?.newId;
  }

  async record(formerId: number, newId: number): Promise<void> {
    this.#known.set(newId, { formerId, until: Number.POSITIVE_INFINITY });
    this.#moved.set(formerId, { newId, until: Number.POSITIVE_INFINITY });
    await this.store.set(key(newId), String(formerId), KEEP_MS);
    await this.store.set(movedKey(formerId), String(newId), KEEP_MS);
  }

  async #newIdOf(chatId: number): Promise<number | undefined> {
    const known = this.#moved.get(chatId);
    if (known && known.until > this.now()) return known.newId;
    const stored = await this.store.get(movedKey(chatId)).catch(() => undefined);
    const newId = stored === undefined ? undefined : Number(stored);
    this.#moved.set(chatId, { newId, until: newId === undefined ? this.now() + NEGATIVE_MS : Number.POSITIVE_INFINITY });
    return newId;
  }
}

const key = (chatId: number) => `chat-former:${chatId}`;
const movedKey = (chatId: number) => `chat-moved:${chatId}`;
