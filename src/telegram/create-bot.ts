import { sequentialize } from "@grammyjs/runner";
import { Bot, type Composer, type Context, type MiddlewareFn, type Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { AccessControl } from "../access/facade.ts";
import type { Config } from "../config/config.ts";
import type { Logger } from "../logger.ts";
import type { Checker } from "../payments/check.ts";
import { queryCost } from "../payments/query.ts";
import type { WatchChats } from "../payments/watches/watch-store.ts";
import type { Counters, KeyValueStore } from "../state/ports.ts";
import type { PressRouter } from "./buttons/router.ts";
import { checkQueryOf } from "./asked-ids.ts";
import { personOf, type BotContext } from "./context.ts";
import { featureFailed, handleBotError } from "./error-handler.ts";
import type { PostedInlineButtons } from "./stores/posted-inline-buttons.ts";
import type { LanguageChoices } from "./stores/language-choices.ts";
import type { Translations } from "./i18n.ts";
import { accessGate } from "./middleware/access-gate.ts";
import { chatMigration } from "./middleware/chat-migration.ts";
import { genuinePresses } from "./middleware/genuine-presses.ts";
import { rateLimit, upfrontCharge, type RateLimitSettings } from "./middleware/rate-limit.ts";
import { storeOutage } from "./middleware/store-outage.ts";
import { updateLogger } from "./middleware/update-logger.ts";
import type { Messenger } from "./notify/messenger.ts";
import { topicFallback } from "./notify/topic-fallback.ts";
import type { ButtonStore } from "./stores/button-store.ts";
import type { ChatAliases } from "./stores/chat-aliases.ts";
import type { ShownAnswers } from "./stores/shown-answers.ts";
import { observeApiErrors, type ApiErrorListener } from "./transport/api-observer.ts";
import type { InFlightUpdates } from "./transport/in-flight.ts";
import { sendingPolicy, type SendingPolicy } from "./transport/retry.ts";
import type { ClaimAlong, UpdateClaims } from "./transport/update-claims.ts";

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

/**
 * A feature of the bot (features/<feature>/), as its area gives it (app/areas/): what it adds to
 * the updates. Its button presses reach it through the press router, wherever it stands.
 */
export interface BotFeature {
  /** Its name in the log line of a failure it let escape (camelCase). */
  name: string;
  composer: Composer<BotContext>;
}

/** What the bot stands on before any feature: Telegram's client, then identity, access, claims and the rate limit. */
export interface BotCore {
  settings: Pick<Config, "telegram" | "rateLimit">;
  /** Who may use the bot: the configuration's lists, and what admins change from the chat. */
  access: AccessControl;
  /** Tells a group's new members and admins about a migration, in their language. */
  messenger: Messenger;
  /** A check command's cached answers are read ahead with the update's claim. */
  checker: Pick<Checker, "readAhead">;
  /** A group upgraded to a supergroup keeps its watches. */
  watches: WatchChats;
  stores: BotStores;
  /** Every button press, decoded once and handed to the feature that registered its action. */
  presses: PressRouter;
  translations: Translations;
  /** Languages chosen with /language: they win over the one Telegram's app reports. */
  languages: LanguageChoices;
  logger: Logger;
  /** The Bot API client: grammY's `fetch` (undici in production), and transformers under the bot's own. */
  client: { fetch: typeof fetch; transformers?: readonly Transformer[] };
  /** Known bot identity (tests, the demo, the warm-up): skips `getMe` at start. */
  botInfo?: UserFromGetMe;
  /** Tracks updates being handled, for a graceful shutdown (and which polling may confirm). */
  inFlight?: InFlightUpdates;
  /**
   * Each update handled once across restarts and instances: claimed here, in the middleware list
   * (polling), or by the webhook's receiver before the update comes in (with `claimAlong`); the
   * request's first unit of the rate limit is spent with the claim either way.
   */
  updateClaims?: { claims: UpdateClaims; claimedBy: "middleware" | "receiver" };
  /** Called for every failed Bot API call attempt, e.g. for metrics. */
  onApiError?: ApiErrorListener;
  /** How sends are retried, and which are best effort: given when a feature sends best effort too (replies to strangers' receipt checks). */
  sending?: SendingPolicy;
}

/**
 * Builds the bot: one ordered middleware list, in the order that keeps strangers cheap (identity,
 * then the access gate, then the rate limit), then the features in the order given (it matters
 * for messages only: app/assemble.ts states it). Each feature sits in an error boundary of its
 * own: a failure it lets escape is logged once, with its name, and ends the update there, never
 * reaching another feature. Starting the bot (polling or webhook) is the app's job.
 */
export function createBot(core: BotCore, features: readonly BotFeature[]): Bot<BotContext> {
  const { settings, stores, translations, logger, presses, updateClaims: claims } = core;
  const bot = new Bot<BotContext>(settings.telegram.botToken, {
    ...(core.botInfo ? { botInfo: core.botInfo } : {}),
    client: { fetch: core.client.fetch, ...(settings.telegram.apiRoot ? { apiRoot: settings.telegram.apiRoot } : {}) },
  });
  const sending = core.sending ?? sendingPolicy();
  // Closest to the network: stand-ins for Telegram (the demo) answer here.
  core.client.transformers?.forEach((transformer) => bot.api.config.use(transformer));
  // Next, so it sees every attempt auto-retry makes.
  bot.api.config.use(observeApiErrors(logger, core.onApiError));
  bot.api.config.use(sending.transformer);
  // Outermost: a message whose topic went sends again to General through the retries, as any other.
  bot.api.config.use(topicFallback(logger));

  const policy = core.access.policy;
  const middleware: MiddlewareFn<BotContext>[] = [
    ...(core.inFlight ? [core.inFlight.middleware()] : []),
    updateLogger(logger),
    translations.middleware(core.languages),
    chatMigration({ policy, grants: core.access.grants, languages: core.languages, record: core.access.record, watches: core.watches, aliases: stores.aliases, kv: stores.flags, messenger: core.messenger }).middleware(),
    accessGate({ policy, noteNames: (ctx) => noteNames(core.access, ctx), aliases: stores.aliases, kv: stores.flags, windowSeconds: settings.rateLimit.windowSeconds, sending }),
    // After the gate: strangers' updates are best effort anyway, and a flood of them should cost no claim.
    ...(claims?.claimedBy === "middleware" ? [claimedOnce(claims.claims, (ctx) => claimAlong(ctx, { rateLimit: settings.rateLimit, checker: core.checker }))] : []),
    rateLimit({ ...settings.rateLimit, counters: stores.counters, kv: stores.flags, sending, knownCost: checkCost, ...(claims ? { paidWithClaim: (updateId: number) => claims.claims.paidFor(updateId) } : {}) }),
    storeOutage(),
    // Presses on the same message are handled in order, so a later refresh never loses to an earlier one.
    sequentialize((ctx: BotContext) => {
      const message = ctx.callbackQuery?.message;
      return message ? `${message.chat.id}:${message.message_id}` : [];
    }),
    genuinePresses(stores.postedInline),
    presses.middleware(),
  ];
  bot.use(...middleware);
  for (const feature of features) bot.errorBoundary(featureFailed(feature.name, logger), feature.composer);
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
