import type { Translate } from "./translate.ts";

/** Numbers as a language writes them: 1,204 · 35% (English), 1 204 · 35 % (French). */
export interface NumberFormats {
  count(value: number): string;
  /** A share between 0 and 1, as a whole percentage. */
  percent(share: number): string;
  /** A latency: "850 ms", "2.4 s". */
  latency(ms: number): string;
}

export function numberFormats(locale: string): NumberFormats {
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  const millis = new Intl.NumberFormat(locale, { style: "unit", unit: "millisecond", unitDisplay: "short", maximumFractionDigits: 0 });
  const seconds = new Intl.NumberFormat(locale, { style: "unit", unit: "second", unitDisplay: "short", maximumFractionDigits: 1 });
  return {
    count: (value) => count.format(value),
    percent: (share) => percent.format(share),
    latency: (ms) => (ms < 1_000 ? millis.format(Math.round(ms)) : seconds.format(ms / 1_000)),
  };
}

const YEAR_MS = 365.25 * 24 * 3_600_000;

/** How long something lasted: "11 s", "45 min", "2 h 5 min", "3 d 4 h", "73 years". */
export function formatDuration(ms: number, t: Translate): string {
  // Under a minute in seconds: 11 s of trouble is not "1 min".
  const seconds = Math.max(0, Math.round(ms / 1_000));
  if (seconds < 60) return t("duration-seconds", { seconds: String(seconds) });
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return t("duration-minutes", { minutes: String(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("duration-hours", { hours: String(hours), minutes: String(minutes % 60) });
  const days = Math.floor(hours / 24);
  // A year or more (a token that expires in 2100): in years, not 26,697 days.
  if (days >= 365) return t("duration-years", { years: Math.max(1, Math.floor(ms / YEAR_MS)) });
  return t("duration-days", { days: String(days), hours: String(hours % 24) });
}
