import type { Logger } from "../../logger.ts";
import { StateUnavailableError } from "../../state/ports.ts";
import { startBackgroundLoop, type NextTurn } from "../../util/background-loop.ts";
import type { BackgroundBudget } from "../budget.ts";
import type { Checker } from "../check.ts";
import type { OutcomeType } from "../enquiry/types.ts";
import { kindsOf, type ChatWatch, type TargetRef } from "./target.ts";
import type { WatchChecks } from "./watch-store.ts";

export interface WatchSchedulerOptions {
  store: WatchChecks;
  budget: BackgroundBudget;
  /** Runs the enquiries (through the background client) and records them, marked `via: "watch"`. */
  checker: Checker;
  /** ENQUIRY_MAX_PER_SECOND: how many targets are taken at a time. */
  perSecond: number;
  /** Whether a chat's watch may go on (its group or user is still allowed); one that may not ends with no message. */
  mayWatch: (watch: ChatWatch) => Promise<boolean>;
  /** True while the service token in use has been rejected: no check is made until it changes. */
  tokenPaused: () => Promise<boolean>;
  logger: Logger;
  onCheck?: (outcome: OutcomeType) => void;
  /** How long to wait when nothing is due (shorter in tests). */
  idleMs?: number;
}

/** A target taken for a check is someone else's again after this long, should this process die. */
export const CHECK_LEASE_MS = 120_000;
const IDLE_MS = 500;
const PAUSED_MS = 5_000;

/**
 * The background loop that does the waiting for agents: takes targets that are due, spends the
 * background budget, checks them once each (however many chats watch them), and records the
 * outcome, which turns settled payments into notices. Any number of instances may run it: each
 * target is taken by one at a time.
 */
export function startWatchScheduler(options: WatchSchedulerOptions): { stop(graceMs: number): Promise<void> } {
  const { store, checker, logger } = options;
  // One turn in the budget's rotation for all watches, beside each bulk job's.
  const budget = options.budget.consumer();
  const batch = Math.max(1, Math.min(options.perSecond, 200));
  const concurrency = Math.max(1, Math.min(options.perSecond, 128));
  const refill = Math.max(1, Math.floor(concurrency / 4));
  const idleMs = options.idleMs ?? IDLE_MS;
  /** A check met a rejected token: no check starts until those running have ended and the loop has looked again. */
  let paused = false;
  /** Whether the pause has been logged (once per pause, not per loop). */
  let pauseLogged = false;

  async function checkOne(ref: TargetRef, stopping: AbortSignal): Promise<void> {
    const allowed = new Map<number, boolean>();
    for (const watch of (await store.load(ref))?.watches ?? []) allowed.set(watch.chatId, await options.mayWatch(watch));
    const target = await store.prepareCheck(ref, (watch) => allowed.get(watch.chatId) ?? true);
    if (!target || stopping.aborted) return;
    for (const _ of kindsOf(ref)) await budget.acquire(stopping);
    const watch = target.watches[0];
    const [result] = await checker.run(
      { scope: ref.scope, ids: [ref.transactionId] },
      { userId: watch?.subscribers[0]?.userId, chatId: watch?.chatId, via: "watch", logger },
    );
    const outcomes = result?.outcomes ?? [];
    outcomes.forEach((outcome) => options.onCheck?.(outcome.type));
    const recorded = await store.recordCheck(ref, outcomes);
    if (recorded?.paused) paused = true;
  }

  /** Checks running now: the loop keeps this many going, so the budget, not the provider's latency, sets the pace. */
  const running = new Set<Promise<void>>();
  const start = (ref: TargetRef, stopping: AbortSignal) => {
    const check = (async () => {
      if (stopping.aborted || paused) return;
      try {
        await checkOne(ref, stopping);
      } catch (error) {
        if (stopping.aborted) return;
        // A store outage is reported once, by the store: the loops stay quiet meanwhile.
        const level = error instanceof StateUnavailableError ? "debug" : "error";
        logger[level]({ err: error, target: `${ref.scope}:${ref.transactionId}` }, "a watch check failed; it is retried when its claim lapses");
      }
    })().finally(() => running.delete(check));
    running.add(check);
  };

  async function turn(stopping: AbortSignal): Promise<NextTurn> {
    // Refilled a quarter at a time: one store call claims several targets.
    if (running.size > concurrency - refill) {
      await Promise.race(running);
      return 0;
    }
    if (await options.tokenPaused()) {
      if (!pauseLogged) logger.warn("the service token was rejected: watches wait, making no call, until the token changes");
      pauseLogged = true;
      return Math.min(PAUSED_MS, 10 * idleMs);
    }
    if (pauseLogged) logger.info("watches resume: the service token changed");
    pauseLogged = false;
    // Checks that met the rejected token have marked it by now: the loop waits above.
    if (paused && running.size === 0) paused = false;
    const due = paused ? [] : await store.claimDueChecks(Math.min(batch, concurrency - running.size), CHECK_LEASE_MS);
    // Nothing due: wait, or until a running check ends (it may make room, or reschedule something due now).
    if (due.length === 0) return { ms: idleMs, orWhen: Promise.race(running) };
    due.forEach((ref) => start(ref, stopping));
    return 0;
  }

  return startBackgroundLoop({
    turn,
    // The store is away (Redis down): nothing can be claimed; try again shortly. The outage itself is reported once, by the store.
    retryMs: PAUSED_MS,
    failure: "watch checks cannot reach the state store; retrying",
    reportedElsewhere: (error) => error instanceof StateUnavailableError,
    logger,
    drain: () => Promise.all(running),
    // Each check in flight waits on the loop's signal for its place in the budget: that many listeners is expected.
    listeners: concurrency + 10,
  });
}
