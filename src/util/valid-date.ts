/**
 * `date` when it is one (a Date made of NaN, or past ±8.64e15 ms, is "Invalid Date": formatting it
 * throws a RangeError); undefined otherwise. For dates that come from outside (a provider's answer,
 * another instance's record) on their way to a reply or a health check, which must never throw.
 */
export function validDate(date: Date | undefined): Date | undefined {
  return date !== undefined && Number.isFinite(date.getTime()) ? date : undefined;
}
