import { mapWithConcurrency } from "../util/map-with-concurrency.ts";
import { ENQUIRY_KINDS, type EnquiryKind, type EnquiryOutcome } from "./enquiry/types.ts";

/** What a user asked: one kind of enquiry, or `status` for "either, I don't know which". */
export type Scope = EnquiryKind | "status";
export const SCOPES: readonly Scope[] = [...ENQUIRY_KINDS, "status"];

export interface Query {
  scope: Scope;
  ids: readonly string[];
}

/** The answers for one ID: one outcome per kind asked (two for `status`). */
export interface IdResult {
  id: string;
  outcomes: readonly EnquiryOutcome[];
}

export const MAX_IDS_PER_QUERY = 20;
/** Enquiries in flight for one command: enough for 20 IDs to come back quickly, without flooding the service. */
export const QUERY_CONCURRENCY = 8;

export function kindsFor(scope: Scope): readonly EnquiryKind[] {
  return scope === "status" ? ENQUIRY_KINDS : [scope];
}

/** Runs every enquiry a query needs, at most `concurrency` at a time, keeping the IDs' order. */
export async function runQuery(
  query: Query,
  enquire: (kind: EnquiryKind, id: string) => Promise<EnquiryOutcome>,
  concurrency = QUERY_CONCURRENCY,
): Promise<IdResult[]> {
  const kinds = kindsFor(query.scope);
  const jobs = query.ids.flatMap((id) => kinds.map((kind) => ({ id, kind })));
  const outcomes = await mapWithConcurrency(jobs, concurrency, ({ id, kind }) => enquire(kind, id));
  return query.ids.map((id, index) => ({
    id,
    outcomes: outcomes.slice(index * kinds.length, (index + 1) * kinds.length),
  }));
}

/**
 * What a query costs against a user's rate limit: the enquiries it makes (each ID, on each kind
 * asked), and never less than 1.
 */
export function queryCost(query: Query): number {
  return Math.max(1, query.ids.length * kindsFor(query.scope).length);
}

/**
 * The outcomes worth showing for one ID. For a single kind, its outcome. For `status` (both kinds
 * asked), the kind(s) that know the ID; if neither does, none (the caller says "not found
 * anywhere"); if the service could not tell for one of them, both, so a timeout is never hidden
 * behind the other kind's "not found".
 */
export function relevantOutcomes(result: IdResult): readonly EnquiryOutcome[] {
  if (result.outcomes.length < 2) return result.outcomes;
  const found = result.outcomes.filter((outcome) => outcome.type === "found");
  if (found.length > 0) return found;
  if (result.outcomes.every((outcome) => outcome.type === "not_found")) return [];
  return result.outcomes;
}
