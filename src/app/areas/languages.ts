import type { Logger } from "../../logger.ts";
import type { StateStore } from "../../state/ports.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { languageChoices, type LanguageChoices } from "../../telegram/stores/language-choices.ts";
import { languageFeature } from "../../telegram/features/language/language.ts";
import type { Translations } from "../../telegram/i18n.ts";
import type { Area } from "../area.ts";

/** The languages people and groups chose with /language, as durable records, with their copy kept fresh; /language itself. */
export function languagesArea(state: StateStore, translations: Translations, presses: PressRouter, logger: Logger): Area & { choices: LanguageChoices; feature: BotFeature } {
  const choices = languageChoices(state.records, translations.locales, logger);
  return {
    choices,
    feature: { name: "language", composer: languageFeature({ choices, translations, presses: presses.for("language") }) },
    prepare: () => choices.refresh(),
    start: () => choices.start(),
    stop: async () => choices.stop(),
  };
}
