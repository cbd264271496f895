import type { KeyValueStore } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";
import { decodeOutcome, encodeOutcome } from "./outcome-codec.ts";
import { isFinal, type EnquiryKind, type EnquiryOptions, type EnquiryOutcome, type EnquiryService } from "./types.ts";

export interface SharedEnquiriesOptions {
  /** Where settled answers are kept, shared by every instance that uses the same store. */
  store: KeyValueStore;
  /** How long a final outcome (SUCCESS/FAILED) may be reused. 0 disables the cache. */
  cacheTtlMs: number;
  /** Settled answers also kept in this process, to spare the store a round trip. */
  localEntries?: number;
  now?: () => number;
}

/**
 * Spares the service duplicate work: identical enquiries in flight at the same moment (a group
 * asking about one ID) become one request, and final outcomes are reused for a short while, by
 * every instance. Outcomes that may still change (pending, not found, any failure to get an
 * answer) are never cached. A cached outcome keeps its own `checkedAt`, so replies say when it
 * was really checked.
 */
export function shareEnquiries(inner: EnquiryService, options: SharedEnquiriesOptions): EnquiryService {
  const { store, cacheTtlMs, localEntries = 1_000, now = Date.now } = options;
  const inFlight = new Map<string, Promise<EnquiryOutcome>>();
  // A settled payment never changes, so a copy here is as good as the shared one until it expires.
  const local = new BoundedMap<string, { outcome: EnquiryOutcome; expiresAt: number }>(localEntries);

  // The store's entry was written when the outcome was checked, so both expire together.
  const remember = (key: string, outcome: EnquiryOutcome) => local.set(key, { outcome, expiresAt: outcome.checkedAt.getTime() + cacheTtlMs });

  async function cached(key: string): Promise<EnquiryOutcome | undefined> {
    const near = local.get(key);
    if (near && near.expiresAt > now()) return near.outcome;
    if (near) local.delete(key);
    // The cache only saves work: a store that cannot answer is a miss, never a failed enquiry.
    const stored = decodeOutcome(await store.get(key).catch(() => undefined));
    if (!stored || !isFinal(stored)) return undefined;
    remember(key, stored);
    return stored;
  }

  function ask(kind: EnquiryKind, transactionId: string, key: string): Promise<EnquiryOutcome> {
    const joined = inFlight.get(key);
    if (joined) return joined;
    // Not tied to one caller's signal: others may be waiting on the same answer.
    const request = inner
      .enquire(kind, transactionId)
      .then(async (outcome) => {
        if (cacheTtlMs > 0 && isFinal(outcome)) {
          remember(key, outcome);
          await store.set(key, encodeOutcome(outcome), cacheTtlMs).catch(() => undefined);
        }
        return outcome;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  return {
    async enquire(kind: EnquiryKind, transactionId: string, enquiryOptions: EnquiryOptions = {}): Promise<EnquiryOutcome> {
      const key = `answer:${kind}:${transactionId}`;
      if (!enquiryOptions.fresh && cacheTtlMs > 0) {
        const hit = await cached(key);
        if (hit) return hit;
      }
      return ask(kind, transactionId, key);
    },
  };
}
