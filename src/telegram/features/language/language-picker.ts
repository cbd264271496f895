import { InlineKeyboard } from "grammy";
import { languageButtons } from "../../buttons/language-buttons.ts";


/** One button per language, named in its own words, two to a row; the one in use is ticked. */
export function languageKeyboard(locales: readonly string[], current: string | undefined, nameOf: (locale: string) => string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  locales.forEach((locale, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(locale === current ? `✓ ${nameOf(locale)}` : nameOf(locale), languageButtons.encode({ action: "language", locale }));
  });
  return keyboard;
}
