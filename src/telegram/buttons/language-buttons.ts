import type { ButtonCodec, Decoded } from "./codec.ts";

/** A language of /language: a locale file's name (en, fr, pt, sw); whether the bot speaks it is the feature's to say. */
export type LanguagePress = { action: "language"; locale: string };

const PREFIX = "L:";

export const languageButtons = {
  prefixes: [PREFIX],
  encode: (press: LanguagePress): string => `${PREFIX}${press.locale}`,
  decode: (data: string): Decoded<LanguagePress> => ({ type: "press", press: { action: "language", locale: data.slice(PREFIX.length) } }),
} satisfies ButtonCodec<LanguagePress>;
