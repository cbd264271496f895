import { z } from "zod";
import { decodeJson } from "../../util/decode-json.ts";
import { decodeOutcome, encodeOutcome } from "../../payments/enquiry/outcome-codec.ts";
import type { EnquiryOutcome } from "../../payments/enquiry/types.ts";
import type { IdResult, Query } from "../../payments/query.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import { BUTTON_LIFETIME_MS } from "./button-store.ts";

export interface ShownAnswer {
  query: Query;
  results: IdResult[];
}

/**
 * What an answer with buttons showed, by chat and message: 🔔 Notify me watches exactly its open
 * payments, and once one settles the answer is shown again in its final form. Kept as long as
 * its buttons work.
 */
export class ShownAnswers {
  constructor(private readonly store: KeyValueStore) {}

  async save(chatId: number, messageId: number, record: ShownAnswer): Promise<void> {
    const stored = { ...record, results: record.results.map((result) => ({ id: result.id, outcomes: result.outcomes.map(encodeOutcome) })) };
    // Only for 🔔 on this answer and its final form later: without it, both fall back to the button's own IDs.
    await this.store.set(key(chatId, messageId), JSON.stringify(stored), BUTTON_LIFETIME_MS).catch(() => undefined);
  }

  async load(chatId: number, messageId: number): Promise<ShownAnswer | undefined> {
    // The store away: the caller falls back to the button's own IDs.
    const text = await this.store.get(key(chatId, messageId)).catch(() => undefined);
    // Not what this bot writes: as good as no record.
    const stored = decodeJson(shownSchema, text);
    if (!stored) return undefined;
    const results = stored.results.map((result) => ({
      id: result.id,
      outcomes: result.outcomes.map(decodeOutcome).filter((outcome): outcome is EnquiryOutcome => outcome !== undefined),
    }));
    return { query: stored.query, results };
  }
}

const key = (chatId: number, messageId: number) => `answer:${chatId}:${messageId}`;
const shownSchema = z.object({
  query: z.object({ scope: z.enum(["collection", "airtime", "status"]), ids: z.array(z.string()) }),
  results: z.array(z.object({ id: z.string(), outcomes: z.array(z.string()) })),
});

/** The record with a newer outcome in place of the one for the same ID and kind. */
export function withOutcome(record: ShownAnswer, outcome: EnquiryOutcome): ShownAnswer {
  return {
    ...record,
    results: record.results.map((result) =>
      result.id !== outcome.transactionId ? result : { ...result, outcomes: result.outcomes.map((previous) => (previous.kind === outcome.kind ? outcome : previous)) },
    ),
  };
}
