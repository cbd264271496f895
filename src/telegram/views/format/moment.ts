import type { Translate } from "./translate.ts";
import { timeZone } from "../../../util/time-zone.ts";

/**
 * A moment as a person reads it, in BOT_TIMEZONE and their language: "today at 17:27 UTC",
 * "tomorrow at 17:27 UTC", "Thu 26 Nov at 17:27 UTC" within a week, "26 Nov 2027 at 17:27 UTC"
 * further off. A bare time of day reads as already past for a link valid 24 hours.
 */
export type Moment = (at: number, now: number) => string;

const DAY_MS = 24 * 60 * 60 * 1000;

export function momentIn(zoneName: string, intlLocale: string, t: Translate): Moment {
  const zone = timeZone(zoneName);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: zoneName, hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" });
  const weekDay = new Intl.DateTimeFormat(intlLocale, { timeZone: zoneName, weekday: "short", day: "numeric", month: "short" });
  const fullDay = new Intl.DateTimeFormat(intlLocale, { timeZone: zoneName, day: "numeric", month: "short", year: "numeric" });
  return (at, now) => {
    const clock = time.format(new Date(at)).replace(",", "");
    // Whole days between the two dates there (a day of 23 or 25 hours rounds to one).
    const days = Math.round((zone.startOfDay(at) - zone.startOfDay(now)) / DAY_MS);
    if (days === 0) return t("moment-today", { time: clock });
    if (days === 1) return t("moment-tomorrow", { time: clock });
    return t("moment-day", { day: (days > 1 && days < 7 ? weekDay : fullDay).format(new Date(at)), time: clock });
  };
}
