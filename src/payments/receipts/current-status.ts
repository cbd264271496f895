import type { Counters, KeyValueStore } from "../../state/ports.ts";
import { decodeOutcome, encodeOutcome } from "../enquiry/outcome-codec.ts";
import type { EnquiryKind, EnquiryOutcome } from "../enquiry/types.ts";
import { RECEIPT_CHECK_LIMITS } from "./check-limits.ts";
import type { Receipt } from "./receipt.ts";

/** What the provider says now is asked again at most once a minute per payment, however often its receipt is checked. */
export const CURRENT_STATUS_CACHE_MS = 60_000;

export interface CurrentStatusDeps {
  kv: KeyValueStore;
  counters: Counters;
  /** The provider, as background work (its budget, never the agents' answers); undefined when given up (a deadline). */
  ask: (kind: EnquiryKind, transactionId: string) => Promise<EnquiryOutcome | undefined>;
}

/**
 * What the provider says now of a receipt's payment, for its check: from a cache of a minute
 * every instance shares, or asked again within the checks' small share of the provider; undefined
 * when it cannot be said now (the share spent, no answer): the check then says nothing of "now".
 */
export function currentStatus({ kv, counters, ask }: CurrentStatusDeps): (receipt: Receipt) => Promise<EnquiryOutcome | undefined> {
  // Checks of one payment at once share one look: a burst of them before the cache is filled asks the provider once, not once each.
  const looking = new Map<string, Promise<EnquiryOutcome | undefined>>();
  const look = async (key: string, receipt: Receipt) => {
    const cached = decodeOutcome(await kv.get(key));
    if (cached) return cached;
    const { provider } = RECEIPT_CHECK_LIMITS;
    if (!(await counters.take("receipt-check:provider", provider.limit, provider.windowMs)).granted) return undefined;
    const outcome = await ask(receipt.kind, receipt.transactionId);
    // Only what the provider said is kept: a timeout is no answer, and is asked again next time.
    if (outcome && (outcome.type === "found" || outcome.type === "not_found")) await kv.set(key, encodeOutcome(outcome), CURRENT_STATUS_CACHE_MS);
    return outcome;
  };
  return (receipt) => {
    const key = `receipt-now:${receipt.kind}:${receipt.transactionId}`;
    const pending = looking.get(key);
    if (pending) return pending;
    const started = look(key, receipt).finally(() => looking.delete(key));
    looking.set(key, started);
    return started;
  };
}
