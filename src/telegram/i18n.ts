import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";

export const DEFAULT_LOCALE = "en";
export const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

/** A translator bound to one locale: what pure formatting functions receive. */
export type Translate = (key: string, variables?: Record<string, string>) => string;

export interface TranslateFlavor {
  /** Translations in the language of the user behind this update. */
  t: Translate;
  /** That language (a locale file's name: en, fr), for messages sent to this user later. */
  locale: string;
}

/**
 * English and French from Fluent files, loaded by grammY's i18n plugin. The user's Telegram
 * `language_code` picks the locale (`fr-CA` counts as French); anything else gets English.
 */
export class Translations {
  readonly i18n = new I18n({
    defaultLocale: DEFAULT_LOCALE,
    // Bidi isolation marks around variables would end up inside copied IDs.
    fluentBundleOptions: { useIsolating: false },
  });
  readonly #translators = new Map<string, Translate>();

  constructor() {
    this.i18n.loadLocalesDirSync(LOCALES_DIR);
    for (const locale of this.i18n.locales) this.#translators.set(locale, cachedTranslator(this.i18n, locale));
  }

  get locales(): readonly string[] {
    return this.i18n.locales;
  }

  translatorFor(locale: string): Translate {
    return this.#translators.get(locale) ?? (this.#translators.get(DEFAULT_LOCALE) as Translate);
  }

  forUser(languageCode: string | undefined): Translate {
    return this.translatorFor(pickLocale(languageCode, this.i18n.locales));
  }

  /** Sets `ctx.t` and `ctx.locale` for the update's user: one map lookup per update. */
  middleware<C extends Context & TranslateFlavor>(): MiddlewareFn<C> {
    return (ctx, next) => {
      ctx.locale = pickLocale(ctx.from?.language_code, this.i18n.locales);
      ctx.t = this.translatorFor(ctx.locale);
      return next();
    };
  }
}

export function pickLocale(languageCode: string | undefined, available: readonly string[]): string {
  const language = languageCode?.toLowerCase().split(/[-_]/)[0];
  return language !== undefined && available.includes(language) ? language : DEFAULT_LOCALE;
}

/**
 * The plugin negotiates the locale again on every lookup; messages without variables never
 * change, so each is looked up once per locale (they are a bounded set: the keys of the files).
 */
function cachedTranslator(i18n: I18n, locale: string): Translate {
  const plain = new Map<string, string>();
  return (key, variables) => {
    if (variables) return i18n.t(locale, key, variables);
    let text = plain.get(key);
    if (text === undefined) {
      text = i18n.t(locale, key);
      plain.set(key, text);
    }
    return text;
  };
}
