/** Every language button starts so; the rest is a locale file's name (en, fr, pt, sw). */
export const LANGUAGE_BUTTON_PREFIX = "L:";

export const encodeLanguageButton = (locale: string): string => `${LANGUAGE_BUTTON_PREFIX}${locale}`;

/** The locale a language button names (whether the bot speaks it is the feature's to say); undefined for any other data. */
export function decodeLanguageButton(data: string): string | undefined {
  return data.startsWith(LANGUAGE_BUTTON_PREFIX) ? data.slice(LANGUAGE_BUTTON_PREFIX.length) : undefined;
}
