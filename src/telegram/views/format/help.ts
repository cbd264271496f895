import { FormattedString } from "@grammyjs/parse-mode";
import type { Translate } from "./translate.ts";
import { concat } from "./text.ts";

/** How to use the bot: what /help shows, and what a person or group just let in is told. */
export function formatHelp(t: Translate, options: { chatType: string; botUsername: string; admin: boolean; cases?: boolean }): FormattedString {
  const parts = [new FormattedString(t("help"))];
  if (options.chatType === "private") parts.push(new FormattedString(t("help-private-tip")));
  // Cases are an agent's, in a private chat with the bot (SUPPORT_CHAT_ID set).
  if (options.chatType === "private" && options.cases) parts.push(new FormattedString(t("help-cases")));
  parts.push(new FormattedString(t("help-receipts")));
  parts.push(new FormattedString(t("help-inline-tip", { bot: options.botUsername })));
  if (options.admin) parts.push(new FormattedString(t("help-admin")));
  return concat(parts, "\n\n");
}
