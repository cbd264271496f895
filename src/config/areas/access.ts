import { z } from "zod";
import type { AccessLists } from "../../access/policy.ts";
import { bool, chatTopic, decimal, idList, optional, presentIn, TRUE_WORDS, withDefault, type Environment } from "../values.ts";

/** Who may use the bot, who decides from the chat, and where the admins are told. */
export interface AccessSettings {
  access: AccessLists;
  /** How long an invite link works (INVITE_TTL_HOURS). */
  inviteTtlMs: number;
  adminChatId: number | undefined;
  /** ADMIN_CHAT_ID's forum topic, when it names one (`CHAT_ID:THREAD_ID`). */
  adminThreadId: number | undefined;
}

export const accessVariables = z.object({
  ALLOWED_USER_IDS: optional(idList),
  ALLOWED_CHAT_IDS: optional(idList),
  ALLOW_EVERYONE: withDefault(bool, false),
  ADMIN_USER_IDS: optional(idList),
  INVITE_TTL_HOURS: withDefault(decimal(0.001, 720), 24),
  ADMIN_CHAT_ID: optional(chatTopic),
});

/** Nobody at all may use the bot: said, rather than a bot that answers no one. */
export function accessProblems(env: Environment): string[] {
  const present = presentIn(env);
  const everyone = TRUE_WORDS.includes((env.ALLOW_EVERYONE ?? "").trim().toLowerCase());
  if (present("ALLOWED_USER_IDS") || present("ALLOWED_CHAT_IDS") || present("ADMIN_USER_IDS") || everyone) return [];
  return ["ALLOWED_USER_IDS, ALLOWED_CHAT_IDS and ADMIN_USER_IDS are all empty: list who may use the bot (or its admins, who can let people in from the chat), or set ALLOW_EVERYONE=true"];
}

export function accessSettings(env: z.output<typeof accessVariables>): AccessSettings {
  return {
    access: {
      allowedUserIds: env.ALLOWED_USER_IDS ?? new Set(),
      allowedChatIds: env.ALLOWED_CHAT_IDS ?? new Set(),
      allowEveryone: env.ALLOW_EVERYONE,
      adminUserIds: env.ADMIN_USER_IDS ?? new Set(),
    },
    inviteTtlMs: env.INVITE_TTL_HOURS * 3_600_000,
    adminChatId: env.ADMIN_CHAT_ID?.chatId,
    adminThreadId: env.ADMIN_CHAT_ID?.threadId,
  };
}
