import { Translations } from "../../telegram/i18n.ts";
import { formatDuration } from "../../telegram/views/format/numbers.ts";

/** How long something lasts, as doctor says it. */
export type Duration = (ms: number) => string;

/**
 * Doctor speaks English, in the words the admins' /health uses in English ("73 years", "3 d 2 h"):
 * one formatter for both, so that the two never disagree on the same token.
 */
export function englishDuration(translations: Translations = new Translations()): Duration {
  const t = translations.translatorFor("en");
  return (ms) => formatDuration(ms, t);
}
