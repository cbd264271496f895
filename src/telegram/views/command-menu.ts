import { CommandGroup } from "@grammyjs/commands";
import type { Api } from "grammy";
import type { LanguageCode } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { DEFAULT_LOCALE, type Translations } from "../i18n.ts";
import { describeTelegramFailure } from "../transport/startup-calls.ts";
import { menuCommands } from "./commands.ts";

/** The menu for private chats and for groups, in every language the bot speaks. */
export function commandMenu(translations: Translations): CommandGroup<BotContext> {
  const menu = new CommandGroup<BotContext>();
  for (const { name, menu: key } of menuCommands) {
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
export async function registerCommandMenu(api: Api, translations: Translations, logger: Logger): Promise<void> {
  try {
    await commandMenu(translations).setCommands({ api });
    logger.info("command menu registered");
  } catch (error) {
    logger.warn({ description: describeTelegramFailure(error) }, "could not register the command menu; commands still work");
  }
}
