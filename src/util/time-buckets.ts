/** Time in whole minutes and hours since the epoch: the buckets tallies are kept in (the health counts, cases opened and resolved). */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export const minuteOf = (at: number): number => Math.floor(at / MINUTE_MS);
export const hourOf = (at: number): number => Math.floor(at / HOUR_MS);

/** The minutes and whole hours that together cover a stretch of time, each minute once. */
export interface Covering {
  minutes: number[];
  hours: number[];
}

/**
 * [from, to) in whole minutes (from rounded down, to rounded up): the whole hours inside it, and
 * the minutes at either edge. A day is 24 reads of hours and at most 118 of minutes, not 1,440.
 */
export function covering(from: number, to: number): Covering {
  const first = minuteOf(from);
  const end = Math.ceil(to / MINUTE_MS);
  const firstHour = Math.ceil(first / 60);
  const endHour = Math.floor(end / 60);
  if (firstHour >= endHour) return { minutes: minutesIn(from, to), hours: [] };
  return { minutes: [...range(first, firstHour * 60), ...range(endHour * 60, end)], hours: range(firstHour, endHour) };
}

/** Every minute of [from, to), from rounded down, to rounded up. */
export function minutesIn(from: number, to: number): number[] {
  return range(minuteOf(from), Math.ceil(to / MINUTE_MS));
}

/** The hours that overlap [from, to): distinct payments are counted by the hour. */
export function hoursOverlapping(from: number, to: number): number[] {
  return range(hourOf(from), Math.ceil(to / HOUR_MS));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);
}
