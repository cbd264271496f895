import { autoRetry } from "@grammyjs/auto-retry";
import { sequentialize } from "@grammyjs/runner";
import { Bot, type ApiClientOptions, type Transformer } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "../config.ts";
import type { EnquiryService } from "../payments/enquiry/types.ts";
import type { Logger } from "../logger.ts";
import { observeApiErrors, type ApiErrorListener } from "./transport/api-observer.ts";
import { IdListStore } from "./views/callback-data.ts";
import type { CheckDependencies, EnquiryListener } from "./check.ts";
import type { BotContext } from "./context.ts";
import { handleBotError } from "./error-handler.ts";
import { createTelegramFetch } from "./transport/fetch.ts";
import { bareIdsFeature } from "./features/bare-ids.ts";
import { buttonsFeature } from "./features/buttons.ts";
import { checkCommandsFeature } from "./features/check-commands.ts";
import { helpFeature } from "./features/help.ts";
import { whoamiFeature } from "./features/whoami.ts";
import { Translations } from "./i18n.ts";
import { accessGate } from "./middleware/access-gate.ts";
import type { InFlightUpdates } from "./middleware/in-flight.ts";
import { rateLimit } from "./middleware/rate-limit.ts";
import { updateLogger } from "./middleware/update-logger.ts";

export interface CreateBotOptions {
  config: Pick<Config, "telegram" | "access" | "rateLimit" | "adminChatId">;
  enquiry: EnquiryService;
  logger: Logger;
  /** Known bot identity (tests, the demo): skips `getMe` at start. */
  botInfo?: UserFromGetMe;
  /** Extra Bot API client settings (tests use short timeouts). */
  client?: Omit<ApiClientOptions, "apiRoot">;
  /** Called once per enquiry, e.g. for the audit trail and metrics. */
  onEnquiry?: EnquiryListener;
  /** Called for every failed Bot API call attempt, e.g. for metrics. */
  onApiError?: ApiErrorListener;
  /** Tracks updates being handled, for a graceful shutdown. */
  inFlight?: InFlightUpdates;
  /** Mark each enquiry's log line as the audit record (no separate audit file). Default true. */
  auditInLog?: boolean;
}

/**
 * auto-retry for every call but getUpdates: 429s are waited out and 5xx/network failures retried.
 * Polling has its own, faster retry loop in the runner; retrying it here as well would stack
 * auto-retry's long backoff onto it and leave the bot deaf for minutes after a short outage.
 */
function retrySending(): Transformer {
  const retry = autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 });
  return (prev, method, payload, signal) => (method === "getUpdates" ? prev(method, payload, signal) : retry(prev, method, payload, signal));
}

/** The update types the bot handles: polling and the webhook ask Telegram for these only. */
export const ALLOWED_UPDATES = ["message", "callback_query"] as const;

/**
 * Builds the bot: middleware in the order that keeps strangers cheap (identity, then the access
 * gate, then rate limiting, then the features). Starting it (polling or webhook) is the caller's job.
 */
export function createBot({ config, enquiry, logger, botInfo, client, onEnquiry, onApiError, inFlight, auditInLog = true }: CreateBotOptions): Bot<BotContext> {
  const bot = new Bot<BotContext>(config.telegram.botToken, {
    ...(botInfo ? { botInfo } : {}),
    client: { fetch: createTelegramFetch(), ...client, ...(config.telegram.apiRoot ? { apiRoot: config.telegram.apiRoot } : {}) },
  });
  // Installed first so it sits closest to the network and sees every attempt auto-retry makes.
  bot.api.config.use(observeApiErrors(logger, onApiError));
  bot.api.config.use(retrySending());

  const deps: CheckDependencies = {
    enquiry,
    buttons: new IdListStore(),
    onEnquiry,
    adminAlerted: config.adminChatId !== undefined,
    auditInLog,
  };

  if (inFlight) bot.use(inFlight.middleware());
  bot.use(updateLogger(logger));
  bot.use(new Translations().middleware());
  bot.use(whoamiFeature(config.access));
  bot.use(accessGate(config.access));
  bot.use(rateLimit(config.rateLimit));
  // Presses on the same message are handled in order, so a later refresh never loses to an earlier one.
  bot.use(sequentialize((ctx) => {
    const message = ctx.callbackQuery?.message;
    return message ? `${message.chat.id}:${message.message_id}` : [];
  }));
  bot.use(helpFeature());
  bot.use(checkCommandsFeature(deps));
  bot.use(buttonsFeature(deps));
  bot.use(bareIdsFeature(deps.buttons));
  bot.catch(handleBotError(logger));
  return bot;
}
