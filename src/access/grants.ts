import { z } from "zod";
import type { Logger } from "../logger.ts";
import type { Records } from "../state/ports.ts";
import { recordsCopy } from "../state/records-copy.ts";
import type { Granted } from "./policy.ts";
import { decodeJson } from "../util/decode-json.ts";

/** Someone, as last seen: for the admins' lists and messages. */
export interface Person {
  id: number;
  /** First and last name, or a group's title. */
  name: string;
  username?: string | undefined;
}

/** How access was given from the chat. */
export type GrantedHow =
  | { type: "approved"; by: Person; at: number }
  | { type: "invite"; by: Person; at: number }
  | { type: "allowed"; by: Person; at: number }
  /** An admin added the bot to the group. */
  | { type: "added"; by: Person; at: number };

export interface Grant {
  kind: "user" | "chat";
  subject: Person;
  how: GrantedHow;
}

const person = z.object({ id: z.number(), name: z.string(), username: z.string().optional() });
const grantSchema = z.object({
  kind: z.enum(["user", "chat"]),
  subject: person,
  how: z.object({ type: z.enum(["approved", "invite", "allowed", "added"]), by: person, at: z.number() }),
});

const COLLECTION = "access-grants";
const keyOf = (kind: Grant["kind"], id: number) => `${kind}:${id}`;

export interface AccessGrants extends Granted {
  /** Gives access; false when the subject already had it (the record is kept as it was). */
  grant(grant: Grant): Promise<boolean>;
  /** Takes access away; the grant taken, or undefined when there was none. */
  revoke(kind: Grant["kind"], id: number): Promise<Grant | undefined>;
  /** A granted group became a supergroup: its grant follows it to the new ID. */
  move(formerChatId: number, newChatId: number): Promise<boolean>;
  /** Every grant, as stored now. */
  list(): Promise<Grant[]>;
  /** Keeps the name a grant shows (/users) as last seen: written only when it changed. */
  noteName(kind: Grant["kind"], id: number, name: string): void;
  /** Reads the records again now (after a change here, or when another instance made one). */
  refresh(): Promise<void>;
  /** Keeps the copy in memory up to date; call `stop` when done. */
  start(): void;
  stop(): void;
}

/**
 * Access given from the chat, as durable records in the state store (SQLite, or Redis shared by
 * every instance), and a copy of them in memory (state/records-copy.ts): the access check on every
 * update reads the copy and costs no round trip, and a change made through any instance holds
 * everywhere within two seconds.
 */
export function accessGrants(records: Records, logger: Logger): AccessGrants {
  const copy = recordsCopy(records, COLLECTION, decodeGrant, logger);
  const refresh = () => copy.reload();
  // The check on every update looks up a number, as it did before the copy: no key string built per update.
  let index = indexOf(copy.current());
  const has = (kind: Grant["kind"], id: number) => {
    if (index.copy !== copy.current()) index = indexOf(copy.current());
    return (kind === "user" ? index.users : index.chats).has(id);
  };
  /** Names written since the copy was last read (a name seen is compared with these and the copy, never with the store). */
  let noted = { copy: copy.current(), names: new Map<string, string>() };

  return {
    hasUser: (userId) => has("user", userId),
    hasChat: (chatId) => has("chat", chatId),
    async grant(grant) {
      let added = false;
      await records.update(COLLECTION, keyOf(grant.kind, grant.subject.id), (current) => {
        added = current === undefined || decodeGrant(current) === undefined;
        return added ? JSON.stringify(grant) : current;
      });
      await refresh();
      return added;
    },
    async revoke(kind, id) {
      let taken: Grant | undefined;
      await records.update(COLLECTION, keyOf(kind, id), (current) => {
        taken = decodeGrant(current);
        return undefined;
      });
      await refresh();
      return taken;
    },
    async move(formerChatId, newChatId) {
      const grant = decodeGrant(await records.get(COLLECTION, keyOf("chat", formerChatId)));
      if (!grant) return false;
      await records.update(COLLECTION, keyOf("chat", newChatId), () => JSON.stringify({ ...grant, subject: { ...grant.subject, id: newChatId } }));
      await records.update(COLLECTION, keyOf("chat", formerChatId), () => undefined);
      await refresh();
      return true;
    },
    async list() {
      return [...(await records.all(COLLECTION)).values()].map(decodeGrant).filter((grant): grant is Grant => grant !== undefined);
    },
    noteName(kind, id, name) {
      const key = keyOf(kind, id);
      if (noted.copy !== copy.current()) noted = { copy: copy.current(), names: new Map() };
      const known = noted.names.get(key) ?? noted.copy.get(key)?.subject.name;
      if (known === undefined || known === name) return;
      noted.names.set(key, name);
      void records
        .update(COLLECTION, key, (current) => {
          const grant = decodeGrant(current);
          return grant ? JSON.stringify({ ...grant, subject: { ...grant.subject, name } }) : current;
        })
        // Only a name in a list: the next sighting writes it again.
        .catch((error: unknown) => logger.debug({ err: error }, "a grant's name was not updated"));
    },
    refresh,
    start: () => copy.start(),
    stop: () => copy.stop(),
  };
}

function indexOf(copy: ReadonlyMap<string, Grant>): { copy: ReadonlyMap<string, Grant>; users: Set<number>; chats: Set<number> } {
  const users = new Set<number>();
  const chats = new Set<number>();
  for (const grant of copy.values()) (grant.kind === "user" ? users : chats).add(grant.subject.id);
  return { copy, users, chats };
}

function decodeGrant(text: string | undefined): Grant | undefined {
  return decodeJson(grantSchema, text);
}
