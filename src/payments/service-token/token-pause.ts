import type { Logger } from "../../logger.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import type { EnquiryOutcome } from "../enquiry/types.ts";

/** What the pause listens to: every enquiry's outcome, whoever asked (the checker's events give it). */
export interface OutcomeFeed {
  subscribe(listener: (record: unknown, outcome: EnquiryOutcome) => void): void;
}

/**
 * Pauses watch checks while the provider rejects the service token: any enquiry answered 401/403
 * (a user's or a watch's) marks the token, by fingerprint, and any other answer with the same
 * token clears the mark. A new token is unmarked, so checks resume as soon as it is in use. The
 * mark is in the state store, so every instance pauses together.
 */
export function tokenPause(events: OutcomeFeed, kv: KeyValueStore, fingerprint: () => string, logger: Logger): () => Promise<boolean> {
  const key = () => `token-paused:${fingerprint()}`;
  const keepMs = 30 * 24 * 60 * 60 * 1000;
  /** What this process last knew of the mark: an answer only costs a store call when it would change it. */
  let markedFor: string | undefined;
  const write = (promise: Promise<void>) => promise.catch((error: unknown) => logger.warn({ err: error }, "could not record the service token's state"));
  events.subscribe((_, outcome) => {
    const current = key();
    if (outcome.type === "unauthorized") {
      if (markedFor === current) return;
      markedFor = current;
      void write(kv.set(current, "1", keepMs));
    } else if (markedFor === current) {
      markedFor = undefined;
      void write(kv.delete(current));
    }
  });
  return async () => {
    const current = key();
    // The store away: checks go on, as if the token were fine; a rejection marks it again.
    const marked = (await kv.get(current).catch(() => undefined)) !== undefined;
    markedFor = marked ? current : undefined;
    return marked;
  };
}
