import { setImmediate as yieldToOthers, setTimeout as sleep } from "node:timers/promises";
import type { Api } from "grammy";
import { isAllowedPerson, type AccessPolicy } from "../../access/policy.ts";
import { CASE_DAYS_DEFAULT, type SupportSettings } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import type { BackgroundBudget } from "../../payments/budget.ts";
import { caseAudit, type CaseAudit } from "../../payments/cases/case-events.ts";
import { caseFigures, type CaseFigures } from "../../payments/cases/case-figures.ts";
import type { CaseStore } from "../../payments/cases/case-store.ts";
import { isOpen, reminderDue } from "../../payments/cases/case.ts";
import { recordCaseCheck } from "../../payments/cases/record-check.ts";
import type { Checker } from "../../payments/check.ts";
import { isFinal } from "../../payments/enquiry/types.ts";
import { StateUnavailableError, type StateStore } from "../../state/ports.ts";
import type { CasesFeatureDeps } from "../../telegram/features/cases/cases.ts";
import { caseDesk, type CaseDesk } from "../../telegram/features/cases/case-desk.ts";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import type { ButtonStore } from "../../telegram/stores/button-store.ts";
import { clockIn } from "../../telegram/views/format/text.ts";
import { timeZone } from "../../util/time-zone.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "./area.ts";

export interface CasesAreaOptions {
  settings: Pick<BotSettings, "watches" | "timeZone" | "telegram"> & { support: SupportSettings };
  store: CaseStore;
  state: StateStore;
  /** Sends outside any update. */
  api: Api;
  messenger: Messenger;
  /** Nothing of a case reaches an agent whose access was taken away. */
  policy: AccessPolicy;
  buttons: ButtonStore;
  /** An open case's payment is checked within the background budget, on the background connections. */
  budget: BackgroundBudget;
  checker: Checker;
  /** True while the service token is rejected: no check until it changes. */
  tokenPaused: () => Promise<boolean>;
  instanceId: string;
  logger: Logger;
  metrics?: Metrics | undefined;
  now: () => number;
  /** How often the loop looks (shorter in tests). */
  everyMs?: number;
}

export interface CasesArea extends Area {
  /** What the cases feature needs (the rest, the checker and the presses, it gets from the bot). */
  feature: Omit<CasesFeatureDeps, "checker" | "presses" | "kv">;
  desk: CaseDesk;
  /** Open cases and today's opened and resolved, for /health. */
  figures(at: number): Promise<CaseFigures>;
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
export function casesArea(options: CasesAreaOptions): CasesArea {
  const { settings, store, logger, now } = options;
  const { support } = settings;
  const audit: CaseAudit = caseAudit(logger);
  const zone = timeZone(settings.timeZone);
  const clock = clockIn(settings.timeZone);
  const desk = caseDesk({
    api: options.api,
    messenger: options.messenger,
    store,
    audit,
    support,
    buttons: options.buttons,
    claims: options.state.claims,
    instanceId: options.instanceId,
    // The token's first part is the bot's own user ID (Telegram's rule): no getMe needed.
    botId: Number(settings.telegram.botToken.split(":")[0]),
    mayReach: (userId) => isAllowedPerson(options.policy, userId),
    clock,
    now,
    logger,
  });
  const schedule = { firstCheckMs: settings.watches.firstCheckMs, maxIntervalMs: settings.watches.maxIntervalMs };
  const deps = { store, audit, schedule, now };
  /** Cases this instance knows need nothing more from the loop (taken or reminded): not read again. */
  const done = new Set<number>();
  /** Cases known to have their card. */
  const carded = new Set<number>();
  const cardTried = new Map<number, number>();
  const budget = options.budget.consumer();
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const keepMs = support.keepMs ?? CASE_DAYS_DEFAULT * DAY_MS;
  let nextPruneAt = 0;
  let pruning: Promise<void> | undefined;

  /** Forgets the cases resolved more than CASE_DAYS ago, a case at a time between other work; one instance at a time. */
  async function prune(at: number): Promise<void> {
    try {
      if (!(await options.state.leases.acquire(PRUNE_LEASE, options.instanceId, PRUNE_LEASE_MS))) return;
      try {
        const forgotten = await store.pruneResolved(at - keepMs, PRUNE_AT_ONCE, () => yieldToOthers(undefined, { signal: stopping.signal }));
        if (forgotten > 0) logger.info({ forgotten, caseDays: keepMs / DAY_MS }, "resolved cases forgotten, CASE_DAYS after they were resolved");
      } finally {
        await options.state.leases.release(PRUNE_LEASE, options.instanceId);
      }
    } catch (error) {
      // Stopping, or the store away: the next run (within the hour) takes it up again.
      if (stopping.signal.aborted) return;
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
      const reminderTime = age >= support.remindMs;
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
      if (done.has(number) || !reminderDue(value, at, support.remindMs)) continue;
      // Whoever marks it first sends it: one reminder, whatever the number of instances.
      const marked = await store.change(number, (current) => (reminderDue(current, at, support.remindMs) ? { case: { ...current, remindedAt: at }, result: true } : { case: current, result: false }));
      done.add(number);
      if (!marked?.result) continue;
      audit("reminded", marked.case);
      await desk.remind(marked.case);
    }
  }

  async function checkDue(at: number): Promise<void> {
    if (await options.tokenPaused()) return;
    for (const number of await store.claimDueChecks(at, CHECKS_AT_ONCE, CHECK_LEASE_MS)) {
      const value = await store.load(number);
      if (!value || !isOpen(value) || isFinal(value.last)) {
        await store.unscheduleCheck(number);
        continue;
      }
      await budget.acquire(stopping.signal);
      const agent = value.agents[0];
      const [result] = await options.checker.run({ scope: value.kind, ids: [value.transactionId] }, { userId: agent?.userId, chatId: agent?.chatId, via: "watch", logger });
      const outcome = result?.outcomes[0];
      if (!outcome) continue;
      const checked = await recordCaseCheck({ ...deps, schedule }, number, outcome);
      if (checked.type !== "checked") continue;
      if (checked.changed || checked.settled) await desk.showCard(checked.case);
      if (checked.settled) await desk.announce(checked.case, "settled");
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      try {
        const at = now();
        if (pruning === undefined && at >= nextPruneAt) {
          nextPruneAt = at + PRUNE_EVERY_MS;
          pruning = prune(at).finally(() => {
            pruning = undefined;
          });
        }
        await remindAndRepair(at);
        await checkDue(at);
      } catch (error) {
        if (stopping.signal.aborted) break;
        // A store outage is reported once, by the store: the loop stays quiet meanwhile.
        logger[error instanceof StateUnavailableError ? "debug" : "warn"]({ err: error }, "cases: reminders and checks failed; retrying");
      }
      // Aborted: the bot is stopping, and the loop ends.
      await sleep(options.everyMs ?? EVERY_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  }

  return {
    feature: { store, audit, desk, schedule, buttons: options.buttons, clock, now, onTaken: options.metrics?.observeCaseTaken },
    desk,
    figures: (at) => caseFigures(store, zone.startOfDay(at), at + 1),
    start() {
      options.metrics?.caseSources({ open: async () => (await store.openCases()).size });
      running = loop();
    },
    async stop(deadline) {
      stopping.abort();
      await Promise.race([Promise.all([running, pruning]), sleep(deadline.left())]);
    },
  };
}
