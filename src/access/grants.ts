import { z } from "zod";
import type { Logger } from "../logger.ts";
import type { Records } from "../state/ports.ts";
import type { Granted } from "./policy.ts";

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
/** A change made through another instance is seen here within this (the staleness bound is twice it). */
export const GRANTS_REFRESH_MS = 1_000;
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
 * every instance), and a copy of them in memory: the access check on every update reads the copy
 * and costs no round trip. The copy is refreshed when the collection's revision moves on, looked
 * at every second, so a change made through any instance holds everywhere within two.
 */
export function accessGrants(records: Records, logger: Logger): AccessGrants {
  let users = new Set<number>();
  let chats = new Set<number>();
  /** The names grants show, by `kind:id`: a name seen is compared here, never with the store. */
  let names = new Map<string, string>();
  let revision = -1;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;

  async function load(): Promise<void> {
    const current = await records.revision(COLLECTION);
    if (current === revision) return;
    const nextUsers = new Set<number>();
    const nextChats = new Set<number>();
    const nextNames = new Map<string, string>();
    for (const value of (await records.all(COLLECTION)).values()) {
      const grant = decodeGrant(value);
      if (!grant) continue;
      (grant.kind === "user" ? nextUsers : nextChats).add(grant.subject.id);
      nextNames.set(keyOf(grant.kind, grant.subject.id), grant.subject.name);
    }
    users = nextUsers;
    chats = nextChats;
    names = nextNames;
    revision = current;
  }
  const refresh = () => {
    refreshing ??= load().finally(() => (refreshing = undefined));
    return refreshing;
  };

  return {
    hasUser: (userId) => users.has(userId),
    hasChat: (chatId) => chats.has(chatId),
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
      const known = names.get(key);
      if (known === undefined || known === name) return;
      names.set(key, name);
      void records
        .update(COLLECTION, key, (current) => {
          const grant = decodeGrant(current);
          return grant ? JSON.stringify({ ...grant, subject: { ...grant.subject, name } }) : current;
        })
        // Only a name in a list: the next sighting writes it again.
        .catch((error: unknown) => logger.debug({ err: error }, "a grant's name was not updated"));
    },
    refresh,
    start() {
      timer ??= setInterval(() => {
        // The store away: the copy in memory keeps serving, and is refreshed once it is back.
        refresh().catch((error: unknown) => logger.debug({ err: error }, "access grants not refreshed"));
      }, GRANTS_REFRESH_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

function decodeGrant(text: string | undefined): Grant | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = grantSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not JSON: not a grant this bot wrote, so no access from it.
    return undefined;
  }
}
