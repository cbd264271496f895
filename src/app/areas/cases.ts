import { auditIntoHistory } from "../../payments/history/recording/case-entries.ts";
import type { HistoryRecorder } from "../../payments/history/recording/recorder.ts";
import type { Api } from "grammy";
import { isAllowedPerson, type AccessPolicy } from "../../access/policy.ts";
import { CASE_DAYS_DEFAULT, type SupportSettings } from "../../config/areas/cases.ts";
import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import type { BackgroundBudget } from "../../payments/budget.ts";
import { caseAudit, type CaseAudit } from "../../payments/cases/case-events.ts";
import { caseFigures, type CaseFigures } from "../../payments/cases/case-figures.ts";
import { startCaseLoop } from "../../payments/cases/case-loop.ts";
import type { CaseStore } from "../../payments/cases/case-store.ts";
import type { Checker } from "../../payments/check.ts";
import type { KeyValueStore, StateStore } from "../../state/ports.ts";
import type { PressRouter } from "../../telegram/buttons/router.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { casesFeature } from "../../telegram/features/cases/cases.ts";
import { caseDesk, type CaseDesk } from "../../telegram/features/cases/case-desk.ts";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import type { ButtonStore } from "../../telegram/stores/button-store.ts";
import { clockIn } from "../../telegram/views/format/text.ts";
import type { BackgroundLoop } from "../../util/background-loop.ts";
import { timeZone } from "../../util/time-zone.ts";
import type { BotSettings } from "../bot-settings.ts";
import type { Area } from "../area.ts";

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
  /** For people asking (an ID escalated is checked as /status checks it; 🔄 Refresh on a card re-checks it). */
  interactiveChecker: Checker;
  /** The cards' buttons, 🆘 Ask support and 📨 Send to support are pressed through the press router. */
  presses: PressRouter;
  /** An ID waiting for its kind, a message waiting for 📨 Send to support. */
  flags: KeyValueStore;
  /** True while the service token is rejected: no check until it changes. */
  tokenPaused: () => Promise<boolean>;
  instanceId: string;
  logger: Logger;
  metrics?: Metrics | undefined;
  now: () => number;
  /** Where "case opened, taken, resolved" goes on the payment's timeline. */
  history?: HistoryRecorder | undefined;
  /** How often the loop looks (shorter in tests). */
  everyMs?: number;
}

export interface CasesArea extends Area {
  /** 🆘 Ask support and /escalate, the cards' buttons, the conversation, /cases. */
  feature: BotFeature;
  desk: CaseDesk;
  /** Open cases and today's opened and resolved, for /health. */
  figures(at: number): Promise<CaseFigures>;
}

const DAY_MS = 86_400_000;

/**
 * Cases (SUPPORT_CHAT_ID): the case desk that shows them in Telegram, and beside the updates the
 * cases' loop (payments/cases/case-loop.ts: reminders, checks of open cases' payments, cards a
 * failure left unposted, resolved cases forgotten CASE_DAYS later).
 */
export function casesArea(options: CasesAreaOptions): CasesArea {
  const { settings, store, logger, now } = options;
  const { support } = settings;
  const audit: CaseAudit = options.history ? auditIntoHistory(caseAudit(logger), options.history, now) : caseAudit(logger);
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
  let loop: BackgroundLoop | undefined;

  return {
    feature: {
      name: "cases",
      composer: casesFeature({ store, audit, desk, schedule, buttons: options.buttons, clock, now, onTaken: options.metrics?.observeCaseTaken, checker: options.interactiveChecker, presses: options.presses.for("cases"), kv: options.flags }),
    },
    desk,
    figures: (at) => caseFigures(store, zone.startOfDay(at), at + 1),
    start() {
      options.metrics?.caseSources({ open: async () => (await store.openCases()).size });
      loop = startCaseLoop({
        store,
        audit,
        desk,
        schedule,
        now,
        remindMs: support.remindMs,
        keepMs: support.keepMs ?? CASE_DAYS_DEFAULT * DAY_MS,
        leases: options.state.leases,
        instanceId: options.instanceId,
        budget: options.budget,
        checker: options.checker,
        tokenPaused: options.tokenPaused,
        logger,
        ...(options.everyMs === undefined ? {} : { everyMs: options.everyMs }),
      });
    },
    stop: async (deadline) => loop?.stop(deadline.left()),
  };
}
