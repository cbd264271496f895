import { parseTelegramId, TELEGRAM_ID_PATTERN } from "../../access/telegram-id.ts";

/** The buttons of access management: a stranger asking, an admin deciding, listing, revoking. */
export type AccessButton =
  | { action: "ask" }
  | { action: "approve" | "deny"; requestId: string }
  | { action: "users"; page: number }
  | { action: "revoke"; kind: "user" | "chat"; id: number; page: number }
  | { action: "uninvite"; publicId: string };

/** Every access button starts so: other features leave such presses alone, and the access gate lets a stranger's through. */
export const ACCESS_BUTTON_PREFIX = "A:";

export function encodeAccessButton(button: AccessButton): string {
  switch (button.action) {
    case "ask":
      return "A:ask";
    case "approve":
      return `A:yes:${button.requestId}`;
    case "deny":
      return `A:no:${button.requestId}`;
    case "users":
      return `A:users:${button.page}`;
    case "revoke":
      return `A:rev:${button.kind === "user" ? "u" : "c"}:${button.id}:${button.page}`;
    case "uninvite":
      return `A:uninv:${button.publicId}`;
  }
}

const REQUEST_ID = new RegExp(`^(user|chat):(${TELEGRAM_ID_PATTERN})$`);

/** What a press asks for; undefined for anything this bot could not have made (it can be forged). */
export function decodeAccessButton(data: string): AccessButton | undefined {
  if (!data.startsWith(ACCESS_BUTTON_PREFIX)) return undefined;
  const [verb = "", ...rest] = data.slice(ACCESS_BUTTON_PREFIX.length).split(":");
  const tail = rest.join(":");
  switch (verb) {
    case "ask":
      return tail === "" ? { action: "ask" } : undefined;
    case "yes":
    case "no":
      return parseTelegramId(REQUEST_ID.exec(tail)?.[2] ?? "") !== undefined ? { action: verb === "yes" ? "approve" : "deny", requestId: tail } : undefined;
    case "users":
      return /^\d{1,4}$/.test(tail) ? { action: "users", page: Number(tail) } : undefined;
    case "rev": {
      const match = /^([uc]):([^:]+):(\d{1,4})$/.exec(tail);
      const id = parseTelegramId(match?.[2] ?? "");
      return match && id !== undefined ? { action: "revoke", kind: match[1] === "u" ? "user" : "chat", id, page: Number(match[3]) } : undefined;
    }
    case "uninv":
      return /^[A-Za-z0-9_-]{10}$/.test(tail) ? { action: "uninvite", publicId: tail } : undefined;
    default:
      return undefined;
  }
}
