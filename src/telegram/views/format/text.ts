import { fmt, FormattedString } from "@grammyjs/parse-mode";

/** Telegram's limit for a message's text, in UTF-16 code units. */
export const TELEGRAM_TEXT_LIMIT = 4096;

// C0/C1 controls (newlines are folded separately) and bidi overrides that could reorder what
// the reader sees: service text is shown, never trusted.
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * Makes text that came from the service safe to show on one line: no control or bidi-override
 * characters, no broken surrogates, whitespace folded, at most `max` characters (with an ellipsis).
 */
export function cleanServiceText(text: string, max: number): string {
  const clean = text.toWellFormed().replace(UNSAFE_CHARACTERS, "").replace(/\s+/g, " ").trim();
  return truncate(clean, max);
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Never cut a surrogate pair in half.
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * Guarantees a message fits Telegram's limit. Callers already shorten what they show; this is the
 * last line of defence, so that a reply is never rejected for its length.
 */
export function fitMessage(message: FormattedString, limit = TELEGRAM_TEXT_LIMIT): FormattedString {
  if (message.text.length <= limit) return message;
  let end = limit - 1;
  if (isHighSurrogate(message.text.charCodeAt(end - 1))) end--;
  return message.slice(0, end).plain("…");
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export const bold = (text: string): FormattedString => FormattedString.bold(text);
/** Monospace: Telegram copies it with a tap. */
export const mono = (text: string): FormattedString => FormattedString.code(text);

/**
 * Concatenates plain and formatted pieces, keeping each piece's entities, in a single pass
 * (`FormattedString.join` re-copies the text and entities for every piece it adds).
 */
export function concat(parts: readonly (FormattedString | string)[], separator = ""): FormattedString {
  const pieces = separator === "" ? parts : parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]));
  return fmt(new Array<string>(pieces.length + 1).fill(""), ...pieces);
}

/** One line made of plain and formatted pieces. */
export const line = (...parts: (FormattedString | string)[]): FormattedString => concat(parts);

export type Clock = (date: Date) => string;

/** "14:05:32 UTC": by default, agents in several time zones read the same clock. */
export function formatClock(date: Date): string {
  return `${date.toISOString().slice(11, 19)} UTC`;
}

/**
 * The time of day in BOT_TIMEZONE, with the zone's short name so nobody takes it for their own:
 * "14:05:32 GMT+1", "14:05:32 UTC".
 */
export function clockIn(timeZone: string): Clock {
  if (timeZone === "UTC") return formatClock;
  const format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "short" });
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return `${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
  };
}
