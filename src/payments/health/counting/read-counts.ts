import type { Tallies } from "../../../state/ports.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../enquiry/types.ts";
import { countsFromFields, emptyCounts, type HealthCounts } from "./counts.ts";
import { healthKeys } from "./tally-keys.ts";
import { covering, hoursOverlapping, minutesIn } from "../../../util/time-buckets.ts";

/** The health counts of any stretch of time [from, to) in ms, summed over every instance, from the state store. */
export interface HealthCountsReader {
  /** Every enquiry in [from, to), by kind. */
  counts(from: number, to: number): Promise<HealthCounts>;
  /** The same, minute by minute (a minute without enquiries is absent). */
  perMinute(from: number, to: number): Promise<Map<number, HealthCounts>>;
  /** Failed payments' reasons in [from, to), of the kinds asked, added together. */
  reasons(from: number, to: number, kinds?: readonly EnquiryKind[]): Promise<Map<string, number>>;
  /** Distinct payments asked about, counted by the hour: every hour that overlaps [from, to). */
  distinctPayments(from: number, to: number): Promise<number>;
}

export function healthCountsReader(tallies: Tallies): HealthCountsReader {
  return {
    async counts(from, to) {
      const { minutes, hours } = covering(from, to);
      const read = await tallies.read([...minutes.map(healthKeys.minute), ...hours.map(healthKeys.hour)]);
      const sum = emptyCounts();
      for (const fields of read.values()) countsFromFields(fields, sum);
      return sum;
    },
    async perMinute(from, to) {
      const minutes = minutesIn(from, to);
      const read = await tallies.read(minutes.map(healthKeys.minute));
      const byMinute = new Map<number, HealthCounts>();
      for (const minute of minutes) {
        const fields = read.get(healthKeys.minute(minute));
        if (fields) byMinute.set(minute, countsFromFields(fields));
      }
      return byMinute;
    },
    async reasons(from, to, kinds = ENQUIRY_KINDS) {
      const { minutes, hours } = covering(from, to);
      const keys = kinds.flatMap((kind) => [...minutes.map((minute) => healthKeys.reasonsMinute(kind, minute)), ...hours.map((hour) => healthKeys.reasonsHour(kind, hour))]);
      const sum = new Map<string, number>();
      for (const fields of (await tallies.read(keys)).values()) for (const [reason, count] of fields) sum.set(reason, (sum.get(reason) ?? 0) + count);
      return sum;
    },
    distinctPayments: (from, to) => tallies.countDistinct(hoursOverlapping(from, to).map(healthKeys.paymentsHour)),
  };
}
