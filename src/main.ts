import dotenv from "dotenv";
import { alertOnTokenRejection } from "./telegram/notify/admin-alerts.ts";
import { fileAuditTrail, type AuditTrail } from "./ops/audit-trail.ts";
import type { EnquiryListener } from "./telegram/check.ts";
import { registerCommandMenu } from "./telegram/views/command-menu.ts";
import { createBot } from "./telegram/create-bot.ts";
import { InFlightUpdates } from "./telegram/middleware/in-flight.ts";
import { startPolling, type Polling } from "./telegram/transport/polling.ts";
import { setWebhook, webhookUpdateHandler } from "./telegram/transport/webhook.ts";
import { parseConfig, type Config } from "./config.ts";
import { createEnquiryClient } from "./payments/enquiry/client.ts";
import {
  describeTokenHealth,
  fileToken,
  staticToken,
  tokenHealth,
  type ServiceToken,
  type TokenEvents,
  type TokenHealth,
  type TokenStatus,
} from "./payments/enquiry/service-token.ts";
import { shareEnquiries } from "./payments/enquiry/shared-enquiries.ts";
import { createLogger, SecretSet, type Logger } from "./logger.ts";
import { startHttpServer, type HttpServer } from "./server/http-server.ts";
import { createMetrics } from "./ops/metrics.ts";
import { assessReadiness } from "./ops/readiness.ts";

const TOKEN_HEALTH_CHECK_MS = 60 * 60 * 1000;

/**
 * The composition root: the only place that reads the environment and wires the parts together.
 */
async function main(): Promise<void> {
  dotenv.config({ quiet: true });
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    process.stderr.write(`The bot cannot start; fix its configuration (see .env.example):\n${parsed.problems.map((p) => `  - ${p}`).join("\n")}\n`);
    process.exit(1);
  }
  const { config } = parsed;

  const secrets = new SecretSet();
  secrets.add(config.telegram.botToken);
  secrets.add(config.enquiry.token);
  secrets.add(config.webhook.secret);
  const logger = createLogger({ level: config.logLevel, secrets });
  const metrics = createMetrics();

  const serviceToken = openServiceToken(config, logger, secrets);
  const client = createEnquiryClient({
    baseUrl: config.enquiry.baseUrl,
    token: () => serviceToken.current(),
    timeoutMs: config.enquiry.timeoutMs,
    totalTimeoutMs: config.enquiry.totalTimeoutMs,
    retries: config.enquiry.retries,
    connections: config.enquiry.connections,
    observer: {
      onAttempt: metrics.observer.onAttempt,
      onRetry: (event) => {
        metrics.observer.onRetry?.(event);
        logger.debug(event, "retrying enquiry");
      },
    },
  });
  const enquiry = shareEnquiries(metrics.trackInFlight(client), { cacheTtlMs: config.cacheTtlSeconds * 1000 });

  const audit: AuditTrail | undefined = config.auditLogFile ? fileAuditTrail(config.auditLogFile, logger) : undefined;
  const listeners: EnquiryListener[] = [metrics.countEnquiry];
  if (audit) listeners.push((record) => audit.record(record));
  const inFlight = new InFlightUpdates();
  const bot = createBot({
    config,
    enquiry,
    logger,
    inFlight,
    onEnquiry: (record, outcome) => listeners.forEach((listener) => listener(record, outcome)),
    onApiError: metrics.countTelegramError,
    auditInLog: audit === undefined,
  });
  listeners.push(alertOnTokenRejection({ api: bot.api, logger, adminChatId: config.adminChatId, currentToken: () => serviceToken.current() }));

  let started = false;
  let acceptingUpdates = true;
  const readiness = () =>
    assessReadiness({ mode: config.mode, started, stopping: !acceptingUpdates, token: serviceToken.status() }, new Date());
  const handleWebhookUpdate = webhookUpdateHandler(bot, logger);
  let http: HttpServer | undefined;
  if (config.http.port !== undefined) {
    http = await startHttpServer({
      port: config.http.port,
      logger,
      readiness,
      metrics: metrics.registry,
      ...(config.mode === "webhook" && config.webhook.url && config.webhook.secret
        ? {
            webhook: {
              path: new URL(config.webhook.url).pathname,
              secret: config.webhook.secret,
              onUpdate: (update) => {
                if (acceptingUpdates) handleWebhookUpdate(update);
              },
            },
          }
        : {}),
    });
  }

  try {
    await bot.init();
  } catch (error) {
    logger.fatal({ err: String(error) }, "cannot reach Telegram, or the bot token was rejected");
    await exit(logger, 1);
  }
  await registerCommandMenu(bot.api, logger);
  let polling: Polling | undefined;
  if (config.mode === "polling") {
    polling = await startPolling(bot, inFlight, logger);
  } else if (config.webhook.url && config.webhook.secret) {
    await setWebhook(bot, config.webhook.url, config.webhook.secret, logger);
  }
  started = true;
  logger.info({ mode: config.mode, username: bot.botInfo.username }, "bot started");

  // A token that was fine at start can come within a day of expiry while the bot runs.
  const healthTimer = setInterval(() => serviceToken.recheck(), TOKEN_HEALTH_CHECK_MS).unref();

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) {
      logger.warn({ reason }, "second signal: exiting now");
      await exit(logger, 1);
    }
    stopping = true;
    acceptingUpdates = false;
    logger.info({ reason, inFlight: inFlight.count }, "stopping: finishing in-flight replies");
    const drained = polling ? (await polling.stop(config.shutdownGraceMs)).drained : await inFlight.idle(config.shutdownGraceMs);
    if (!drained) logger.warn({ inFlight: inFlight.count }, "shutdown grace period over; some replies were not sent");
    clearInterval(healthTimer);
    serviceToken.close();
    await Promise.all([http?.close(), client.close(), audit?.close()]);
    logger.info("stopped");
    await exit(logger, 0);
  };
  process.on("SIGINT", (signal) => void shutdown(signal));
  process.on("SIGTERM", (signal) => void shutdown(signal));

  polling?.stopped.then(
    () => {
      if (!stopping) void shutdown("polling ended");
    },
    async (error: unknown) => {
      logger.fatal({ err: String(error) }, "polling stopped: is another instance running with this bot token?");
      await exit(logger, 1);
    },
  );
}

/**
 * ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE, with every new value masked in logs. Its health is logged
 * whenever a token is loaded, and by `recheck()` only when it has changed since (say, it now
 * expires within a day).
 */
function openServiceToken(config: Config, logger: Logger, secrets: SecretSet): ServiceToken & { recheck(): void } {
  const source = config.enquiry.tokenFile ? "file" : "environment";
  let lastHealth: TokenHealth | undefined;
  const report = (status: TokenStatus) => {
    lastHealth = tokenHealth(status, new Date());
    const { level, message } = describeTokenHealth(status, new Date());
    logger[level]({ expiresAt: status.expiresAt, source }, message);
  };
  const events: TokenEvents = {
    onLoaded: (status, token) => {
      secrets.add(token);
      report(status);
    },
    onReadFailed: (error) => logger.error({ err: error }, "could not re-read ENQUIRY_TOKEN_FILE; keeping the last good token"),
  };
  let token: ServiceToken;
  try {
    token = config.enquiry.tokenFile === undefined ? staticToken(config.enquiry.token ?? "", events) : fileToken(config.enquiry.tokenFile, events);
  } catch (error) {
    process.stderr.write(`The bot cannot start: ENQUIRY_TOKEN_FILE cannot be read (${error instanceof Error ? error.message : "unknown error"}).\n`);
    process.exit(1);
  }
  return {
    ...token,
    recheck: () => {
      if (tokenHealth(token.status(), new Date()) !== lastHealth) report(token.status());
    },
  };
}

function exit(logger: Logger, code: number): Promise<never> {
  return new Promise<never>(() => {
    logger.flush(() => process.exit(code));
  });
}

await main();
