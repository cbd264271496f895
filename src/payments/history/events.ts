import type { EnquiryKind } from "../enquiry/types.ts";
import { kindsFor, type Scope } from "../query.ts";
import type { HistoryEntry, HistoryEvent, HistoryHow, HistoryPerson, HistoryPlace } from "./entry.ts";

/** Something that happened to payments (not an answer): one entry for each. */
export interface PaymentEvent {
  at: number;
  event: Exclude<HistoryEvent, "answer">;
  how: HistoryHow;
  who?: HistoryPerson | undefined;
  where?: HistoryPlace | undefined;
  caseNumber?: number | undefined;
}

/**
 * A watch is of an ID on a kind, or on both (`status`) until one knows it: its events go on the
 * timeline of the kind it settled on when known, else on each kind it watches (so `/history` of
 * either kind shows them; `/history ID` of both shows each once per kind).
 */
export function eventEntries(payments: readonly { scope: Scope; transactionId: string; settledKind?: EnquiryKind | undefined }[], event: PaymentEvent): HistoryEntry[] {
  return payments.flatMap(({ scope, transactionId, settledKind }) =>
    (settledKind ? [settledKind] : kindsFor(scope)).map((kind) => ({ ...event, kind, transactionId })),
  );
}

/** Several people as one entry names them ("Ama, Bob"): a group's notice mentions every subscriber. */
export function peopleAsOne(people: readonly HistoryPerson[]): HistoryPerson | undefined {
  const [first] = people;
  if (!first) return undefined;
  return { id: first.id, name: people.map((person) => person.name || String(person.id)).join(", ") };
}
