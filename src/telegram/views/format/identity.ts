import { FormattedString } from "@grammyjs/parse-mode";
import type { Translate } from "./translate.ts";
import { concat, line } from "./text.ts";

/** User and chat IDs in monospace (tap to copy), for the admin who has to allow them. */
export function formatIdentity(
  who: { userId: number | undefined; chatId: number | undefined; chatType?: string | undefined },
  t: Translate,
): FormattedString {
  const lines = [
    line(`${t("whoami-user")} `, FormattedString.code(String(who.userId ?? "?"))),
    line(`${t("whoami-chat")} `, FormattedString.code(String(who.chatId ?? "?"))),
  ];
  if (who.chatType !== undefined) lines.push(line(`${t("whoami-chat-type")} ${who.chatType}`));
  return concat(lines, "\n");
}

/** /whoami: the IDs (with the forum topic's, asked in one: for CHAT_ID:THREAD_ID), and whether this person may ask here. */
export function formatWhoami(who: { userId: number | undefined; chatId: number; chatType: string; threadId?: number | undefined }, allowed: boolean, t: Translate): FormattedString {
  const identity = formatIdentity(who, t);
  const topic = who.threadId === undefined ? [] : [line(`${t("whoami-topic")} `, FormattedString.code(String(who.threadId)))];
  return concat([concat([identity, ...topic], "\n"), t(allowed ? "whoami-allowed" : "whoami-not-allowed")], "\n\n");
}
