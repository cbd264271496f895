import { sequentialize } from "@grammyjs/runner";
import { Bot, Composer, type Context, type MiddlewareFn, type Transformer } from "grammy";
import type { AccessControl } from "../access/facade.ts";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Checker } from "../payments/check.ts";
import type { EnquiryKind } from "../payments/enquiry/types.ts";
import { queryCost } from "../payments/query.ts";
import type { KindStatus } from "../payments/health/judging/monitor.ts";
import type { WatchChats, WatchSubscriptions } from "../payments/watches/watch-store.ts";
import type { Counters, KeyValueStore } from "../state/ports.ts";
import type { ShownAnswers } from "./stores/shown-answers.ts";
import type { ChatAliases } from "./stores/chat-aliases.ts";
import type { LanguageChoices } from "./features/language/language-choices.ts";
import type { BotContext } from "./context.ts";
import { handleBotError } from "./error-handler.ts";
import type { BulkCheckStarter } from "../payments/bulk/bulk-jobs.ts";
import { accessAdminFeature } from "./features/access/admin.ts";
import { accessRequestsFeature } from "./features/access/requests.ts";
import { personOf, type AccessFeatureDeps } from "./features/access/shared.ts";
import { bareIdsFeature } from "./features/checks/bare-ids.ts";
import { joinByInviteFeature } from "./features/access/join-by-invite.ts";
import { bulkUploadFeature } from "./features/bulk/bulk-upload.ts";
import { refreshAndKindPresses } from "./features/checks/refresh-and-kind.ts";
import { PressRouter } from "./buttons/router.ts";
import { checkCommandsFeature, checkQueryOf } from "./features/checks/check-commands.ts";
import { healthFeature, type HealthFeatureDeps } from "./features/health/health.ts";
import { helpFeature } from "./features/basics/help.ts";
import { languageFeature } from "./features/language/language.ts";
import { inlineFeature } from "./features/inline/inline.ts";
import { watchFeature } from "./features/watches/watch.ts";
import { unhandledFeature } from "./features/basics/unhandled.ts";
import { unknownCommandFeature } from "./features/basics/unknown-command.ts";
import { whoamiFeature } from "./features/basics/whoami.ts";
import { casesFeature, type CasesFeatureDeps } from "./features/cases/cases.ts";
import type { Translations } from "./i18n.ts";
import { accessGate, isAccessUpdate } from "./middleware/access-gate.ts";
import type { PostedInlineButtons } from "./features/inline/posted-inline-buttons.ts";
import { chatMigration } from "./middleware/chat-migration.ts";
import { genuinePresses } from "./middleware/genuine-presses.ts";
import type { InFlightUpdates } from "./transport/in-flight.ts";
import { rateLimit, upfrontCharge, type RateLimitSettings } from "./middleware/rate-limit.ts";
import { storeOutage } from "./middleware/store-outage.ts";
import { updateLogger } from "./middleware/update-logger.ts";
import type { Messenger } from "./notify/messenger.ts";
import { observeApiErrors, type ApiErrorListener } from "./transport/api-observer.ts";
import { telegramFiles, type TelegramFiles } from "./transport/files.ts";
import { sendingPolicy } from "./transport/retry.ts";
import type { ClaimAlong, UpdateClaims } from "./transport/update-claims.ts";
import type { ButtonStore } from "./stores/button-store.ts";
import { clockIn } from "./views/format/text.ts";

/** The stores the bot's features keep things in, built once (app/assemble.ts). */
export interface BotStores {
  buttons: ButtonStore;
  shownAnswers: ShownAnswers;
  aliases: ChatAliases;
  postedInline: PostedInlineButtons;
  /** Short-lived flags: strangers and floods told once per window, files waiting for their kind. */
  flags: KeyValueStore;
  /** The rate limit's budgets. */
  counters: Counters;
}

export interface CreateBotOptions {
  settings: Pick<Config, "telegram" | "rateLimit" | "watches" | "timeZone" | "bulkMaxIds" | "inviteTtlMs">;
  /** Who may use the bot: the configuration's lists, and what admins change from the chat. */
  access: AccessControl;
  /** Tells someone outside the update (the admins, a requester, a group, someone whose access was removed), in their language. */
  messenger: Messenger;
  checker: Checker;
  watches: WatchSubscriptions & WatchChats;
  bulkChecks: BulkCheckStarter;
  stores: BotStores;
  translations: Translations;
  /** Languages chosen with /language: they win over the one Telegram's app reports. */
  languages: LanguageChoices;
  logger: Logger;
  /** The Bot API client: grammY's `fetch` (undici in production), and transformers under the bot's own. */
  client: { fetch: typeof fetch; transformers?: readonly Transformer[] };
  /** Known bot identity (tests, the demo, the warm-up): skips `getMe` at start. */
  botInfo?: UserFromGetMe;
  /** Downloads users' files; the bot's own API by default. */
  files?: TelegramFiles;
  /** Tracks updates being handled, for a graceful shutdown (and which polling may confirm). */
  inFlight?: InFlightUpdates;
  /**
   * Each update handled once across restarts and instances: claimed here, in the middleware list
   * (polling), or by the webhook's receiver before the update comes in (with `claimAlong`); the
   * request's first unit of the rate limit is spent with the claim either way.
   */
  updateClaims?: { claims: UpdateClaims; claimedBy: "middleware" | "receiver" };
  /** The clock of the records (tests move it). */
  now?: () => number;
  /** Called for every failed Bot API call attempt, e.g. for metrics. */
  onApiError?: ApiErrorListener;
  /** Cases (SUPPORT_CHAT_ID): 🆘 Ask support, /escalate, the cards' buttons, the conversation, /cases. None without it. */
  cases?: Omit<CasesFeatureDeps, "checker" | "presses" | "kv">;
  /** /health, and the provider's state that answers mention while it is in trouble. */
  health: HealthFeatureDeps & { providerStatus: () => Record<EnquiryKind, KindStatus> | undefined };
}

/**
 * Builds the bot: one ordered middleware list, in the order that keeps strangers cheap (identity,
 * then the access gate, then the rate limit, then the features), each part given only what it
 * needs. Starting it (polling or webhook) is the app's job.
 */
export function createBot(options: CreateBotOptions): Bot<BotContext> {
  const { settings, stores, translations, logger, updateClaims: claims } = options;
  const bot = new Bot<BotContext>(settings.telegram.botToken, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client: { fetch: options.client.fetch, ...(settings.telegram.apiRoot ? { apiRoot: settings.telegram.apiRoot } : {}) },
  });
  const sending = sendingPolicy();
  // Closest to the network: stand-ins for Telegram (the demo) answer here.
  options.client.transformers?.forEach((transformer) => bot.api.config.use(transformer));
  // Next, so it sees every attempt auto-retry makes.
  bot.api.config.use(observeApiErrors(logger, options.onApiError));
  bot.api.config.use(sending.transformer);

  const policy = options.access.policy;
  // Every button press is decoded once here and handed to the feature that owns its button.
  const presses = new PressRouter(stores.buttons);
  const accessDeps: AccessFeatureDeps = {
    access: options.access,
    messenger: options.messenger,
    presses,
    bulkChecks: options.bulkChecks,
    clock: clockIn(settings.timeZone),
    inviteTtlMs: settings.inviteTtlMs,
    now: options.now ?? Date.now,
    windowMs: settings.rateLimit.windowSeconds * 1000,
    flags: stores.flags,
  };
  const answers = {
    checker: options.checker,
    buttons: stores.buttons,
    adminAlerted: options.messenger.reachesAdmins,
    shownAnswers: stores.shownAnswers,
    watches: options.watches,
    clock: clockIn(settings.timeZone),
    providerStatus: options.health.providerStatus,
    casesOffered: options.cases !== undefined,
  };
  refreshAndKindPresses(presses, answers);
  const accessFeatures = new Composer<BotContext>();
  // (filter returns the inner composer: the outer one, which holds the test, is what goes in the chain.)
  accessFeatures.filter(isAccessUpdate, accessRequestsFeature(accessDeps), joinByInviteFeature(accessDeps), accessAdminFeature(accessDeps));
  const middleware: MiddlewareFn<BotContext>[] = [
    ...(options.inFlight ? [options.inFlight.middleware()] : []),
    updateLogger(logger),
    translations.middleware(options.languages),
    chatMigration({ policy, grants: options.access.grants, languages: options.languages, record: options.access.record, watches: options.watches, aliases: stores.aliases, kv: stores.flags, messenger: options.messenger }).middleware(),
    accessGate({ policy, noteNames: (ctx) => noteNames(options.access, ctx), aliases: stores.aliases, kv: stores.flags, windowSeconds: settings.rateLimit.windowSeconds, sending }),
    // After the gate: strangers' updates are best effort anyway, and a flood of them should cost no claim.
    ...(claims?.claimedBy === "middleware" ? [claimedOnce(claims.claims, (ctx) => claimAlong(ctx, { rateLimit: settings.rateLimit, checker: options.checker }))] : []),
    rateLimit({ ...settings.rateLimit, counters: stores.counters, kv: stores.flags, sending, knownCost: checkCost, ...(claims ? { paidWithClaim: (updateId: number) => claims.claims.paidFor(updateId) } : {}) }),
    storeOutage(),
    // Presses on the same message are handled in order, so a later refresh never loses to an earlier one.
    sequentialize((ctx: BotContext) => {
      const message = ctx.callbackQuery?.message;
      return message ? `${message.chat.id}:${message.message_id}` : [];
    }),
    genuinePresses(stores.postedInline),
    presses.middleware(),
    // Behind one cheap test: every other update passes the three without going through them.
    accessFeatures.middleware(),
    helpFeature(policy, { cases: options.cases !== undefined }).middleware(),
    healthFeature(options.health).middleware(),
    whoamiFeature().middleware(),
    // Before anything that reads a private message or a file: an agent's reply to a case is for the case.
    ...(options.cases ? [casesFeature({ ...options.cases, checker: options.checker, presses, kv: stores.flags }).middleware()] : []),
    languageFeature({ choices: options.languages, translations, presses }).middleware(),
    checkCommandsFeature(answers).middleware(),
    inlineFeature({ ...answers, posted: stores.postedInline }).middleware(),
    watchFeature({ ...answers, maxPerUser: settings.watches.maxPerUser, presses }).middleware(),
    bulkUploadFeature({
      jobs: options.bulkChecks,
      files: options.files ?? telegramFiles(bot.api, settings.telegram.botToken, settings.telegram.apiRoot),
      buttons: stores.buttons,
      kv: stores.flags,
      maxIds: settings.bulkMaxIds,
      presses,
    }).middleware(),
    unknownCommandFeature(policy, new Set(options.cases ? ["cases" as const] : [])).middleware(),
    bareIdsFeature(answers.buttons).middleware(),
    unhandledFeature().middleware(),
  ];
  bot.use(...middleware);
  bot.catch(handleBotError(logger));
  return bot;
}

/**
 * What goes to the store with an update's claim, in one round trip: the request's first unit of
 * the rate limit, and the cached answers a check command is about to read.
 */
export function claimAlong(ctx: Context, deps: { rateLimit: RateLimitSettings; checker: Pick<Checker, "readAhead"> }): ClaimAlong {
  const query = checkQueryOf(ctx);
  const charge = upfrontCharge(ctx, deps.rateLimit, query && queryCost(query));
  return {
    ...(charge ? { charge } : {}),
    ...(query ? { readAhead: () => deps.checker.readAhead(query) } : {}),
  };
}

/** A check command's cost is known from its message: its enquiries, charged at once. */
const checkCost = (ctx: Context) => {
  const query = checkQueryOf(ctx);
  return query && queryCost(query);
};

/** Polling: an update that another live instance is handling is waited for, then left to it. */
function claimedOnce(claims: UpdateClaims, along: (ctx: BotContext) => ClaimAlong): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    for (let attempt = 0; attempt < 30; attempt++) {
      if ((await claims.run(ctx.update.update_id, () => next(), along(ctx))) !== "busy") return;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}

/** The names people and groups let in from the chat show in /users, as last seen (a map lookup; a write only when one changed). */
function noteNames(access: AccessControl, ctx: BotContext): void {
  const chat = ctx.chat;
  // Only for grants: the name is not even put together for anyone allowed by the configuration.
  if (chat?.type === "private" && ctx.from && access.grants.hasUser(ctx.from.id)) access.grants.noteName("user", ctx.from.id, personOf(ctx).name);
  else if ((chat?.type === "group" || chat?.type === "supergroup") && access.grants.hasChat(chat.id)) access.grants.noteName("chat", chat.id, chat.title);
}
