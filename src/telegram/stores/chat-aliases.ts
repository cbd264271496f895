import type { KeyValueStore } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";

/** A mapping is kept for a year after it was last recorded: long after ALLOWED_CHAT_IDS should list the new ID. */
const KEEP_MS = 365 * 24 * 60 * 60 * 1000;
/** How long "this chat was never migrated" is believed before asking the store again (another instance may learn it). */
const NEGATIVE_MS = 60_000;

/** One way of the mapping, read from memory first: an ID's other ID (undefined: none) and until when that is believed. */
type Known = BoundedMap<number, { id: number | undefined; until: number }>;

/**
 * When Telegram upgrades a group to a supergroup, the chat gets a new ID. The bot remembers both
 * ways, in the store (every instance, and after a restart): which ID a supergroup had before, so
 * that an allowed group keeps working (and its watches keep notifying) until an admin updates
 * ALLOWED_CHAT_IDS; and where a group went, so that a message sent outside an update (the
 * messenger) goes straight to the new ID.
 */
export class ChatAliases {
  readonly #former: Known = new BoundedMap(10_000);
  readonly #moved: Known = new BoundedMap(10_000);

  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The ID the chat had before its upgrade, if it was upgraded. */
  formerIdOf(chatId: number): Promise<number | undefined> {
    return this.#read(this.#former, formerKey(chatId), chatId);
  }

  /** The chat's original ID, following upgrades back: the one ALLOWED_CHAT_IDS may list. */
  originalIdOf(chatId: number): Promise<number> {
    return this.#follow(chatId, (id) => this.formerIdOf(id));
  }

  /** The ID a chat has now, following upgrades forward (itself when it was never upgraded). */
  currentIdOf(chatId: number): Promise<number> {
    return this.#follow(chatId, (id) => this.#read(this.#moved, movedKey(id), id));
  }

  /** Where a chat went, as far as this instance knows without asking the store (for answers that cannot wait: is this the admin chat?). */
  knownCurrentIdOf(chatId: number): number | undefined {
    return this.#moved.get(chatId)?.id;
  }

  async record(formerId: number, newId: number): Promise<void> {
    this.#former.set(newId, { id: formerId, until: Number.POSITIVE_INFINITY });
    this.#moved.set(formerId, { id: newId, until: Number.POSITIVE_INFINITY });
    await this.store.set(formerKey(newId), String(formerId), KEEP_MS);
    await this.store.set(movedKey(formerId), String(newId), KEEP_MS);
  }

  async #read(known: Known, key: string, chatId: number): Promise<number | undefined> {
    const cached = known.get(chatId);
    if (cached && cached.until > this.now()) return cached.id;
    // The store away: taken as not upgraded, and asked again within a minute.
    const stored = await this.store.get(key).catch(() => undefined);
    const id = stored === undefined ? undefined : Number(stored);
    known.set(chatId, { id, until: id === undefined ? this.now() + NEGATIVE_MS : Number.POSITIVE_INFINITY });
    return id;
  }

  async #follow(chatId: number, step: (id: number) => Promise<number | undefined>): Promise<number> {
    let id = chatId;
    // A group is upgraded once; the bound only guards against a corrupt cycle.
    for (let hop = 0; hop < 3; hop++) {
      const next = await step(id);
      if (next === undefined) return id;
      id = next;
    }
    return id;
  }
}

const formerKey = (chatId: number) => `chat-former:${chatId}`;
const movedKey = (chatId: number) => `chat-moved:${chatId}`;
