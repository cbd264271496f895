import { sequentialize } from "@grammyjs/runner";
import { Bot, type ApiClientOptions, type MiddlewareFn } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Checker } from "../payments/check.ts";
import type { WatchStore } from "../payments/watches/watch-store.ts";
import type { StateStore } from "../state/ports.ts";
import { AnswerRecords } from "./answer-records.ts";
import { ChatAliases } from "./chat-aliases.ts";
import type { BotContext } from "./context.ts";
import { handleBotError } from "./error-handler.ts";
import type { BulkJobs } from "./bulk-jobs.ts";
import { bareIdsFeature } from "./features/bare-ids.ts";
import { bulkUploadFeature } from "./features/bulk-upload.ts";
import { buttonsFeature } from "./features/buttons.ts";
import { checkCommandsFeature } from "./features/check-commands.ts";
import { helpFeature } from "./features/help.ts";
import { inlineFeature } from "./features/inline.ts";
import { watchFeature } from "./features/watch.ts";
import { unhandledFeature } from "./features/unhandled.ts";
import { whoamiFeature } from "./features/whoami.ts";
import type { Translations } from "./i18n.ts";
import { accessGate } from "./middleware/access-gate.ts";
import { chatMigration } from "./middleware/chat-migration.ts";
import type { InFlightUpdates } from "./middleware/in-flight.ts";
import { rateLimit } from "./middleware/rate-limit.ts";
import { updateLogger } from "./middleware/update-logger.ts";
import type { AdminAlerts } from "./notify/admin-alerts.ts";
import { observeApiErrors, type ApiErrorListener } from "./transport/api-observer.ts";
import { createTelegramFetch } from "./transport/fetch.ts";
import { telegramFiles, type TelegramFiles } from "./transport/files.ts";
import { sendingPolicy } from "./transport/retry.ts";
import type { UpdateClaims } from "./transport/update-claims.ts";
import { ButtonStore } from "./views/callback-data.ts";
import { clockIn } from "./views/format/text.ts";

/** The services the bot's features use, built once by the app (or by a test). */
export interface BotServices {
  checker: Checker;
  state: StateStore;
  watches: WatchStore;
  bulkJobs: BulkJobs;
  /** Downloads users' files; the bot's own API by default (tests give their own). */
  files?: TelegramFiles;
  translations: Translations;
  alerts: AdminAlerts;
  logger: Logger;
  /** Tracks updates being handled, for a graceful shutdown (and which polling may confirm). */
  inFlight?: InFlightUpdates;
  /** Polling: handle each update once across restarts and instances (the webhook claims its own). */
  updateClaims?: UpdateClaims;
  /** Called for every failed Bot API call attempt, e.g. for metrics. */
  onApiError?: ApiErrorListener;
}

export interface CreateBotOptions {
  config: Pick<Config, "telegram" | "access" | "rateLimit" | "watches" | "timeZone" | "bulkMaxIds">;
  services: BotServices;
  /** Known bot identity (tests, the demo): skips `getMe` at start. */
  botInfo?: UserFromGetMe;
  /** Extra Bot API client settings (tests use short timeouts). */
  client?: Omit<ApiClientOptions, "apiRoot">;
}

/**
 * Builds the bot: one ordered middleware list, in the order that keeps strangers cheap (identity,
 * then the access gate, then the rate limit, then the features), each part given only what it
 * needs. Starting it (polling or webhook) is the app's job.
 */
export function createBot({ config, services, botInfo, client }: CreateBotOptions): Bot<BotContext> {
  const { state, translations, logger } = services;
  const bot = new Bot<BotContext>(config.telegram.botToken, {
    ...(botInfo ? { botInfo } : {}),
    client: { fetch: createTelegramFetch(), ...client, ...(config.telegram.apiRoot ? { apiRoot: config.telegram.apiRoot } : {}) },
  });
  const sending = sendingPolicy();
  // Installed first so it sits closest to the network and sees every attempt auto-retry makes.
  bot.api.config.use(observeApiErrors(logger, services.onApiError));
  bot.api.config.use(sending.transformer);

  const aliases = new ChatAliases(state.kv);
  const answers = {
    checker: services.checker,
    buttons: new ButtonStore(state.kv),
    adminAlerted: services.alerts.enabled,
    answers: new AnswerRecords(state.kv),
    watches: services.watches,
    clock: clockIn(config.timeZone),
  };
  const middleware: MiddlewareFn<BotContext>[] = [
    ...(services.inFlight ? [services.inFlight.middleware()] : []),
    updateLogger(logger),
    translations.middleware(),
    chatMigration({ policy: config.access, watches: services.watches, aliases, kv: state.kv, alerts: services.alerts, translations }).middleware(),
    accessGate({ policy: config.access, aliases, kv: state.kv, windowSeconds: config.rateLimit.windowSeconds, sending }),
    // After the gate: strangers' updates are best effort anyway, and a flood of them should cost no claim.
    ...(services.updateClaims ? [claimedOnce(services.updateClaims)] : []),
    rateLimit({ ...config.rateLimit, counters: state.counters, kv: state.kv, sending }),
    // Presses on the same message are handled in order, so a later refresh never loses to an earlier one.
    sequentialize((ctx: BotContext) => {
      const message = ctx.callbackQuery?.message;
      return message ? `${message.chat.id}:${message.message_id}` : [];
    }),
    helpFeature().middleware(),
    whoamiFeature().middleware(),
    checkCommandsFeature(answers).middleware(),
    inlineFeature(answers).middleware(),
    buttonsFeature(answers).middleware(),
    watchFeature({ ...answers, maxPerUser: config.watches.maxPerUser }).middleware(),
    bulkUploadFeature({
      jobs: services.bulkJobs,
      files: services.files ?? telegramFiles(bot.api, config.telegram.botToken, config.telegram.apiRoot),
      buttons: answers.buttons,
      kv: state.kv,
      maxIds: config.bulkMaxIds,
    }).middleware(),
    bareIdsFeature(answers.buttons).middleware(),
    unhandledFeature().middleware(),
  ];
  bot.use(...middleware);
  bot.catch(handleBotError(logger));
  return bot;
}

/** Polling: an update that another live instance is handling is waited for, then left to it. */
function claimedOnce(claims: UpdateClaims): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    for (let attempt = 0; attempt < 30; attempt++) {
      if ((await claims.run(ctx.update.update_id, () => next())) !== "busy") return;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}
