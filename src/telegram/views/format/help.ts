import { FormattedString } from "@grammyjs/parse-mode";
import type { Translate } from "../../i18n.ts";
import { concat } from "./text.ts";

/** How to use the bot: what /help shows, and what a person or group just let in is told. */
export function formatHelp(t: Translate, options: { chatType: string; botUsername: string; admin: boolean }): FormattedString {
  const parts = [new FormattedString(t("help"))];
  if (options.chatType === "private") parts.push(new FormattedString(t("help-private-tip")));
  parts.push(new FormattedString(t("help-inline-tip", { bot: options.botUsername })));
  if (options.admin) parts.push(new FormattedString(t("help-admin")));
  return concat(parts, "\n\n");
}
