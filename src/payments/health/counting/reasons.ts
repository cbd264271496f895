import { cleanServiceText } from "../../../util/service-text.ts";

/** Distinct reasons kept per kind in one minute's tally, and in one hour's: the rest count as "other". */
export const REASON_LIMITS = { minute: 20, hour: 50 } as const;
const REASON_LENGTH = 100;
export const OTHER_REASONS = "other";
const NO_REASON = "none";

/**
 * A failed payment's reason as counted: cleaned and shortened like anything the provider says,
 * and with long digit runs (phone numbers, references) blanked, so that "Insufficient balance for
 * 255712345678" and the same for another number count as one reason, and no number is kept.
 */
export function reasonField(message: string | undefined): string {
  const reason = cleanServiceText((message ?? "").replace(/\d{6,}/g, "…"), REASON_LENGTH);
  return reason === "" ? NO_REASON : `r:${reason}`;
}

export type CountedReason = { type: "reason"; text: string } | { type: "none" } | { type: "other" };

export function reasonOfField(field: string): CountedReason {
  if (field.startsWith("r:")) return { type: "reason", text: field.slice(2) };
  return field === NO_REASON ? { type: "none" } : { type: "other" };
}

/** The most frequent reasons first (ties in a stable order), at most `limit`. */
export function topReasons(counts: ReadonlyMap<string, number>, limit: number): { reason: CountedReason; count: number }[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([field, count]) => ({ reason: reasonOfField(field), count }));
}
