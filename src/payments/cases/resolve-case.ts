import { isOpen, paymentKey, type Case, type CaseAction, type CasePerson } from "./case.ts";
import type { CaseAudit } from "./case-events.ts";
import { onItsCard, type CardPress, type CaseActionDeps } from "./take-case.ts";

export type ResolveCaseResult =
  | { type: "not_support" }
  | { type: "gone" }
  /** Resolved before (on any instance). */
  | { type: "already"; case: Case; by: CaseAction }
  | { type: "resolved"; case: Case };

/**
 * A member of the support chat resolves a case, once: it leaves the open lists (its payment may
 * then get a new case) and its payment is no longer checked. Its record and messages stay, so a
 * late reply is answered. Closing its topic, telling the agents and editing the card is the
 * caller's.
 */
export async function resolveCase(deps: CaseActionDeps & { audit: CaseAudit }, number: number, by: CasePerson, where: CardPress): Promise<ResolveCaseResult> {
  const current = await deps.store.load(number);
  if (!current) return { type: "gone" };
  if (!onItsCard(current, where)) return { type: "not_support" };
  const at = deps.now();
  const changed = await deps.store.change(number, (value) => (isOpen(value) ? { case: { ...value, resolvedBy: { ...by, at } }, result: true } : { case: value, result: false }));
  if (!changed) return { type: "gone" };
  const { case: value } = changed;
  if (!changed.result) return { type: "already", case: value, by: value.resolvedBy ?? { ...by, at } };
  await deps.store.unlistOpen(value, paymentKey(value.kind, value.transactionId));
  await deps.store.unscheduleCheck(number);
  await deps.store.count("resolved", at);
  deps.audit("resolved", value, by);
  return { type: "resolved", case: value };
}
