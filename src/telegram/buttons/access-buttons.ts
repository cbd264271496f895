import { parseTelegramId, TELEGRAM_ID_PATTERN } from "../../access/telegram-id.ts";
import type { ButtonCodec, Decoded } from "./codec.ts";

/** The buttons of access management: a stranger asking, an admin deciding, listing, revoking. */
export type AccessPress =
  /** 🙋 Request access, under a stranger's refusal. */
  | { action: "requestAccess" }
  /** ✅ Approve / ❌ Deny a request. */
  | { action: "approve" | "deny"; requestId: string }
  /** ◀ ▶ of /users. */
  | { action: "usersPage"; page: number }
  /** 🚫 of /users. */
  | { action: "revoke"; kind: "user" | "chat"; id: number; page: number }
  /** 🚫 of /invites. */
  | { action: "uninvite"; publicId: string };

/** Every access button starts so: the access gate lets a stranger's press through. */
const PREFIX = "A:";
const REQUEST_ID = new RegExp(`^(user|chat):(${TELEGRAM_ID_PATTERN})$`);
const unknown = { type: "unknown" } as const;
const press = (value: AccessPress): Decoded<AccessPress> => ({ type: "press", press: value });

export const accessButtons = {
  prefixes: [PREFIX],

  encode(value: AccessPress): string {
    switch (value.action) {
      case "requestAccess":
        return "A:ask";
      case "approve":
        return `A:yes:${value.requestId}`;
      case "deny":
        return `A:no:${value.requestId}`;
      case "usersPage":
        return `A:users:${value.page}`;
      case "revoke":
        return `A:rev:${value.kind === "user" ? "u" : "c"}:${value.id}:${value.page}`;
      case "uninvite":
        return `A:uninv:${value.publicId}`;
    }
  },

  decode(data: string): Decoded<AccessPress> {
    const [verb = "", ...rest] = data.slice(PREFIX.length).split(":");
    const tail = rest.join(":");
    switch (verb) {
      case "ask":
        return tail === "" ? press({ action: "requestAccess" }) : unknown;
      case "yes":
      case "no":
        return parseTelegramId(REQUEST_ID.exec(tail)?.[2] ?? "") !== undefined ? press({ action: verb === "yes" ? "approve" : "deny", requestId: tail }) : unknown;
      case "users":
        return /^\d{1,4}$/.test(tail) ? press({ action: "usersPage", page: Number(tail) }) : unknown;
      case "rev": {
        const match = /^([uc]):([^:]+):(\d{1,4})$/.exec(tail);
        const id = parseTelegramId(match?.[2] ?? "");
        return match && id !== undefined ? press({ action: "revoke", kind: match[1] === "u" ? "user" : "chat", id, page: Number(match[3]) }) : unknown;
      }
      case "uninv":
        return /^[A-Za-z0-9_-]{10}$/.test(tail) ? press({ action: "uninvite", publicId: tail }) : unknown;
      default:
        return unknown;
    }
  },

  /** Whether data is an access button's (the access gate lets such presses through from strangers). */
  owns: (data: string): boolean => data.startsWith(PREFIX),
} satisfies ButtonCodec<AccessPress> & { owns(data: string): boolean };
