import { isFinal, type EnquiryOutcome } from "../enquiry/types.ts";
import { nextCheckDelay, type WatchSchedule } from "../watches/schedule.ts";
import { isOpen, withCheck, type Case } from "./case.ts";
import type { CaseAudit } from "./case-events.ts";
import type { CaseStore } from "./case-store.ts";

export interface CaseCheckDeps {
  store: CaseStore;
  audit: CaseAudit;
  /** How often an open case's payment is checked: as watches are (WATCH_FIRST_CHECK_SECONDS, WATCH_MAX_INTERVAL_SECONDS). */
  schedule: Pick<WatchSchedule, "firstCheckMs" | "maxIntervalMs">;
  now: () => number;
  random?: () => number;
}

export type CaseCheckResult =
  | { type: "gone" }
  /** `settled`: the payment was seen settling by this check (told once, by its caller); `changed`: the card shows something new. */
  | { type: "checked"; case: Case; settled: boolean; changed: boolean };

/**
 * A check of a case's payment (🔄 Refresh on the card, or the background check that goes on while
 * the case is open): the card's status is the latest; a payment that settles is marked so once,
 * whichever instance sees it first. An open case whose payment is not final is checked again later,
 * as a watched payment is; a final one no longer.
 */
export async function recordCaseCheck(deps: CaseCheckDeps, number: number, outcome: EnquiryOutcome): Promise<CaseCheckResult> {
  const now = deps.now();
  const changed = await deps.store.change(number, (value) => {
    const next = withCheck(value, outcome, now);
    return { case: next.case, result: { settled: next.settled, changed: shown(value.last) !== shown(outcome) } };
  });
  if (!changed) return { type: "gone" };
  const { case: value, result } = changed;
  if (result.settled) deps.audit("settled", value, undefined, { status: outcome.type === "found" ? outcome.transaction.status : outcome.type });
  await scheduleNextCheck(deps, value, now);
  return { type: "checked", case: value, ...result };
}

/** What of a case a check shows again, behind a narrow port the Telegram side implements (the case desk). */
export interface CaseCheckShown {
  /** Shows the case as it is now on its card. */
  showCard(value: Case): Promise<void>;
  /** Tells the agents and the support chat, once, that the payment settled. */
  announce(value: Case, event: "settled"): Promise<void>;
}

/**
 * A check of a case's payment, recorded and told: the one way both 🔄 Refresh on the card and
 * the cases' loop handle a check. The card is shown again when the check changed what it shows,
 * and always after a person's 🔄 Refresh (`pressed`, which answers the press first: the time it
 * was checked moves); a payment seen settling is announced once.
 */
export async function caseChecked(
  deps: CaseCheckDeps & { desk: CaseCheckShown },
  number: number,
  outcome: EnquiryOutcome,
  pressed?: (checked: Extract<CaseCheckResult, { type: "checked" }>) => Promise<void>,
): Promise<CaseCheckResult> {
  const checked = await recordCaseCheck(deps, number, outcome);
  if (checked.type !== "checked") return checked;
  await pressed?.(checked);
  if (pressed || checked.changed || checked.settled) await deps.desk.showCard(checked.case);
  if (checked.settled) await deps.desk.announce(checked.case, "settled");
  return checked;
}

/** While a case is open and its payment not final, its next check is due; otherwise it has none. */
export async function scheduleNextCheck(deps: Pick<CaseCheckDeps, "store" | "schedule" | "random">, value: Case, now: number): Promise<void> {
  if (isOpen(value) && !isFinal(value.last)) await deps.store.scheduleCheck(value.number, now + nextCheckDelay(value.checks, { ...deps.schedule, maxAgeMs: 0, notFoundMs: 0 }, deps.random ?? Math.random));
  else await deps.store.unscheduleCheck(value.number);
}

/** What a card shows of an outcome, as far as a change goes (not when it was checked). */
function shown(outcome: EnquiryOutcome): string {
  if (outcome.type !== "found") return outcome.type;
  const { status, message, mnoTransactionId } = outcome.transaction;
  return JSON.stringify([status, message, mnoTransactionId]);
}
