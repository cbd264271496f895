import { BoundedMap } from "../../util/bounded-map.ts";
import { isFinal, type EnquiryKind, type EnquiryOptions, type EnquiryOutcome, type EnquiryService } from "./types.ts";

export interface SharedEnquiriesOptions {
  /** How long a final outcome (SUCCESS/FAILED) may be reused. 0 disables the cache. */
  cacheTtlMs: number;
  maxCachedEntries?: number;
  now?: () => number;
}

/**
 * Spares the service duplicate work: identical enquiries in flight at the same moment (a group
 * asking about one ID) become one request, and final outcomes are reused for a short while.
 * Outcomes that may still change (pending, not found, any failure to get an answer) are never
 * cached. A cached outcome keeps its own `checkedAt`, so replies say when it was really checked.
 */
export function shareEnquiries(inner: EnquiryService, options: SharedEnquiriesOptions): EnquiryService {
  const { cacheTtlMs, maxCachedEntries = 10_000, now = Date.now } = options;
  const inFlight = new Map<string, Promise<EnquiryOutcome>>();
  const cache = new BoundedMap<string, { outcome: EnquiryOutcome; expiresAt: number }>(maxCachedEntries);

  return {
    enquire(kind: EnquiryKind, transactionId: string, enquiryOptions: EnquiryOptions = {}): Promise<EnquiryOutcome> {
      const key = `${kind}\u0000${transactionId}`;
      if (!enquiryOptions.fresh) {
        const cached = cache.get(key);
        if (cached && cached.expiresAt > now()) return Promise.resolve(cached.outcome);
        if (cached) cache.delete(key);
      }
      const joined = inFlight.get(key);
      if (joined) return joined;
      // Not tied to one caller's signal: others may be waiting on the same answer.
      const request = inner
        .enquire(kind, transactionId)
        .then((outcome) => {
          if (cacheTtlMs > 0 && isFinal(outcome)) cache.set(key, { outcome, expiresAt: now() + cacheTtlMs });
          return outcome;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, request);
      return request;
    },
  };
}
