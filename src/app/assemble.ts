import { Api, Context, type Bot, type Transformer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { AccessControl } from "../access/facade.ts";
import { isAdmin } from "../access/policy.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { BulkJobs } from "../payments/bulk/bulk-jobs.ts";
import type { BackgroundBudget } from "../payments/budget.ts";
import type { Checker, EnquiryEvents, EnquiryListener } from "../payments/check.ts";
import type { TokenReport } from "../payments/service-token/client-credentials-token.ts";
import type { EnquiryService } from "../payments/enquiry/types.ts";
import type { HealthCountsReader } from "../payments/health/counting/read-counts.ts";
import type { HealthRecorder } from "../payments/health/counting/recorder.ts";
import type { HealthMonitor } from "../payments/health/judging/monitor.ts";
import { adminFacts as adminFactsOf } from "../payments/health/reporting/report.ts";
import { createWatchStore, type WatchStore } from "../payments/watches/watch-store.ts";
import type { StateStore } from "../state/ports.ts";
import { PressRouter } from "../telegram/buttons/router.ts";
import { topicFallback } from "../telegram/notify/topic-fallback.ts";
import type { BotContext } from "../telegram/context.ts";
import { claimAlong, createBot, type BotStores } from "../telegram/create-bot.ts";
import type { Translations } from "../telegram/i18n.ts";
import { createMessenger, type Messenger } from "../telegram/notify/messenger.ts";
import { ButtonStore } from "../telegram/stores/button-store.ts";
import { ChatAliases } from "../telegram/stores/chat-aliases.ts";
import type { LanguageChoices } from "../telegram/stores/language-choices.ts";
import { PostedInlineButtons } from "../telegram/stores/posted-inline-buttons.ts";
import { ShownAnswers } from "../telegram/stores/shown-answers.ts";
import { observeApiErrors } from "../telegram/transport/api-observer.ts";
import { sendingPolicy } from "../telegram/transport/retry.ts";
import type { AnswerDependencies } from "../telegram/features/send-answer.ts";
import { telegramFiles, type TelegramFiles } from "../telegram/transport/files.ts";
import type { InFlightUpdates } from "../telegram/transport/in-flight.ts";
import type { ClaimAlong, UpdateClaims } from "../telegram/transport/update-claims.ts";
import { clockIn } from "../telegram/views/format/text.ts";
import { deadlineIn } from "../util/deadline.ts";
import type { ReceiptPageRoute } from "../server/http-server.ts";
import type { BotSettings } from "./bot-settings.ts";
import { accessArea } from "./areas/access.ts";
import type { Area } from "./area.ts";
import { basicsArea } from "./areas/basics.ts";
import { bulkArea } from "./areas/bulk.ts";
import { checksArea } from "./areas/checks.ts";
import { enquiriesArea } from "./areas/enquiries.ts";
import { healthArea } from "./areas/health.ts";
import { languagesArea } from "./areas/languages.ts";
import { serviceTokenArea } from "./areas/service-token.ts";
import { watchesArea } from "./areas/watches.ts";
import { casesArea } from "./areas/cases.ts";
import { receiptsArea, type ReceiptPageAnswer, type ReceiptRenderers } from "./areas/receipts.ts";
import { historyArea } from "./areas/history.ts";
import { recordingChecker } from "../payments/history/recording/recording-checker.ts";
import { historyFigures } from "../payments/history/history-figures.ts";
import { caseFigures } from "../payments/cases/case-figures.ts";
import { createCaseStore } from "../payments/cases/case-store.ts";

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
  /** Each update claimed once across restarts and instances: in the middleware list (polling), or by the webhook's receiver. */
  updateClaims?: { claims: UpdateClaims; claimedBy: "middleware" | "receiver" };
  /** Updates being handled, for a graceful shutdown. */
  inFlight?: InFlightUpdates;
  /** How receipts are drawn: without a picture renderer, a receipt is sent as its caption's text. */
  receiptRenderers?: ReceiptRenderers;
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
  /** A receipt's check from its page (GET /r/<code>), asked from an address. */
  checkReceiptPage(code: string, address: string): Promise<ReceiptPageAnswer>;
  /** GET /r/<code> for the HTTP server; undefined without a page renderer. */
  receiptPage: ReceiptPageRoute | undefined;
  /** What goes to the store with an update's claim (the webhook's receiver claims before the update comes in): the rate limit's charge, the cached answers read ahead. */
  claimAlong(update: Update): ClaimAlong;
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
 * parts are given, and the caller runs and closes what it gave. It reads as a table of contents:
 * each area (app/areas/) is built by its own module, which gives back the features it adds to the
 * bot and owns its start and stop; the features' one order is written here, once.
 */
export function assembleBot(parts: BotParts): AssembledBot {
  const { settings, state, translations, logger, metrics } = parts;
  const now = parts.now ?? Date.now;
  const api = outsideApi(parts);
  const clock = clockIn(settings.timeZone);

  const support = settings.support;
  // The support chat is allowed, as the groups of ALLOWED_CHAT_IDS are: its members handle cases there.
  const lists = support ? { ...settings.access, allowedChatIds: new Set([...settings.access.allowedChatIds, support.chatId]) } : settings.access;
  const stores: BotStores = {
    buttons: new ButtonStore(state.kv),
    shownAnswers: new ShownAnswers(state.kv),
    aliases: new ChatAliases(state.kv),
    postedInline: new PostedInlineButtons(state.kv),
    flags: state.kv,
    counters: state.counters,
  };
  // Every button press is decoded once and handed to the feature that registered its action.
  const presses = new PressRouter(stores.buttons, logger);
  const access = accessArea({ access: lists }, state, logger, parts.now);
  const caseStore = support ? createCaseStore(state) : undefined;
  const languages = languagesArea(state, translations, presses, logger);
  const messenger = createMessenger({ api, translations, languages: languages.choices, admins: { chatId: settings.adminChatId, threadId: settings.adminThreadId, userIds: settings.access.adminUserIds }, aliases: stores.aliases, logger });
  const watchStore = createWatchStore({ state, schedule: settings.watches, ...(parts.now ? { now: parts.now } : {}) });

  const history = historyArea({ settings, state, logger, now });
  const health = healthArea({
    settings,
    state,
    messenger,
    watches: watchStore,
    logger,
    metrics,
    now,
    cases: caseStore && ((from, to) => caseFigures(caseStore, from, to)),
    history: history.recorder.on ? (from, to) => historyFigures(state.journal, from, to) : undefined,
  });
  const enquiries = enquiriesArea({ settings, state, enquiry: parts.enquiry, recorder: health.recorder, metrics, listeners: parts.enquiryListeners, auditInLog: parts.auditInLog ?? true, messenger, logger });
  const token = serviceTokenArea({ current: parts.serviceToken, report: parts.serviceTokenReport, events: enquiries.events, state, messenger, announcer: health.announcer, logger, metrics, now });
  const answers: AnswerDependencies = {
    checker: enquiries.checker,
    buttons: stores.buttons,
    adminAlerted: messenger.reachesAdmins,
    shownAnswers: stores.shownAnswers,
    watches: watchStore,
    clock,
    providerStatus: () => health.providerStatus(),
    casesOffered: support !== undefined,
    receiptsOffered: true,
    history: history.recorder,
  };
  const checks = checksArea({ answers, presses, posted: stores.postedInline });
  const background = { budget: enquiries.budget, checker: enquiries.backgroundChecker, policy: access.control.policy, stores, api, messenger, state, logger, presses };
  // Background work records its answers as they come (a watch's or a case's loop only what changes the status).
  const recorded = (how: "watch" | "bulk" | "case", checker = background.checker) => recordingChecker(checker, history.recorder, how, now);
  const watches = watchesArea({ ...background, checker: recorded("watch"), settings, store: watchStore, tokenPaused: token.paused, metrics, answers });
  const files = parts.telegram.files;
  const telegram = settings.telegram;
  const bulk = bulkArea({ ...background, checker: recorded("bulk"), settings, instanceId: parts.instanceId, files: files ? () => files : (bot) => telegramFiles(bot, telegram.botToken, telegram.apiRoot) });
  const cases =
    support && caseStore
      ? casesArea({ ...background, checker: recorded("case"), settings: { ...settings, support }, store: caseStore, buttons: stores.buttons, interactiveChecker: recorded("case", enquiries.checker), flags: stores.flags, tokenPaused: token.paused, instanceId: parts.instanceId, metrics, now, history: history.recorder })
      : undefined;
  // One sending policy for the bot and the receipts' checks: their replies to strangers are best effort, as the gate's are.
  const sending = sendingPolicy();
  const receipts = receiptsArea({
    settings,
    sending,
    state,
    checker: enquiries.checker,
    backgroundChecker: enquiries.backgroundChecker,
    budget: enquiries.budget,
    translations,
    policy: access.control.policy,
    presses,
    logger,
    metrics,
    now,
    renderers: parts.receiptRenderers,
    history: history.recorder,
  });
  const basics = basicsArea(access.control.policy, { cases: cases !== undefined });
  metrics?.watchSources({ activeWatches: () => watchStore.activeTargets(), backgroundQueue: () => enquiries.budget.waiting });

  const adminFacts = () =>
    adminFactsOf({
      state,
      tokenExpiresAt: token.expiresAt,
      token: token.report,
      backgroundQueue: () => enquiries.budget.waiting,
      watchedPayments: () => watchStore.activeTargets(),
      cases: cases && (() => cases.figures(now())),
    });
  const bot = createBot(
    {
      settings,
      access: access.control,
      messenger,
      checker: enquiries.checker,
      watches: watchStore,
      stores,
      presses,
      translations,
      languages: languages.choices,
      logger,
      client: { fetch: parts.telegram.fetch, ...(parts.telegram.transformers ? { transformers: parts.telegram.transformers } : {}) },
      ...(parts.telegram.botInfo ? { botInfo: parts.telegram.botInfo } : {}),
      ...(parts.inFlight ? { inFlight: parts.inFlight } : {}),
      ...(parts.updateClaims ? { updateClaims: parts.updateClaims } : {}),
      ...(metrics ? { onApiError: metrics.countTelegramError } : {}),
      sending,
    },
    // The features, in the one order messages depend on (presses never do: each goes to the feature that registered it).
    [
      // Behind one cheap test: requests, invites and the admins' commands.
      access.feature({ messenger, presses, bulkChecks: bulk.jobs, clock, inviteTtlMs: settings.inviteTtlMs, now, windowMs: settings.rateLimit.windowSeconds * 1000, flags: stores.flags }),
      // Before /start's help: /start r_<code> is a receipt's check, open to anyone in private.
      receipts.checking,
      basics.help,
      health.feature({ adminFacts, forAdmins: (ctx) => isAdmin(access.control.policy, ctx.from?.id) || messenger.isAdminChat(ctx.chat?.id), clock, now }),
      basics.whoami,
      // Before anything that reads a private message or a file: an agent's reply to a case is for the case.
      ...(cases ? [cases.feature] : []),
      languages.feature,
      checks.commands,
      receipts.making,
      checks.inline,
      watches.feature,
      history.feature({ policy: access.control.policy, supportChatId: support?.chatId, answers, presses, isAdminChat: (chatId) => messenger.isAdminChat(chatId) }),
      bulk.feature,
      // Last, in this order, what no feature took: a command nobody knows, IDs sent alone (never a command), anything else said in private.
      basics.unknownCommand,
      checks.bareIds,
      basics.unhandled,
    ],
  );

  const areas: Area[] = [access, languages, health, token, watches, bulk, history, ...(cases ? [cases] : [])];
  return {
    bot,
    api,
    messenger,
    access: access.control,
    events: enquiries.events,
    checker: enquiries.checker,
    watches: watchStore,
    bulkJobs: bulk.jobs,
    budget: enquiries.budget,
    health: { recorder: health.recorder, monitor: health.monitor, reader: health.reader },
    languages: languages.choices,
    checkReceiptPage: (code, address) => receipts.checkPage(code, address, bot.botInfo.username),
    receiptPage: receipts.pageRoute(() => username(bot)),
    claimAlong: (update) => claimAlong(new Context(update, bot.api, bot.botInfo), { rateLimit: settings.rateLimit, checker: enquiries.checker }),
    prepare: async () => void (await Promise.all(areas.map((area) => area.prepare?.() ?? Promise.resolve()))),
    startBackground: () => areas.forEach((area) => area.start()),
    async stopBackground(graceMs) {
      // One deadline for them all: the time one takes is part of the grace period, not added to it.
      const deadline = deadlineIn(graceMs);
      await Promise.all(areas.map((area) => area.stop(deadline)));
    },
  };
}

/** The bot's username, once Telegram told it (a page asked for before then links to no deep link). */
function username(bot: Bot<BotContext>): string {
  try {
    return bot.botInfo.username;
  } catch {
    // Not known before getMe has answered: only a deep link needs it, and none is made of an empty name.
    return "";
  }
}

/** The API that sends outside any update (alerts, notifications, bulk reports): no auto-retry, its senders handle 429s. */
function outsideApi({ settings, telegram, logger, metrics }: BotParts): Api {
  const api = new Api(settings.telegram.botToken, { fetch: telegram.fetch, ...(settings.telegram.apiRoot ? { apiRoot: settings.telegram.apiRoot } : {}) });
  telegram.transformers?.forEach((transformer) => api.config.use(transformer));
  api.config.use(observeApiErrors(logger, metrics?.countTelegramError));
  api.config.use(topicFallback(logger));
  return api;
}
