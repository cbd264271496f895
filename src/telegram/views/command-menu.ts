import { CommandGroup } from "@grammyjs/commands";
import type { Api } from "grammy";
import type { BotCommandScope, LanguageCode } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { DEFAULT_LOCALE, type Translations } from "../i18n.ts";
import { classifySendFailure } from "../transport/errors.ts";
import { adminMenuCommands, menuCommands, type Command } from "./commands.ts";

/** A menu of these commands, in every language the bot speaks, for these scopes. */
export function commandMenu(translations: Translations, list: readonly Command[], scopes: readonly BotCommandScope[]): CommandGroup<BotContext> {
  const menu = new CommandGroup<BotContext>();
  for (const { name, menu: key } of list) {
    if (key === undefined) continue;
    const command = menu.command(name, translations.translatorFor(DEFAULT_LOCALE)(key));
    for (const locale of translations.locales.filter((locale) => locale !== DEFAULT_LOCALE)) {
      // Locale files are named by Telegram language codes (en.ftl, fr.ftl).
      command.localize(locale as LanguageCode, name, translations.translatorFor(locale)(key));
    }
    scopes.forEach((scope) => command.addToScope(scope));
  }
  return menu;
}

export interface MenuAdmins {
  adminUserIds: ReadonlySet<number>;
  adminChatId: number | undefined;
}

/**
 * Registers the menus (setMyCommands): everyone's for private chats and groups, and the admins'
 * (everyone's, then theirs) in each admin's private chat and, for each admin, in the admin chat.
 * A failure costs only that menu, so it is logged, never fatal (an admin who never opened a chat
 * with the bot cannot have a menu there yet).
 */
export async function registerCommandMenu(api: Api, translations: Translations, logger: Logger, admins: MenuAdmins = { adminUserIds: new Set(), adminChatId: undefined }): Promise<void> {
  const menus: { name: string; menu: CommandGroup<BotContext> }[] = [
    { name: "everyone's", menu: commandMenu(translations, menuCommands, [{ type: "all_private_chats" }, { type: "all_group_chats" }]) },
    ...[...admins.adminUserIds].map((userId) => ({
      name: "an admin's",
      menu: commandMenu(translations, adminMenuCommands, [
        { type: "chat", chat_id: userId },
        ...(admins.adminChatId === undefined ? [] : [{ type: "chat_member" as const, chat_id: admins.adminChatId, user_id: userId }]),
      ]),
    })),
  ];
  for (const { name, menu } of menus) {
    try {
      await menu.setCommands({ api });
    } catch (error) {
      const { type, description } = classifySendFailure(error);
      logger.warn({ failure: type, description, menu: name }, "could not register the command menu; commands still work");
    }
  }
  logger.info({ menus: menus.length }, "command menus registered");
}
