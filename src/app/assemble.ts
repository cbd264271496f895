import { Api, type Bot, type Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { accessControl, type AccessControl } from "../access/access-control.ts";
import { isAdmin, isAllowed } from "../access/policy.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../ops/metrics.ts";
import { createBulkJobs, type BulkJobs } from "../payments/bulk/bulk-jobs.ts";
import { backgroundBudget, type BackgroundBudget } from "../payments/budget.ts";
import { createChecker, createEnquiryEvents, type Checker, type EnquiryEvents, type EnquiryListener } from "../payments/check.ts";
import type { TokenReport } from "../payments/enquiry/client-credentials-token.ts";
import { currentFingerprint, inspectToken } from "../payments/enquiry/service-token.ts";
import { shareEnquiries } from "../payments/enquiry/shared-enquiries.ts";
import { tokenPause } from "../payments/enquiry/token-pause.ts";
import type { EnquiryKind, EnquiryService } from "../payments/enquiry/types.ts";
import { startDailyDigest } from "../payments/health/daily-digest.ts";
import { healthMonitor, type HealthMonitor, type KindStatus } from "../payments/health/monitor.ts";
import { healthCountsReader, type HealthCountsReader } from "../payments/health/read-counts.ts";
import { countedForHealth, healthRecorder, type HealthRecorder } from "../payments/health/recorder.ts";
import { healthReport } from "../payments/health/report.ts";
import { rank } from "../payments/health/thresholds.ts";
import { startTokenExpiryWatch } from "../payments/health/token-expiry.ts";
import { startWatchScheduler } from "../payments/watches/scheduler.ts";
import { createWatchStore, type WatchStore } from "../payments/watches/watch-store.ts";
import type { StateStore } from "../state/ports.ts";
import type { BotContext } from "../telegram/context.ts";
import { createBot } from "../telegram/create-bot.ts";
import type { Translations } from "../telegram/i18n.ts";
import type { InFlightUpdates } from "../telegram/middleware/in-flight.ts";
import { alertOnTokenRejection, alertOnWrongAddress } from "../telegram/notify/admin-alerts.ts";
import { createMessenger, type Messenger } from "../telegram/notify/messenger.ts";
import { bulkDelivery } from "../telegram/notify/bulk-delivery.ts";
import { startWatchNotifier } from "../telegram/notify/watch-notifier.ts";
import { ButtonStore } from "../telegram/stores/button-store.ts";
import { ChatAliases } from "../telegram/stores/chat-aliases.ts";
import { PostedInlineButtons } from "../telegram/stores/posted-inline-buttons.ts";
import { ShownAnswers } from "../telegram/stores/shown-answers.ts";
import { languageChoices, type LanguageChoices } from "../telegram/stores/language-choices.ts";
import { observeApiErrors } from "../telegram/transport/api-observer.ts";
import type { TelegramFiles } from "../telegram/transport/files.ts";
import type { UpdateClaims } from "../telegram/transport/update-claims.ts";
import { clockIn } from "../telegram/views/format/text.ts";
import { healthAnnouncer } from "../telegram/notify/health-alerts.ts";
import { timeZone } from "../util/time-zone.ts";

/** The configuration the bot itself needs (the process's own, transport and ports, stays with the app). */
export type BotSettings = Pick<
  Config,
  "telegram" | "access" | "inviteTtlMs" | "rateLimit" | "watches" | "timeZone" | "bulkMaxIds" | "backgroundPerSecond" | "cacheTtlSeconds" | "adminChatId" | "health"
>;

/**
 * What differs between the bot in production, its warm-up, the demo and the tests: the rest is
 * built from these, the same way for all of them.
 */
export interface BotParts {
  settings: BotSettings;
  state: StateStore;
  /** The provider: for people asking, and for background work (on connections of its own in production). */
  enquiry: { interactive: EnquiryService; background: EnquiryService };
  telegram: {
    /** grammY's `fetch`: undici in production, a stand-in on loopback in tests and the warm-up. */
    fetch: typeof fetch;
    /** Installed closest to the network on every API: the demo answers Bot API calls itself there. */
    transformers?: readonly Transformer[];
    /** The bot's identity when known (no `getMe` at start). */
    botInfo?: UserFromGetMe;
    /** Downloads users' files; Telegram's by default. */
    files?: TelegramFiles;
  };
  translations: Translations;
  logger: Logger;
  /** This process, among the instances sharing the state store. */
  instanceId: string;
  /** The watch store's clock (tests move it). */
  now?: () => number;
  /** Where enquiries, Telegram errors and background work are counted (production). */
  metrics?: Metrics;
  /** Also told of every enquiry (the audit trail file, tests). */
  enquiryListeners?: readonly EnquiryListener[];
  /** Mark each enquiry's log line as the audit record: true unless the audit trail has a file of its own. */
  auditInLog?: boolean;
  /** The service token in use: a rejection is alerted once per token, and pauses watches until it changes. */
  serviceToken?: () => string | undefined;
  /** Where the token comes from, when it was obtained and expires (production): a token the bot renews itself has no expiry warnings. */
  serviceTokenReport?: () => TokenReport;
  /** Polling: each update claimed once across restarts and instances (the webhook claims its own). */
  updateClaims?: UpdateClaims;
  /** Updates being handled, for a graceful shutdown. */
  inFlight?: InFlightUpdates;
}

export interface AssembledBot {
  bot: Bot<BotContext>;
  /** Sends outside any update (alerts, notifications, bulk reports): no auto-retry, its senders handle 429s. */
  api: Api;
  /** Tells someone outside an update (the admins, a person, a group), each in their language. */
  messenger: Messenger;
  /** Who may use the bot, and what admins change from the chat. */
  access: AccessControl;
  events: EnquiryEvents;
  checker: Checker;
  watches: WatchStore;
  bulkJobs: BulkJobs;
  budget: BackgroundBudget;
  /** The provider's health: every enquiry counted, the state judged, changes announced. */
  health: { recorder: HealthRecorder; monitor: HealthMonitor; reader: HealthCountsReader };
  /** Languages chosen with /language, by people and groups. */
  languages: LanguageChoices;
  /** Reads what must be known before the first update: the access granted from the chat, the languages chosen. */
  prepare(): Promise<void>;
  /** Starts the background work: watch checks, their notifications, reporting checks a dead instance left, and keeping the grants fresh. */
  startBackground(): void;
  /** Stops it (running bulk checks send what they checked), within `graceMs`. */
  stopBackground(graceMs: number): Promise<void>;
}

/**
 * The one place the bot is put together: production, the warm-up, the demo and the test
 * harnesses all call this, with their own parts. Nothing here opens a port or a connection: the
 * parts are given, and the caller runs and closes what it gave.
 */
export function assembleBot(parts: BotParts): AssembledBot {
  const { settings, state, translations, logger, metrics } = parts;
  const fromTelegram = (api: Api) => {
    parts.telegram.transformers?.forEach((transformer) => api.config.use(transformer));
    api.config.use(observeApiErrors(logger, metrics?.countTelegramError));
    return api;
  };
  const api = fromTelegram(new Api(settings.telegram.botToken, { fetch: parts.telegram.fetch, ...(settings.telegram.apiRoot ? { apiRoot: settings.telegram.apiRoot } : {}) }));
  const access = accessControl({ lists: settings.access, records: state.records, logger, ...(parts.now ? { now: parts.now } : {}) });
  const languages = languageChoices(state.records, translations.locales, logger);
  const messenger = createMessenger({ api, translations, languages, admins: { chatId: settings.adminChatId, userIds: settings.access.adminUserIds }, logger });
  const currentToken = parts.serviceToken ?? (() => undefined);
  const tokenReport = parts.serviceTokenReport;
  const renewedByBot = tokenReport?.().source === "client_credentials";
  const tokenExpiresAt = () => (tokenReport ? tokenReport().expiresAt : inspectToken(currentToken()).expiresAt);

  const events = createEnquiryEvents();
  if (metrics) events.subscribe(metrics.countEnquiry);
  parts.enquiryListeners?.forEach((listener) => events.subscribe(listener));
  events.subscribe(alertOnTokenRejection({ messenger, kv: state.kv, logger, currentToken, renewedByBot }));
  events.subscribe(alertOnWrongAddress({ messenger, kv: state.kv, logger }));
  const tokenFingerprintNow = currentFingerprint(currentToken);
  const tokenPaused = tokenPause(events, state.kv, tokenFingerprintNow, logger);

  const now = parts.now ?? Date.now;
  const zone = timeZone(settings.timeZone);
  const clock = clockIn(settings.timeZone);
  const announcer = healthAnnouncer({ messenger, alertChatIds: settings.health.alertChatIds, clock });
  const recorder = healthRecorder({ tallies: state.tallies, logger, now });
  const reader = healthCountsReader(state.tallies);
  const monitor = healthMonitor({
    recorder,
    reader,
    records: state.records,
    thresholds: settings.health.thresholds,
    announce: announcer.changes,
    logger,
    now,
    ...(metrics ? { onEvaluated: (kind: EnquiryKind, status: KindStatus) => metrics.providerHealth(kind, { level: rank(status.level), failuresHigh: status.failuresHigh }) } : {}),
  });

  const cache = { store: state.kv, cacheTtlMs: settings.cacheTtlSeconds * 1000 };
  // Counted where requests reach the provider: answers from the cache, or joined to one in flight, are not its work.
  const tracked = (service: EnquiryService) => countedForHealth(metrics ? metrics.trackInFlight(service) : service, recorder);
  const auditInLog = parts.auditInLog ?? true;
  const checker = createChecker({ enquiry: shareEnquiries(tracked(parts.enquiry.interactive), cache), events, auditInLog });
  const backgroundChecker = createChecker({ enquiry: shareEnquiries(tracked(parts.enquiry.background), cache), events, auditInLog });
  const budget = backgroundBudget(state.counters, settings.backgroundPerSecond);
  const watches = createWatchStore({ state, schedule: settings.watches, ...(parts.now ? { now: parts.now } : {}) });
  metrics?.watchSources({ activeWatches: () => watches.activeTargets(), backgroundQueue: () => budget.waiting });

  const stores = {
    buttons: new ButtonStore(state.kv),
    shownAnswers: new ShownAnswers(state.kv),
    aliases: new ChatAliases(state.kv),
    postedInline: new PostedInlineButtons(state.kv),
    flags: state.kv,
    counters: state.counters,
  };
  /** Whether a chat may still ask (its person or group still allowed): running watches and bulk checks stop when not. */
  const mayStillAsk = async (chat: { id: number; type: "private" | "group" | "supergroup" }, userId: number) =>
    isAllowed(access.policy, chat, chat.type === "private" ? userId : undefined, chat.type === "private" ? undefined : await stores.aliases.formerIdOf(chat.id));
  const bulkJobs = createBulkJobs({
    mayContinue: (job) => mayStillAsk({ id: job.chatId, type: job.chatId === job.ownerId ? "private" : "supergroup" }, job.ownerId),
    state,
    budget,
    checker: backgroundChecker,
    delivery: bulkDelivery({ api, messenger, buttons: stores.buttons, timeZone: settings.timeZone, logger }),
    instanceId: parts.instanceId,
    logger,
  });
  const bot = createBot({
    settings,
    access,
    messenger,
    checker,
    watches,
    bulkChecks: bulkJobs,
    stores,
    translations,
    languages,
    logger,
    client: { fetch: parts.telegram.fetch, ...(parts.telegram.transformers ? { transformers: parts.telegram.transformers } : {}) },
    ...(parts.telegram.botInfo ? { botInfo: parts.telegram.botInfo } : {}),
    ...(parts.telegram.files ? { files: parts.telegram.files } : {}),
    ...(parts.inFlight ? { inFlight: parts.inFlight } : {}),
    ...(parts.updateClaims ? { updateClaims: parts.updateClaims } : {}),
    ...(metrics ? { onApiError: metrics.countTelegramError } : {}),
    ...(parts.now ? { now: parts.now } : {}),
    health: {
      report: async (at) => {
        // Judged again first, this instance's latest counts written: /health is never behind what the asker just saw.
        await monitor.evaluate();
        return healthReport({ reader, status: monitor.current, waitingSince: (before) => watches.waitingSince(before), startOfDay: zone.startOfDay }, at);
      },
      adminFacts: async () => {
        const instances = await state.claims.instancesAlive().catch(() => 0);
        return {
          tokenExpiresAt: tokenExpiresAt(),
          ...(tokenReport ? { token: tokenReport() } : {}),
          store: { shared: state.shared, health: state.health(), topology: await state.topology?.().catch(() => undefined) },
          instances: instances > 0 ? instances : undefined,
          backgroundQueue: budget.waiting,
          watches: await watches.activeTargets().catch(() => undefined),
        };
      },
      forAdmins: (ctx) => isAdmin(access.policy, ctx.from?.id) || (settings.adminChatId !== undefined && ctx.chat?.id === settings.adminChatId),
      clock,
      now,
      // Only once judged from the figures: a fresh start does not claim the provider is fine.
      providerStatus: () => {
        const status = monitor.current();
        return status.evaluatedAt === undefined ? undefined : status.kinds;
      },
    },
  });

  let background: { stop(graceMs: number): Promise<void> }[] = [];
  let healthTimers: { stop(): void }[] = [];
  return {
    bot,
    api,
    messenger,
    access,
    events,
    checker,
    watches,
    bulkJobs,
    budget,
    health: { recorder, monitor, reader },
    languages,
    prepare: async () => {
      await Promise.all([access.grants.refresh(), languages.refresh()]);
    },
    startBackground() {
      access.grants.start();
      languages.start();
      recorder.start();
      monitor.start();
      healthTimers = [
        monitor,
        ...(parts.serviceToken
          ? [
              startTokenExpiryWatch({
                expiry: tokenExpiresAt,
                fingerprint: tokenFingerprintNow,
                kv: state.kv,
                announce: renewedByBot ? undefined : announcer.tokenExpiry,
                logger,
                now,
                ...(metrics ? { onLook: metrics.serviceTokenExpiry } : {}),
              }),
            ]
          : []),
        ...(settings.health.digestTime
          ? [
              startDailyDigest({
                kv: state.kv,
                zone,
                time: settings.health.digestTime,
                sources: { reader, health: () => monitor.current().stored, watched: () => watches.activeTargets() },
                send: announcer.digest,
                logger,
                now,
              }),
            ]
          : []),
      ];
      // The waiting agents no longer do: watched payments are checked in the background, within the budget.
      const scheduler = startWatchScheduler({
        store: watches,
        budget,
        checker: backgroundChecker,
        perSecond: settings.backgroundPerSecond,
        mayWatch: (watch) => mayStillAsk({ id: watch.chatId, type: watch.chatType }, watch.chatId),
        tokenPaused,
        logger,
        ...(metrics ? { onCheck: metrics.countWatchCheck } : {}),
      });
      const notifier = startWatchNotifier({
        store: watches,
        api,
        counters: state.counters,
        messenger,
        shownAnswers: stores.shownAnswers,
        buttons: stores.buttons,
        aliases: stores.aliases,
        times: { maxHours: settings.watches.maxAgeMs / 3_600_000, notFoundMinutes: settings.watches.notFoundMs / 60_000 },
        adminAlerted: messenger.reachesAdmins,
        clock: clockIn(settings.timeZone),
        logger,
        ...(metrics ? { onResult: metrics.countWatchNotification } : {}),
      });
      background = [scheduler, notifier, bulkJobs];
      // Bulk checks a dead instance left running: their owners are told to send the file again.
      void bulkJobs.recoverOrphans().catch((error: unknown) => void logger.warn({ err: error }, "could not look for interrupted bulk checks"));
    },
    async stopBackground(graceMs) {
      access.grants.stop();
      languages.stop();
      healthTimers.forEach((timer) => timer.stop());
      // What this instance counted since the last write is not lost with it.
      await recorder.stop();
      // Watches live in the state store: what is unfinished here is picked up after a restart, or by another instance.
      await Promise.all([...background, ...(background.includes(bulkJobs) ? [] : [bulkJobs])].map((part) => part.stop(graceMs)));
    },
  };
}
