import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";

export const DEFAULT_LOCALE = "en";
export const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

/** A translator bound to one locale: what pure formatting functions receive. */
export type Translate = (key: string, variables?: Record<string, string>) => string;

/**
 * English and French from Fluent files. The user's Telegram `language_code` picks the locale
 * (`fr-CA` counts as French); anything else gets English.
 */
export function createI18n<C extends Context>(): I18n<C> {
  const i18n: I18n<C> = new I18n<C>({
    defaultLocale: DEFAULT_LOCALE,
    // Bidi isolation marks around variables would end up inside copied IDs.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx): string => pickLocale(ctx.from?.language_code, i18n.locales),
  });
  i18n.loadLocalesDirSync(LOCALES_DIR);
  return i18n;
}

export function pickLocale(languageCode: string | undefined, available: readonly string[]): string {
  const language = languageCode?.toLowerCase().split(/[-_]/)[0];
  return language !== undefined && available.includes(language) ? language : DEFAULT_LOCALE;
}

/** A translator outside any update (the command menu, the admin alert). */
export function translatorFor(i18n: Pick<I18n, "t">, locale: string): Translate {
  return (key, variables) => i18n.t(locale, key, variables);
}
