import { Composer, type InlineKeyboard } from "grammy";
import type { Chat } from "grammy/types";
import type { BotContext } from "../../context.ts";
import type { Translations } from "../../i18n.ts";
import type { LanguageChoices } from "../../stores/language-choices.ts";
import { tolerateHarmless } from "../../transport/errors.ts";
import { commands } from "../../views/commands.ts";
import type { Presses } from "../../buttons/router.ts";
import { languageKeyboard } from "./language-picker.ts";

export interface LanguageFeatureDeps {
  choices: LanguageChoices;
  translations: Translations;
  /** The language buttons are handled here. */
  presses: Presses;
  now?: () => number;
}

/** Telegram's stand-in sender for a group's anonymous administrators (their messages come "from" the group). */
const ANONYMOUS_ADMIN_BOT_ID = 1087968824;

/**
 * /language: a person chooses the language they are answered in, everywhere; a group's
 * administrators choose the group's, which then wins for everyone in it. The choice is a durable
 * record in the state store, seen by every instance. A press switches at once: the message is
 * edited in the new language.
 */
export function languageFeature(deps: LanguageFeatureDeps): Composer<BotContext> {
  const { choices, translations } = deps;
  const now = deps.now ?? Date.now;
  const locales = translations.locales;
  // A language's own name: capitalised on its button and in a toast ("Français"), as a sentence of it writes it inside one ("français").
  const nameOf = (locale: string) => translations.translatorFor(locale)("language-name");
  const inSentence = (locale: string) => translations.translatorFor(locale)("language-name-in-sentence");
  const keyboard = (current: string | undefined): InlineKeyboard => languageKeyboard(locales, current, nameOf);

  /** What the picker says in this chat, in the update's language. */
  const describe = (ctx: BotContext, chat: Chat): string => {
    if (chat.type === "private") return ctx.t("language-current-private", { language: inSentence(ctx.locale) });
    const own = choices.localeFor({ chatId: chat.id });
    return own ? ctx.t("language-current-group", { language: inSentence(own) }) : ctx.t("language-current-group-unset", { language: inSentence(ctx.locale) });
  };

  const composer = new Composer<BotContext>();
  composer.command(commands.language.name, async (ctx) => {
    const reply_parameters = { message_id: ctx.msg.message_id, allow_sending_without_reply: true };
    if (ctx.chat.type !== "private" && !(await isGroupAdmin(ctx, ctx.chat.id))) {
      await ctx.reply(`${describe(ctx, ctx.chat)}\n${ctx.t("language-group-admins-only")}`, { reply_parameters });
      return;
    }
    const current = ctx.chat.type === "private" ? ctx.locale : choices.localeFor({ chatId: ctx.chat.id });
    await ctx.reply(describe(ctx, ctx.chat), { reply_markup: keyboard(current), reply_parameters });
  });

  deps.presses.on("language", async (ctx, { locale }) => {
    const chat = ctx.callbackQuery.message?.chat;
    // A language the bot does not speak (forged, or a file since removed): nothing to choose.
    if (!chat || !locales.includes(locale)) {
      await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-stale-button") }), ctx.logger);
      return;
    }
    const group = chat.type !== "private";
    if (group && !(await isGroupAdmin(ctx, chat.id))) {
      await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("language-group-admins-only"), show_alert: true }), ctx.logger);
      return;
    }
    await choices.choose(group ? { kind: "chat", id: chat.id } : { kind: "user", id: ctx.from.id }, { locale, by: ctx.from.id, at: now() });
    ctx.logger.info({ chatId: chat.id, userId: ctx.from.id, locale, group }, "language chosen");
    // The rest of this update, the toast included, is in the language just chosen.
    translations.apply(ctx, locale);
    await tolerateHarmless(ctx.answerCallbackQuery({ text: ctx.t("toast-language-chosen", { language: nameOf(locale) }) }), ctx.logger);
    await tolerateHarmless(ctx.editMessageText(ctx.t(group ? "language-chosen-group" : "language-chosen-private", { language: inSentence(locale) }), { reply_markup: keyboard(locale) }), ctx.logger);
  });
  return composer;
}

/** An administrator of the group (Telegram's word, asked each time: admins change); anyone else, or no answer, is not. */
async function isGroupAdmin(ctx: BotContext, chatId: number): Promise<boolean> {
  if (ctx.from?.id === ANONYMOUS_ADMIN_BOT_ID && ctx.senderChat?.id === chatId) return true;
  if (!ctx.from) return false;
  try {
    const member = await ctx.api.getChatMember(chatId, ctx.from.id);
    return member.status === "creator" || member.status === "administrator";
  } catch (error) {
    ctx.logger.warn({ err: error, chatId }, "could not ask Telegram whether this member is an administrator");
    return false;
  }
}
