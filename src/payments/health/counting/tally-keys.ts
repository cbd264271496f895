import type { EnquiryKind } from "../../enquiry/types.ts";
import { HOUR_MS } from "../../../util/time-buckets.ts";

/**
 * Where the counts live: a tally per minute and, for reading a day cheaply, one per hour (each
 * enquiry is added to both). Minutes are kept long enough for "the last hour against the 24 hours
 * before" (25 h) with room; hours for two days, so that a daily summary always finds its day.
 */
export const KEEP_MINUTES_MS = 26 * HOUR_MS;
export const KEEP_HOURS_MS = 49 * HOUR_MS;

export const healthKeys = {
  minute: (minute: number) => `health:m:${minute}`,
  hour: (hour: number) => `health:h:${hour}`,
  /** Failure reasons, per kind: bounded, the rest counted as "other". */
  reasonsMinute: (kind: EnquiryKind, minute: number) => `health:reasons:${kind}:m:${minute}`,
  reasonsHour: (kind: EnquiryKind, hour: number) => `health:reasons:${kind}:h:${hour}`,
  /** The payments asked about, distinct, per hour. */
  paymentsHour: (hour: number) => `health:payments:h:${hour}`,
};
