import type { KeyValueStore } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";
import { decodeOutcome, encodeOutcome } from "./outcome-codec.ts";
import { cancelledOutcome, isFinal, type EnquiryKind, type EnquiryOptions, type EnquiryOutcome, type EnquiryService } from "./types.ts";

export interface SharedEnquiriesOptions {
  /** Where settled answers are kept, shared by every instance that uses the same store. */
  store: KeyValueStore;
  /** How long a final outcome (SUCCESS/FAILED) may be reused. 0 disables the cache. */
  cacheTtlMs: number;
  /** Settled answers also kept in this process, to spare the store a round trip. */
  localEntries?: number;
  now?: () => number;
}

/** A read ahead is taken by an enquiry that follows within this; an older one (its update waited) is read again. */
const READ_AHEAD_FRESH_MS = 2_000;

/** A request in flight, and who waits for it. */
interface InFlight {
  request: Promise<EnquiryOutcome>;
  controller: AbortController;
  /** Askers who may give up (a bulk check): when all of them have, the request is abandoned. */
  askers: number;
  /** Someone waits who will never give up (a command): the request goes on whatever. */
  pinned: boolean;
}

/**
 * Spares the service duplicate work: identical enquiries in flight at the same moment (a group
 * asking about one ID) become one request, and final outcomes are reused for a short while, by
 * every instance. Outcomes that may still change (pending, not found, any failure to get an
 * answer) are never cached. A cached outcome keeps its own `checkedAt`, so replies say when it
 * was really checked. An asker that gives up (its signal aborts) is answered "cancelled" at once;
 * the request itself is abandoned only once nobody waits for it any more.
 */
export function shareEnquiries(inner: EnquiryService, options: SharedEnquiriesOptions): EnquiryService {
  const { store, cacheTtlMs, localEntries = 1_000, now = Date.now } = options;
  const inFlight = new Map<string, InFlight>();
  // A settled payment never changes, so a copy here is as good as the shared one until it expires.
  const local = new BoundedMap<string, { outcome: EnquiryOutcome; expiresAt: number }>(localEntries);
  /** Reads started ahead of their enquiry (readAhead), until it takes them. Bounded: one never taken (its update refused) is forgotten. */
  const ahead = new BoundedMap<string, { read: Promise<EnquiryOutcome | undefined>; at: number }>(localEntries);

  // The store's entry was written when the outcome was checked, so both expire together.
  const remember = (key: string, outcome: EnquiryOutcome) => local.set(key, { outcome, expiresAt: outcome.checkedAt.getTime() + cacheTtlMs });

  const held = (key: string): EnquiryOutcome | undefined => {
    const near = local.get(key);
    if (near && near.expiresAt > now()) return near.outcome;
    if (near) local.delete(key);
    return undefined;
  };

  /** The store's entry: a settled outcome, remembered here, or undefined. */
  async function read(key: string): Promise<EnquiryOutcome | undefined> {
    // The cache only saves work: a store that cannot answer is a miss, never a failed enquiry.
    const stored = decodeOutcome(await store.get(key).catch(() => undefined));
    if (!stored || !isFinal(stored)) return undefined;
    remember(key, stored);
    return stored;
  }

  async function cached(key: string): Promise<EnquiryOutcome | undefined> {
    const near = held(key);
    if (near) return near;
    const early = ahead.get(key);
    if (early) ahead.delete(key);
    return early && now() - early.at < READ_AHEAD_FRESH_MS ? early.read : read(key);
  }

  function start(kind: EnquiryKind, transactionId: string, key: string): InFlight {
    const controller = new AbortController();
    const entry: InFlight = { controller, askers: 0, pinned: false, request: Promise.resolve(cancelledOutcome(kind, transactionId)) };
    entry.request = inner
      .enquire(kind, transactionId, { signal: controller.signal })
      .then((outcome) => {
        if (cacheTtlMs > 0 && isFinal(outcome)) {
          remember(key, outcome);
          // Off the answer's path: written while the answer goes out. Not cached: the next asker asks the provider again, nothing else is lost.
          void store.set(key, encodeOutcome(outcome), cacheTtlMs).catch(() => undefined);
        }
        return outcome;
      })
      .finally(() => {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      });
    inFlight.set(key, entry);
    return entry;
  }

  function ask(kind: EnquiryKind, transactionId: string, key: string, signal: AbortSignal | undefined): Promise<EnquiryOutcome> {
    if (signal?.aborted) return Promise.resolve(cancelledOutcome(kind, transactionId));
    const entry = inFlight.get(key) ?? start(kind, transactionId, key);
    if (!signal) {
      entry.pinned = true;
      return entry.request;
    }
    entry.askers++;
    return new Promise((resolve) => {
      const giveUp = () => {
        resolve(cancelledOutcome(kind, transactionId));
        entry.askers--;
        if (entry.askers > 0 || entry.pinned) return;
        // Nobody waits any more: a later asker starts afresh rather than joining an abandoned request.
        if (inFlight.get(key) === entry) inFlight.delete(key);
        entry.controller.abort();
      };
      signal.addEventListener("abort", giveUp, { once: true });
      void entry.request.then((outcome) => {
        signal.removeEventListener("abort", giveUp);
        resolve(outcome);
      });
    });
  }

  return {
    readAhead(kind, transactionId) {
      const key = `answer:${kind}:${transactionId}`;
      const early = ahead.get(key);
      if (cacheTtlMs <= 0 || held(key) || inFlight.has(key) || (early && now() - early.at < READ_AHEAD_FRESH_MS)) return;
      ahead.set(key, { read: read(key), at: now() });
    },
    async enquire(kind: EnquiryKind, transactionId: string, enquiryOptions: EnquiryOptions = {}): Promise<EnquiryOutcome> {
      const key = `answer:${kind}:${transactionId}`;
      if (!enquiryOptions.fresh && cacheTtlMs > 0) {
        const hit = await cached(key);
        if (hit) return hit;
      }
      return ask(kind, transactionId, key, enquiryOptions.signal);
    },
  };
}
