import type { Logger } from "../../logger.ts";
import type { StateStore } from "../../state/ports.ts";
import type { Translations } from "../../telegram/i18n.ts";
import { languageChoices, type LanguageChoices } from "../../telegram/features/language/language-choices.ts";
import type { Area } from "./area.ts";

/** The languages people and groups chose with /language, as durable records, with their copy kept fresh. */
export function languagesArea(state: StateStore, translations: Translations, logger: Logger): Area & { choices: LanguageChoices } {
  const choices = languageChoices(state.records, translations.locales, logger);
  return { choices, prepare: () => choices.refresh(), start: () => choices.start(), stop: async () => choices.stop() };
}
