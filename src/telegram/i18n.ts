import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { I18n } from "@grammyjs/i18n";
import type { Context, MiddlewareFn } from "grammy";
import { numberFormats, type NumberFormats } from "./views/format/numbers.ts";
import { momentIn, type Moment } from "./views/format/moment.ts";
import { dayIn } from "./views/format/text.ts";
import type { Translate } from "./views/format/translate.ts";

export const DEFAULT_LOCALE = "en";
export const LOCALES_DIR = fileURLToPath(new URL("./locales", import.meta.url));

export type { Translate } from "./views/format/translate.ts";

export interface TranslateFlavor {
  /** Translations in the language this update is answered in. */
  t: Translate;
  /** That language (a locale file's name: en, fr, pt, sw), for messages sent to this user later. */
  locale: string;
  /** Numbers as that language writes them. */
  numbers: NumberFormats;
  /** A day in BOT_TIMEZONE as that language writes it: "24 Nov 2026", "24 nov. 2026". */
  day: (at: number) => string;
  /** A moment to come or just past, as that language says it: "tomorrow at 17:27 UTC". */
  when: Moment;
}

/** The language chosen with /language for a chat or a person (features/language/ keeps them): what answers and messages follow. */
export interface ChosenLanguages {
  /** A group's own, else the person's; undefined when nobody chose one. */
  localeFor(audience: { chatId?: number | undefined; userId?: number | undefined }): string | undefined;
}

export interface TranslationsOptions {
  /** BOT_TIMEZONE: the zone days are written in. */
  timeZone?: string;
}

/**
 * Every language the bot speaks, one Fluent file each in `locales/` (loaded by grammY's i18n
 * plugin): adding a file adds the language. A language chosen with /language wins (a group's, in
 * the group; else the person's); without one, Telegram's `language_code` picks (`fr-CA` counts as
 * French, `pt-BR` as Portuguese); anything else gets English.
 */
export class Translations {
  readonly i18n = new I18n({
    defaultLocale: DEFAULT_LOCALE,
    // Bidi isolation marks around variables would end up inside copied IDs.
    fluentBundleOptions: { useIsolating: false },
  });
  readonly #translators = new Map<string, Translate>();
  readonly #numbers = new Map<string, NumberFormats>();
  readonly #days = new Map<string, (at: number) => string>();
  readonly #moments = new Map<string, Moment>();

  constructor(options: TranslationsOptions = {}) {
    this.i18n.loadLocalesDirSync(LOCALES_DIR);
    const english = loadBundle(DEFAULT_LOCALE);
    for (const locale of this.i18n.locales) {
      const bundle = locale === DEFAULT_LOCALE ? english : loadBundle(locale);
      this.#translators.set(locale, cachedTranslator(this.i18n, locale, bundle, english));
      // Each file names the conventions its numbers and dates follow (Portuguese as written in Mozambique and Angola, not Brazil).
      const intlLocale = bundle.locales[0] ?? locale;
      this.#numbers.set(locale, numberFormats(intlLocale));
      this.#days.set(locale, dayIn(options.timeZone ?? "UTC", intlLocale));
      this.#moments.set(locale, momentIn(options.timeZone ?? "UTC", intlLocale, this.translatorFor(locale)));
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

  dayFor(locale: string): (at: number) => string {
    return this.#days.get(locale) ?? (this.#days.get(DEFAULT_LOCALE) as (at: number) => string);
  }

  momentFor(locale: string): Moment {
    return this.#moments.get(locale) ?? (this.#moments.get(DEFAULT_LOCALE) as Moment);
  }

  /**
   * Sets `ctx.t`, `ctx.locale`, `ctx.numbers`, `ctx.day` and `ctx.when` for the update: the language chosen
   * for its chat or its person, else their app's. Map lookups only.
   */
  middleware<C extends Context & TranslateFlavor>(choices?: ChosenLanguages): MiddlewareFn<C> {
    return (ctx, next) => {
      this.apply(ctx, choices?.localeFor({ chatId: ctx.chat?.id, userId: ctx.from?.id }) ?? pickLocale(ctx.from?.language_code, this.i18n.locales));
      return next();
    };
  }

  /** Answers the rest of this update in `locale` (after /language switched it). */
  apply(ctx: TranslateFlavor, locale: string): void {
    ctx.locale = this.#translators.has(locale) ? locale : DEFAULT_LOCALE;
    ctx.t = this.translatorFor(ctx.locale);
    ctx.numbers = this.numbersFor(ctx.locale);
    ctx.day = this.dayFor(ctx.locale);
    ctx.when = this.momentFor(ctx.locale);
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
  const format = (key: string, variables?: Record<string, string | number>): string => {
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

/** The conventions a file names for its numbers, dates and plural forms (`intl-locale`), else its own name. */
function intlLocaleOf(resource: FluentResource, locale: string): string {
  const probe = new FluentBundle(locale, { useIsolating: false });
  probe.addResource(resource);
  const pattern = probe.getMessage("intl-locale")?.value;
  if (!pattern) return locale;
  try {
    return Intl.getCanonicalLocales(probe.formatPattern(pattern))[0] ?? locale;
  } catch {
    // Not a language tag: the file's own name will do.
    return locale;
  }
}

/** A file's messages, in its conventions: Fluent writes numbers and picks plural forms by the bundle's first locale. */
function loadBundle(locale: string): FluentBundle {
  const resource = new FluentResource(readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8"));
  // Bidi isolation marks around variables would end up inside copied IDs.
  const bundle = new FluentBundle([intlLocaleOf(resource, locale), locale], { useIsolating: false });
  bundle.addResource(resource);
  return bundle;
}
