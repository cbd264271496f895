import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { I18n } from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";
import { numberFormats, type NumberFormats } from "./views/format/numbers.ts";

export const DEFAULT_LOCALE = "en";
export const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

/** A translator bound to one locale: what pure formatting functions receive. */
export type Translate = (key: string, variables?: Record<string, string>) => string;

export interface TranslateFlavor {
  /** Translations in the language of the user behind this update. */
  t: Translate;
  /** That language (a locale file's name: en, fr), for messages sent to this user later. */
  locale: string;
  /** Numbers as that language writes them. */
  numbers: NumberFormats;
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
  readonly #numbers = new Map<string, NumberFormats>();

  constructor() {
    this.i18n.loadLocalesDirSync(LOCALES_DIR);
    const english = loadBundle(DEFAULT_LOCALE);
    for (const locale of this.i18n.locales) {
      this.#translators.set(locale, cachedTranslator(this.i18n, locale, locale === DEFAULT_LOCALE ? english : loadBundle(locale), english));
      this.#numbers.set(locale, numberFormats(locale));
    }
  }

  get locales(): readonly string[] {
    return this.i18n.locales;
  }

  translatorFor(locale: string): Translate {
    return this.#translators.get(locale) ?? (this.#translators.get(DEFAULT_LOCALE) as Translate);
  }

  numbersFor(locale: string): NumberFormats {
    return this.#numbers.get(locale) ?? (this.#numbers.get(DEFAULT_LOCALE) as NumberFormats);
  }

  forUser(languageCode: string | undefined): Translate {
    return this.translatorFor(pickLocale(languageCode, this.i18n.locales));
  }

  /** Sets `ctx.t` and `ctx.locale` for the update's user: one map lookup per update. */
  middleware<C extends Context & TranslateFlavor>(): MiddlewareFn<C> {
    return (ctx, next) => {
      ctx.locale = pickLocale(ctx.from?.language_code, this.i18n.locales);
      ctx.t = this.translatorFor(ctx.locale);
      ctx.numbers = this.numbersFor(ctx.locale);
      return next();
    };
  }
}

export function pickLocale(languageCode: string | undefined, available: readonly string[]): string {
  const language = languageCode?.toLowerCase().split(/[-_]/)[0];
  return language !== undefined && available.includes(language) ? language : DEFAULT_LOCALE;
}

/**
 * The plugin negotiates the locale again on every lookup (a few µs each, more with every language
 * added, and an answer makes a dozen): each locale's messages are formatted here straight from its
 * Fluent bundle, parsed from the same file, with English for a key a file lacks, and the plugin's
 * own lookup (and its warning) for a key nobody has. Messages without variables never change, so
 * each is formatted once per locale (they are a bounded set: the keys of the files).
 */
function cachedTranslator(i18n: I18n, locale: string, bundle: FluentBundle, english: FluentBundle): Translate {
  const plain = new Map<string, string>();
  const format = (key: string, variables?: Record<string, string>): string => {
    for (const source of [bundle, english]) {
      const pattern = source.getMessage(key)?.value;
      if (pattern) return source.formatPattern(pattern, variables);
    }
    return i18n.t(locale, key, variables);
  };
  return (key, variables) => {
    if (variables) return format(key, variables);
    let text = plain.get(key);
    if (text === undefined) {
      text = format(key);
      plain.set(key, text);
    }
    return text;
  };
}

function loadBundle(locale: string): FluentBundle {
  // Bidi isolation marks around variables would end up inside copied IDs.
  const bundle = new FluentBundle(locale, { useIsolating: false });
  bundle.addResource(new FluentResource(readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8")));
  return bundle;
}
