import { InlineKeyboard } from "grammy";

/** Every language button starts so; the rest is a locale file's name (en, fr, pt, sw). */
export const LANGUAGE_BUTTON_PREFIX = "L:";

export const encodeLanguageButton = (locale: string): string => `${LANGUAGE_BUTTON_PREFIX}${locale}`;

/** The language a press asks for; undefined for one this bot does not speak (button data can be forged). */
export function decodeLanguageButton(data: string, available: readonly string[]): string | undefined {
  if (!data.startsWith(LANGUAGE_BUTTON_PREFIX)) return undefined;
  const locale = data.slice(LANGUAGE_BUTTON_PREFIX.length);
  return available.includes(locale) ? locale : undefined;
}

/** One button per language, named in its own words, two to a row; the one in use is ticked. */
export function languageKeyboard(locales: readonly string[], current: string | undefined, nameOf: (locale: string) => string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  locales.forEach((locale, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(locale === current ? `✓ ${nameOf(locale)}` : nameOf(locale), encodeLanguageButton(locale));
  });
  return keyboard;
}
