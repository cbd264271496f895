import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR, pickLocale } from "../../src/telegram/i18n.ts";
import { PHONE_LINE, phoneWidth } from "../support/telegram-limits.ts";

/**
 * Adding a language is one file in locales/: these checks are what keeps every file complete and
 * in step with English, whoever writes it.
 */
const LOCALES = readdirSync(LOCALES_DIR)
  .filter((file) => file.endsWith(".ftl"))
  .map((file) => file.slice(0, -".ftl".length))
  .sort();
const OTHERS = LOCALES.filter((locale) => locale !== "en");

const sourceOf = (locale: string) => readFileSync(join(LOCALES_DIR, `${locale}.ftl`), "utf8");
/** The keys the file defines, read from its text (a broken entry is still counted here). */
const keysOf = (locale: string) =>
  sourceOf(locale)
    .split("\n")
    .map((line) => /^([a-z][a-z0-9-]*)\s*=/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined);

function bundleOf(locale: string): FluentBundle {
  const bundle = new FluentBundle(locale, { useIsolating: false });
  bundle.addResource(new FluentResource(sourceOf(locale)));
  return bundle;
}

type SelectNode = { type: "select"; selector: unknown; variants: { key: { type: string; value?: unknown; name?: string }; value: unknown }[]; star: number };
const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);
/** A choice by a number's plural form (`[one] 1 cell *[other] 3 cells`): each language has its own forms. */
const isPluralChoice = (node: SelectNode) => node.variants.every((variant) => variant.key.type === "num" || PLURAL_CATEGORIES.has(String(variant.key.name ?? variant.key.value)));
const keyOf = (variant: SelectNode["variants"][number]) => String(variant.key.name ?? variant.key.value);

/**
 * What a message's pattern depends on: its variables, and each choice's variants (`select level:
 * down, *normal`). Plural choices are left out: a language chooses its words by a number where
 * English need not ("1 réussi", "3 réussis"), with its own plural forms.
 */
function shapeOf(pattern: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(pattern)) pattern.forEach((part) => shapeOf(part, into));
  else if (pattern && typeof pattern === "object") {
    const node = pattern as { type?: string; name?: string };
    if (node.type === "var") into.add(`$${node.name}`);
    // A reference to another message (`{ answer-provider-trouble } Tap…`): the same one in every language.
    if (node.type === "mesg") into.add(`{${node.name}}`);
    if (node.type === "select") {
      const select = node as SelectNode;
      shapeOf(select.selector, into);
      if (!isPluralChoice(select)) into.add(`select: ${select.variants.map((variant, index) => `${index === select.star ? "*" : ""}${keyOf(variant)}`).sort().join(", ")}`);
      select.variants.forEach((variant) => shapeOf(variant.value, into));
    }
  }
  return into;
}

/** Every plural choice of a message: its variants' keys and which is the default. */
function pluralChoicesOf(pattern: unknown, into: SelectNode[] = []): SelectNode[] {
  if (Array.isArray(pattern)) pattern.forEach((part) => pluralChoicesOf(part, into));
  else if (pattern && typeof pattern === "object" && (pattern as { type?: string }).type === "select") {
    const select = pattern as SelectNode;
    if (isPluralChoice(select)) into.push(select);
    select.variants.forEach((variant) => pluralChoicesOf(variant.value, into));
  }
  return into;
}

/** The words of a message, every variant of every choice included: what a reader of the language reads. */
function wordsOf(pattern: unknown): string {
  if (typeof pattern === "string") return pattern;
  if (Array.isArray(pattern)) return pattern.map(wordsOf).join("");
  const node = pattern as { type?: string; variants?: { value: unknown }[] } | undefined;
  return node?.type === "select" ? (node.variants ?? []).map((variant) => wordsOf(variant.value)).join(" | ") : "";
}
const rendered = (bundle: FluentBundle, key: string) => wordsOf(bundle.getMessage(key)?.value);

/** Messages that may read the same as in English in any language: only symbols, numbers, units and names. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "button-unwatch",
  "button-unwatch-kind",
  "heading-separator",
  "button-uninvite",
  "button-revoke",
  "button-previous",
  "button-next",
  "health-reason-line",
  "health-reason-item",
  "health-detail-item",
  "toast-language-chosen",
  "duration-seconds",
  "duration-minutes",
  "duration-hours",
]);
/** Words a language shares with English, checked by a reader of it. */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  // "configuration (ALLOWED_USER_IDS)" is French too.
  fr: ["admin-users-config-user", "admin-users-config-group"],
  // "Cobrança: normal" is Portuguese too.
  pt: ["health-kind-normal"],
};

describe("locales", () => {
  const english = bundleOf("en");
  const englishKeys = keysOf("en");

  it("speaks English, French, Swahili and Portuguese (and any language whose file is added)", () => {
    expect(LOCALES).toEqual(expect.arrayContaining(["en", "fr", "pt", "sw"]));
  });

  it.each(LOCALES)("%s parses whole: every entry of the file is a message", (locale) => {
    const bundle = bundleOf(locale);
    const keys = keysOf(locale);
    expect(keys.filter((key) => !bundle.hasMessage(key)), `entries Fluent could not read in ${locale}.ftl`).toEqual([]);
    expect(new Set(keys).size, `keys defined twice in ${locale}.ftl`).toBe(keys.length);
  });

  it.each(OTHERS)("%s has exactly the keys of en.ftl", (locale) => {
    const keys = new Set(keysOf(locale));
    expect(englishKeys.filter((key) => !keys.has(key)), `missing in ${locale}.ftl`).toEqual([]);
    expect([...keys].filter((key) => !englishKeys.includes(key)), `only in ${locale}.ftl`).toEqual([]);
  });

  it.each(OTHERS)("%s uses the variables and choices of en.ftl in every message", (locale) => {
    const bundle = bundleOf(locale);
    const different = englishKeys.filter((key) => {
      const ours = [...shapeOf(bundle.getMessage(key)?.value)].sort().join(" | ");
      return ours !== [...shapeOf(english.getMessage(key)?.value)].sort().join(" | ");
    });
    expect(different.map((key) => `${key}: ${[...shapeOf(bundle.getMessage(key)?.value)].join(" | ")} (English: ${[...shapeOf(english.getMessage(key)?.value)].join(" | ")})`)).toEqual([]);
  });

  it.each(LOCALES)("%s chooses words by a number only with its own plural forms, and always has *[other]", (locale) => {
    const bundle = bundleOf(locale);
    const intlLocale = rendered(bundle, "intl-locale");
    const forms = new Set(new Intl.PluralRules(intlLocale).resolvedOptions().pluralCategories);
    const wrong = keysOf(locale).flatMap((key) =>
      pluralChoicesOf(bundle.getMessage(key)?.value).flatMap((select) => {
        const keys = select.variants.map(keyOf);
        const unknown = select.variants.filter((variant) => variant.key.type !== "num" && !forms.has(keyOf(variant) as Intl.LDMLPluralRule)).map(keyOf);
        const fallback = select.variants[select.star] ? keyOf(select.variants[select.star] as SelectNode["variants"][number]) : undefined;
        return unknown.length > 0 || fallback !== "other" ? [`${key}: [${keys.join(", ")}], default ${fallback ?? "none"}`] : [];
      }),
    );
    expect(wrong, `plural forms of ${intlLocale}: ${[...forms].join(", ")}`).toEqual([]);
  });

  it.each(OTHERS)("%s has no message left in English by mistake", (locale) => {
    const bundle = bundleOf(locale);
    const shared = new Set([...SAME_IN_EVERY_LANGUAGE, ...(SAME_AS_ENGLISH[locale] ?? [])]);
    const untranslated = englishKeys.filter((key) => !shared.has(key) && bundle.hasMessage(key) && rendered(bundle, key) === rendered(english, key));
    expect(untranslated).toEqual([]);
  });

  // Buttons no handler test sends in every language: /mychecks' row of its own, with a count up to a page (10).
  it.each(LOCALES)("%s labels the history's and cases' buttons within a phone's line", (locale) => {
    const bundle = bundleOf(locale);
    const label = (key: string, count?: number) => {
      const message = bundle.getMessage(key);
      return message?.value ? bundle.formatPattern(message.value, count === undefined ? {} : { count }) : "";
    };
    const labels = [...Array.from({ length: 10 }, (_, index) => label("mychecks-recheck", index + 1)), label("mychecks-csv"), label("history-check-now"), label("button-send-to-support")];
    expect(labels.filter((text) => phoneWidth(text) > PHONE_LINE)).toEqual([]);
  });

  it("names each language in its own words, each name different", () => {
    const names = new Map(LOCALES.map((locale) => [locale, rendered(bundleOf(locale), "language-name")]));
    expect([names.get("en"), names.get("fr"), names.get("pt"), names.get("sw")]).toEqual(["English", "Français", "Português", "Kiswahili"]);
    expect(new Set(names.values()).size).toBe(LOCALES.length);
  });

  it("has every key the code uses", () => {
    // t("help"), and every quoted lower-case-with-hyphens string (all of which are keys there)...
    const patterns = [/\bt\(\s*"([a-z][a-z0-9-]+)"/g, /"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"/g];
    const walk = (dir: string, into = new Set<string>()) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path, into);
        else if (path.endsWith(".ts")) {
          const source = readFileSync(path, "utf8");
          for (const pattern of patterns) for (const match of source.matchAll(pattern)) into.add(match[1] ?? "");
        }
      }
      return into;
    };
    // ...but the domain's own values (outcomes, changes of state), which the views switch on.
    const domain = walk(join(LOCALES_DIR, "../../payments"));
    const used = walk(join(LOCALES_DIR, "../../app"), walk(join(LOCALES_DIR, "..")));
    expect([...used].filter((key) => !englishKeys.includes(key) && !domain.has(key))).toEqual([]);
  });

  it("picks the language from Telegram's language_code: sw, pt and pt-BR, fr and fr-*, English otherwise", () => {
    const available = ["en", "fr", "pt", "sw"];
    expect(pickLocale("sw", available)).toBe("sw");
    expect(pickLocale("pt", available)).toBe("pt");
    expect(pickLocale("pt-BR", available)).toBe("pt");
    expect(pickLocale("fr", available)).toBe("fr");
    expect(pickLocale("fr-CA", available)).toBe("fr");
    expect(pickLocale("de", available)).toBe("en");
    expect(pickLocale("sw-KE", available)).toBe("sw");
    expect(pickLocale(undefined, available)).toBe("en");
  });
});
