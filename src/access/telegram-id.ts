/** Telegram's user and chat IDs have at most 52 significant bits (the Bot API says so): a double holds them exactly. */
export const MAX_TELEGRAM_ID = 2 ** 52 - 1;

/** Written as Telegram writes an ID: an optional minus, then digits with no leading zero. */
const WRITTEN = /^-?[1-9]\d{0,15}$/;

/**
 * A user or chat ID as typed by an admin, carried in button data or listed in the configuration;
 * undefined for anything Telegram could not have given: 0, -0, leading zeros, a sign of +, or a
 * number past 52 bits (which `Number()` would round to someone else's ID).
 */
export function parseTelegramId(text: string): number | undefined {
  if (!WRITTEN.test(text)) return undefined;
  const id = Number(text);
  return Math.abs(id) <= MAX_TELEGRAM_ID ? id : undefined;
}

/** The same rule, for text that holds an ID and more: the pattern to embed in a larger one. */
export const TELEGRAM_ID_PATTERN = "-?[1-9]\\d{0,15}";
