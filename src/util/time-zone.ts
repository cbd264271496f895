const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_MS = 15 * 60 * 1000;
/** A few months of quarters: a long history or export reads them again and again, and the map stays small. */
const MOST_QUARTERS_KEPT = 10_000;

/** A wall-clock date and time in a time zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface TimeZone {
  /** What the clocks in the zone show at `at`. */
  wallClock: (at: number) => WallClock;
  /**
   * The instant the zone's clocks show this date and time. A time skipped by a change to summer
   * time is taken as the same wall time with the old offset (it lands an hour later); a repeated
   * one as its first occurrence.
   */
  instantOf: (clock: WallClock) => number;
  /** When the day of `at` began there. */
  startOfDay: (at: number) => number;
}

/** Day arithmetic on wall-clock dates (the 31st + 1 is the 1st), in the proleptic Gregorian calendar. */
export function addDays(clock: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + days));
  return { ...clock, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** "2026-11-24": a day's name that sorts, for keys. */
export const dayKey = (clock: WallClock): string => `${clock.year}-${String(clock.month).padStart(2, "0")}-${String(clock.day).padStart(2, "0")}`;

/** An IANA zone (BOT_TIMEZONE), read with Intl: no time zone data of our own. */
export function timeZone(name: string): TimeZone {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: name, year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" });
  const exactWallClock = (at: number): WallClock & { second: number } => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(at))) if (part.type !== "literal") parts[part.type] = Number(part.value);
    return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
  };
  /** How far the zone's clocks are ahead of UTC at `at`. */
  const offsetAt = (at: number): number => {
    const clock = exactWallClock(at);
    const whole = at - (((at % 1000) + 1000) % 1000);
    return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second) - whole;
  };
  // formatToParts costs microseconds, and a history or an export writes the time of thousands of
  // entries: the offset is kept per quarter of an hour (zones change offset on quarter hours),
  // and only where it is the same at both ends of the quarter; elsewhere the clock is read exactly.
  const offsets = new Map<number, number | undefined>();
  const quarterOffset = (quarter: number): number | undefined => {
    if (offsets.has(quarter)) return offsets.get(quarter);
    if (offsets.size >= MOST_QUARTERS_KEPT) offsets.clear();
    const start = quarter * QUARTER_MS;
    const offset = offsetAt(start);
    const steady = offset === offsetAt(start + QUARTER_MS - 1) ? offset : undefined;
    offsets.set(quarter, steady);
    return steady;
  };
  const wallClock = (at: number): WallClock & { second: number } => {
    const offset = quarterOffset(Math.floor(at / QUARTER_MS));
    if (offset === undefined) return exactWallClock(at);
    const shown = new Date(at + offset);
    return { year: shown.getUTCFullYear(), month: shown.getUTCMonth() + 1, day: shown.getUTCDate(), hour: shown.getUTCHours(), minute: shown.getUTCMinutes(), second: shown.getUTCSeconds() };
  };
  const instantOf = (clock: WallClock): number => {
    const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
    // The offsets a day either side: any change of offset near this time is between them.
    const before = asUtc - offsetAt(asUtc - DAY_MS);
    const after = asUtc - offsetAt(asUtc + DAY_MS);
    const shows = (at: number) => {
      const shown = wallClock(at);
      return shown.year === clock.year && shown.month === clock.month && shown.day === clock.day && shown.hour === clock.hour && shown.minute === clock.minute;
    };
    const valid = [before, after].filter(shows);
    return valid.length > 0 ? Math.min(...valid) : before;
  };
  return {
    wallClock,
    instantOf,
    startOfDay: (at) => instantOf({ ...wallClock(at), hour: 0, minute: 0 }),
  };
}
