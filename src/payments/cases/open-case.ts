import { relevantOutcomes, type IdResult } from "../query.ts";
import type { EnquiryKind, EnquiryOutcome } from "../enquiry/types.ts";
import { isOpen, MAX_OPEN_CASES_PER_AGENT, newCase, paymentKey, withAgent, worthACase, type Case, type CaseAgent } from "./case.ts";
import type { CaseAudit } from "./case-events.ts";
import type { CaseStore } from "./case-store.ts";
import { scheduleNextCheck, type CaseCheckDeps } from "./record-check.ts";

export type OpenCaseResult =
  /** A new case: its card is to be posted. */
  | { type: "opened"; case: Case }
  /** The payment already had an open case: the agent joined it, and hears what its first agent hears. */
  | { type: "joined"; case: Case }
  /** This agent is already in the payment's open case (a note they added is kept). */
  | { type: "already"; case: Case }
  /** The payment succeeded: nothing for support to do. */
  | { type: "success" }
  /** The agent has MAX_OPEN_CASES_PER_AGENT open cases. */
  | { type: "limit"; max: number };

export interface OpenCaseDeps {
  store: CaseStore;
  audit: CaseAudit;
  /** Its payment keeps being checked while the case is open, as a watched payment is. */
  schedule: CaseCheckDeps["schedule"];
  now: () => number;
}

/**
 * The kind a case is about, from a check of an ID: the one kind that knows it (as /status finds
 * it). When both know it, or neither does, or one could not tell, the agent is asked which.
 */
export function kindToEscalate(result: IdResult): { type: "kind"; outcome: EnquiryOutcome } | { type: "ask" } {
  const relevant = relevantOutcomes(result);
  const [only] = relevant;
  return relevant.length === 1 && only ? { type: "kind", outcome: only } : { type: "ask" };
}

/**
 * An agent hands a payment that is not SUCCESS to the support team: one open case per payment
 * (kind and ID), so a second agent joins the first's; at most MAX_OPEN_CASES_PER_AGENT open cases
 * each. The case gets the next number every instance shares; of two instances opening the same
 * payment at once, one case is kept and the other agent joins it. Posting the card is the
 * caller's (it is Telegram's part).
 */
export async function openCase(deps: OpenCaseDeps, outcome: EnquiryOutcome, agent: CaseAgent): Promise<OpenCaseResult> {
  if (!worthACase(outcome)) return { type: "success" };
  const { store } = deps;
  const kind: EnquiryKind = outcome.kind;
  const key = paymentKey(kind, outcome.transactionId);
  const existing = await store.caseOfPayment(key);
  const joined = existing === undefined ? undefined : await join(deps, existing, agent);
  if (joined) return joined;

  if ((await store.agentCases(agent.userId)).length >= MAX_OPEN_CASES_PER_AGENT) return { type: "limit", max: MAX_OPEN_CASES_PER_AGENT };
  const number = await store.nextNumber();
  const created = newCase(number, kind, outcome, agent, deps.now());
  // Written first, found by nobody until it holds the payment: a lost race leaves nothing behind.
  await store.create(created);
  const holder = await store.claimPayment(key, number, existing);
  if (holder !== number) {
    await store.discard(number);
    return (await join(deps, holder, agent)) ?? { type: "limit", max: MAX_OPEN_CASES_PER_AGENT };
  }
  await store.listOpen(created);
  await scheduleNextCheck(deps, created, created.openedAt);
  await store.count("opened", created.openedAt);
  deps.audit("opened", created, agent, { note: agent.note !== undefined });
  return { type: "opened", case: created };
}

/** Joins an open case; undefined when it is no longer open (the caller opens a new one). */
async function join(deps: OpenCaseDeps, number: number, agent: CaseAgent): Promise<OpenCaseResult | undefined> {
  const current = await deps.store.load(number);
  if (!current || !isOpen(current)) return undefined;
  const mine = current.agents.some((candidate) => candidate.userId === agent.userId);
  if (!mine && (await deps.store.agentCases(agent.userId)).length >= MAX_OPEN_CASES_PER_AGENT) return { type: "limit", max: MAX_OPEN_CASES_PER_AGENT };
  const changed = await deps.store.change(number, (value) => {
    const next = isOpen(value) ? withAgent(value, agent) : { case: value, added: false };
    return { case: next.case, result: next.added };
  });
  if (!changed || !isOpen(changed.case)) return undefined;
  if (!changed.result) return { type: "already", case: changed.case };
  await deps.store.addAgentCase(agent.userId, number);
  deps.audit("joined", changed.case, agent);
  return { type: "joined", case: changed.case };
}
