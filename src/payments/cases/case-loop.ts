import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Logger } from "../../logger.ts";
import { StateUnavailableError, type Leases } from "../../state/ports.ts";
import { startBackgroundLoop, type BackgroundLoop, type BackgroundLoopOptions } from "../../util/background-loop.ts";
import type { BackgroundBudget } from "../budget.ts";
import type { Checker } from "../check.ts";
import { isFinal } from "../enquiry/types.ts";
import { isOpen, reminderDue, type Case } from "./case.ts";
import type { CaseAudit } from "./case-events.ts";
import { caseChecked, type CaseCheckDeps, type CaseCheckShown } from "./record-check.ts";

/** What the loop has shown in the support chat and told agents: the narrow port the Telegram side (the case desk) implements. */
export interface CaseDeskPort extends CaseCheckShown {
  /** Posts the case's card, once across instances: the case as it is afterwards (without a card if it could not be posted). */
  postCard(value: Case): Promise<Case>;
  /** The one reminder of a case nobody took. */
  remind(value: Case): Promise<void>;
}

export interface CaseLoopOptions extends CaseCheckDeps {
  audit: CaseAudit;
  desk: CaseDeskPort;
  /** CASE_REMIND_MINUTES: a case nobody took is recalled to the support chat once, this long after it opened. */
  remindMs: number;
  /** CASE_DAYS: a resolved case is forgotten this long after it was resolved. */
  keepMs: number;
  /** Forgetting is done by one instance at a time. */
  leases: Leases;
  instanceId: string;
  /** An open case's payment is checked within the background budget, on the background connections. */
  budget: BackgroundBudget;
  checker: Checker;
  /** True while the service token is rejected: no check until it changes. */
  tokenPaused: () => Promise<boolean>;
  logger: Logger;
  /** How often the loop looks (shorter in tests). */
  everyMs?: number;
  /** The loop's waits: the real clock unless a test brings its own. */
  wait?: BackgroundLoopOptions["wait"];
}

const EVERY_MS = 1_000;
/** A card not posted (Telegram away when the case opened, a crash) is tried again this often. */
const CARD_RETRY_MS = 30_000;
const CHECK_LEASE_MS = 120_000;
const CHECKS_AT_ONCE = 10;
/** Resolved cases past CASE_DAYS are looked for this often (and when the bot starts), by one instance at a time. */
const PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_LEASE = "cases:prune";
const PRUNE_LEASE_MS = 10 * 60_000;
/** Forgotten in one run at most; the rest the next hour. */
const PRUNE_AT_ONCE = 1_000;
const DAY_MS = 86_400_000;

/**
 * Cases beside the updates: the one reminder of a case nobody took (sent by whichever instance
 * marks it first), the payment of an open case checked until it settles (within the background
 * budget, told once), cards a failure left unposted, and resolved cases forgotten CASE_DAYS after
 * they were resolved (beside the loop, never holding it up). Everything is in the state store, so
 * any instance picks up what another left.
 */
export function startCaseLoop(options: CaseLoopOptions): BackgroundLoop {
  const { store, desk, audit, logger, now, keepMs } = options;
  /** Cases this instance knows need nothing more from the loop (taken or reminded): not read again. */
  const done = new Set<number>();
  /** Cases known to have their card. */
  const carded = new Set<number>();
  const cardTried = new Map<number, number>();
  const budget = options.budget.consumer();
  let nextPruneAt = 0;
  let pruning: Promise<void> | undefined;

  /** Forgets the cases resolved more than CASE_DAYS ago, a case at a time between other work; one instance at a time. */
  async function prune(at: number, stopping: AbortSignal): Promise<void> {
    try {
      if (!(await options.leases.acquire(PRUNE_LEASE, options.instanceId, PRUNE_LEASE_MS))) return;
      try {
        const forgotten = await store.pruneResolved(at - keepMs, PRUNE_AT_ONCE, () => yieldToOthers(undefined, { signal: stopping }));
        if (forgotten > 0) logger.info({ forgotten, caseDays: keepMs / DAY_MS }, "resolved cases forgotten, CASE_DAYS after they were resolved");
      } finally {
        await options.leases.release(PRUNE_LEASE, options.instanceId);
      }
    } catch (error) {
      // Stopping, or the store away: the next run (within the hour) takes it up again.
      if (stopping.aborted) return;
      logger[error instanceof StateUnavailableError ? "debug" : "warn"]({ err: error }, "cases: forgetting resolved cases failed; trying again within the hour");
    }
  }

  async function remindAndRepair(at: number): Promise<void> {
    const open = await store.openCases();
    for (const known of [done, carded]) for (const number of known) if (!open.has(number)) known.delete(number);
    for (const [number, openedAt] of open) {
      if (done.has(number)) continue;
      const age = at - openedAt;
      const cardDue = !carded.has(number) && age >= CARD_RETRY_MS && at - (cardTried.get(number) ?? 0) >= CARD_RETRY_MS;
      const reminderTime = age >= options.remindMs;
      if (!cardDue && !reminderTime) continue;
      const value = await store.load(number);
      if (!value || !isOpen(value)) continue;
      if (!value.card) {
        if (!cardDue) continue;
        cardTried.set(number, at);
        await desk.postCard(value);
        continue;
      }
      carded.add(number);
      cardTried.delete(number);
      if (value.takenBy || value.remindedAt !== undefined) done.add(number);
      if (done.has(number) || !reminderDue(value, at, options.remindMs)) continue;
      // Whoever marks it first sends it: one reminder, whatever the number of instances.
      const marked = await store.change(number, (current) => (reminderDue(current, at, options.remindMs) ? { case: { ...current, remindedAt: at }, result: true } : { case: current, result: false }));
      done.add(number);
      if (!marked?.result) continue;
      audit("reminded", marked.case);
      await desk.remind(marked.case);
    }
  }

  async function checkDue(at: number, stopping: AbortSignal): Promise<void> {
    if (await options.tokenPaused()) return;
    for (const number of await store.claimDueChecks(at, CHECKS_AT_ONCE, CHECK_LEASE_MS)) {
      const value = await store.load(number);
      if (!value || !isOpen(value) || isFinal(value.last)) {
        await store.unscheduleCheck(number);
        continue;
      }
      await budget.acquire(stopping);
      const agent = value.agents[0];
      const [result] = await options.checker.run({ scope: value.kind, ids: [value.transactionId] }, { userId: agent?.userId, chatId: agent?.chatId, via: "watch", logger });
      const outcome = result?.outcomes[0];
      if (outcome) await caseChecked(options, number, outcome);
    }
  }

  return startBackgroundLoop({
    async turn(stopping) {
      const at = now();
      if (pruning === undefined && at >= nextPruneAt) {
        nextPruneAt = at + PRUNE_EVERY_MS;
        pruning = prune(at, stopping).finally(() => {
          pruning = undefined;
        });
      }
      await remindAndRepair(at);
      await checkDue(at, stopping);
      return options.everyMs ?? EVERY_MS;
    },
    retryMs: options.everyMs ?? EVERY_MS,
    failure: "cases: reminders and checks failed; retrying",
    reportedElsewhere: (error) => error instanceof StateUnavailableError,
    logger,
    drain: async () => pruning,
    ...(options.wait ? { wait: options.wait } : {}),
  });
}
