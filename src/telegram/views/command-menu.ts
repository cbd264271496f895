import { CommandGroup } from "@grammyjs/commands";
import type { Api } from "grammy";
import type { LanguageCode } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { DEFAULT_LOCALE, Translations } from "../i18n.ts";

/** Commands shown in Telegram's menu, with the locale key of their short description. */
const MENU = [
  ["collection", "command-collection"],
  ["airtime", "command-airtime"],
  ["status", "command-status"],
  ["whoami", "command-whoami"],
  ["help", "command-help"],
] as const;

/** The menu for private chats and for groups, in every language the bot speaks. */
export function commandMenu(): CommandGroup<BotContext> {
  const translations = new Translations();
  const menu = new CommandGroup<BotContext>();
  for (const [name, key] of MENU) {
    const command = menu.command(name, translations.translatorFor(DEFAULT_LOCALE)(key));
    for (const locale of translations.locales.filter((locale) => locale !== DEFAULT_LOCALE)) {
      // Locale files are named by Telegram language codes (en.ftl, fr.ftl).
      command.localize(locale as LanguageCode, name, translations.translatorFor(locale)(key));
    }
    command.addToScope({ type: "all_private_chats" }).addToScope({ type: "all_group_chats" });
  }
  return menu;
}

/** Registers the menu (setMyCommands). A failure costs only the menu, so it is logged, never fatal. */
export async function registerCommandMenu(api: Api, logger: Logger): Promise<void> {
  try {
    await commandMenu().setCommands({ api });
    logger.info("command menu registered");
  } catch (error) {
    logger.warn({ err: String(error) }, "could not register the command menu; commands still work");
  }
}
