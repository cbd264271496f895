import { fmt, FormattedString } from "@grammyjs/parse-mode";
import { isHighSurrogate } from "../../../util/service-text.ts";

/** Telegram's limit for a message's text, in UTF-16 code units. */
export const TELEGRAM_TEXT_LIMIT = 4096;

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

/** A day in BOT_TIMEZONE, as a language writes it: "24 Nov 2026" (en-GB), "24 nov. 2026" (fr). */
export function dayIn(timeZone: string, intlLocale = "en-GB"): (at: number) => string {
  const format = new Intl.DateTimeFormat(intlLocale, { timeZone, day: "numeric", month: "short", year: "numeric" });
  return (at) => format.format(new Date(at));
}
