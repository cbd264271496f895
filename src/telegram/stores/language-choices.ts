import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { Records } from "../../state/ports.ts";
import { recordsCopy } from "../../state/records-copy.ts";
import { decodeJson } from "../../util/decode-json.ts";
import type { ChosenLanguages } from "../i18n.ts";

/** Whose language: a person's (everywhere they are answered) or a group's (everyone in it). */
export type LanguageOwner = { kind: "user" | "chat"; id: number };

/** A language chosen with /language: durable, shared by every instance. */
export interface LanguageChoice {
  /** A locale file's name: en, fr, pt, sw. */
  locale: string;
  /** Who chose it (for a group, the administrator). */
  by: number;
  at: number;
}

/** Where a message goes and who it is for: the chat's language, else the person's. */
export interface Audience {
  chatId?: number | undefined;
  userId?: number | undefined;
}

export interface LanguageChoices extends ChosenLanguages {
  /** The language chosen for this audience: a group's own, else the person's; undefined when nobody chose one. */
  localeFor(audience: Audience): string | undefined;
  /** Remembers a choice; seen by every instance within two seconds, and by this one at once. */
  choose(owner: LanguageOwner, choice: LanguageChoice): Promise<void>;
  /** A group became a supergroup: its language follows it to the new ID. */
  move(formerChatId: number, newChatId: number): Promise<void>;
  refresh(): Promise<void>;
  start(): void;
  stop(): void;
}

const COLLECTION = "languages";
const choiceSchema = z.object({ locale: z.string().min(2).max(16), by: z.number(), at: z.number() });
const idOf = (owner: LanguageOwner) => `${owner.kind}:${owner.id}`;

/**
 * Languages people and groups chose, as durable records in the state store, with a copy in memory:
 * resolving the language of an update (or of a notification sent later) is a map lookup.
 * A choice of a language this bot no longer has is ignored (the person gets `language_code`'s).
 */
export function languageChoices(records: Records, available: readonly string[], logger: Logger): LanguageChoices {
  const copy = recordsCopy(records, COLLECTION, (text) => decodeChoice(text, available), logger);
  // Resolved on every update: looked up by number, with no key string built each time.
  let index = indexOf(copy.current());
  const choiceOf = (owner: LanguageOwner) => {
    if (index.copy !== copy.current()) index = indexOf(copy.current());
    return (owner.kind === "user" ? index.users : index.chats).get(owner.id);
  };
  return {
    localeFor({ chatId, userId }) {
      // Private chats have the person's ID: only a group (negative ID) has a language of its own.
      const ofChat = chatId !== undefined && chatId < 0 ? choiceOf({ kind: "chat", id: chatId }) : undefined;
      const person = userId ?? (chatId !== undefined && chatId > 0 ? chatId : undefined);
      return ofChat ?? (person !== undefined ? choiceOf({ kind: "user", id: person }) : undefined);
    },
    async choose(owner, choice) {
      // Pressing the language already chosen writes nothing: every instance would read the collection again for it.
      if (choiceOf(owner) === choice.locale) return;
      await records.update(COLLECTION, idOf(owner), () => JSON.stringify(choice));
      await copy.reload();
    },
    async move(formerChatId, newChatId) {
      const former = await records.get(COLLECTION, idOf({ kind: "chat", id: formerChatId }));
      if (former === undefined) return;
      await records.update(COLLECTION, idOf({ kind: "chat", id: newChatId }), (current) => current ?? former);
      await records.update(COLLECTION, idOf({ kind: "chat", id: formerChatId }), () => undefined);
      await copy.reload();
    },
    refresh: () => copy.reload(),
    start: () => copy.start(),
    stop: () => copy.stop(),
  };
}

function indexOf(copy: ReadonlyMap<string, LanguageChoice>) {
  const users = new Map<number, string>();
  const chats = new Map<number, string>();
  for (const [id, choice] of copy) {
    const [kind, owner] = id.split(":");
    if (kind === "user" || kind === "chat") (kind === "user" ? users : chats).set(Number(owner), choice.locale);
  }
  return { copy, users, chats };
}

function decodeChoice(text: string, available: readonly string[]): LanguageChoice | undefined {
  const choice = decodeJson(choiceSchema, text);
  return choice && available.includes(choice.locale) ? choice : undefined;
}
