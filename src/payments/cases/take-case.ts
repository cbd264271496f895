import { stateOf, type Case, type CaseAction, type CasePerson } from "./case.ts";
import type { CaseAudit } from "./case-events.ts";
import type { CaseStore } from "./case-store.ts";

/** Where a card's button was pressed: only the card itself, in the support chat, counts. */
export interface CardPress {
  chatId: number;
  messageId: number;
}

export type TakeCaseResult =
  /** Pressed anywhere but on the case's card in the support chat (a forwarded card, a forged payload): nothing changed. */
  | { type: "not_support" }
  | { type: "gone" }
  | { type: "resolved"; case: Case }
  /** Someone took it first (on any instance). */
  | { type: "already"; case: Case; by: CaseAction }
  /** `waitedMs`: from the case opening to it being taken. */
  | { type: "taken"; case: Case; waitedMs: number };

export interface CaseActionDeps {
  store: CaseStore;
  audit: CaseAudit;
  now: () => number;
}

/**
 * Whether a press was made on the case's own card, in the support chat: the chat the card was
 * posted in (SUPPORT_CHAT_ID, or the supergroup it became, which the card followed).
 */
export const onItsCard = (value: Case, where: CardPress): boolean => value.card !== undefined && value.card.chatId === where.chatId && value.card.messageId === where.messageId;

/**
 * A member of the support chat takes a case: of two pressing at once, on any instance, the first
 * wins (one step on the case's record) and the other is told who did. Telling the agents and
 * editing the card is the caller's.
 */
export async function takeCase(deps: CaseActionDeps, number: number, by: CasePerson, where: CardPress): Promise<TakeCaseResult> {
  const current = await deps.store.load(number);
  if (!current) return { type: "gone" };
  if (!onItsCard(current, where)) return { type: "not_support" };
  const at = deps.now();
  const changed = await deps.store.change(number, (value) => (stateOf(value) === "open" ? { case: { ...value, takenBy: { ...by, at } }, result: true } : { case: value, result: false }));
  if (!changed) return { type: "gone" };
  const { case: value } = changed;
  if (!changed.result) return value.resolvedBy ? { type: "resolved", case: value } : { type: "already", case: value, by: value.takenBy ?? { ...by, at } };
  deps.audit("taken", value, by);
  return { type: "taken", case: value, waitedMs: at - value.openedAt };
}
