import type { Config } from "../config.ts";
import type { Logger, SecretSet } from "../logger.ts";
import { assessReadiness, type Phase } from "../ops/readiness.ts";
import { startHttpServer, type HttpServer } from "../server/http-server.ts";
import { createBot } from "../telegram/create-bot.ts";
import { InFlightUpdates } from "../telegram/middleware/in-flight.ts";
import { MAX_CONCURRENT_UPDATES } from "../telegram/transport/polling.ts";
import { startupCall } from "../telegram/transport/startup-calls.ts";
import { updateClaims } from "../telegram/transport/update-claims.ts";
import { setWebhook, webhookReceiver } from "../telegram/transport/webhook.ts";
import { registerCommandMenu } from "../telegram/views/command-menu.ts";
import { runPolling, type PollingRun } from "./run-polling.ts";
import { buildServices } from "./services.ts";

export interface RunningApp {
  /** Rejects when the bot cannot go on by itself (polling refused for good). */
  readonly failed: Promise<never>;
  /** Stops taking updates, finishes those in flight (up to SHUTDOWN_GRACE_MS), and closes everything. */
  stop(reason: string): Promise<void>;
}

const TOKEN_HEALTH_CHECK_MS = 60 * 60 * 1000;
/** Telegram is answered within this, handled or not; the update's claim covers the rest. */
const WEBHOOK_ACKNOWLEDGE_WITHIN_MS = 5_000;
const HEARTBEAT_TTL_MS = 15_000;

/**
 * Builds every service once, then the bot, then runs it by long polling or behind the webhook.
 * Start-up errors are thrown as errors whose message is safe to log (no secret, no payload).
 */
export async function startApp(config: Config, logger: Logger, secrets: SecretSet): Promise<RunningApp> {
  const services = await buildServices(config, logger, secrets);
  const { state, instanceId, metrics, token } = services;
  const { transport } = config;
  const inFlight = new InFlightUpdates();
  const claims = updateClaims({ claims: state.claims, instanceId, logger });
  const bot = createBot({
    config,
    services: {
      ...services,
      logger,
      inFlight,
      onApiError: metrics.countTelegramError,
      ...(transport.mode === "polling" ? { updateClaims: claims } : {}),
    },
  });

  // Claims held by this instance stay valid while it beats; after a crash they lapse with it.
  const beat = () => state.heartbeat(instanceId, HEARTBEAT_TTL_MS).catch(() => undefined);
  await beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_TTL_MS / 3).unref();

  let phase: Phase = "starting";
  let polling: PollingRun | undefined;
  const readiness = () =>
    assessReadiness({ mode: transport.mode, phase, token: token.status(), state: state.health(), role: polling && state.kind === "redis" ? polling.role : undefined }, new Date());

  const receiver =
    transport.mode === "webhook"
      ? webhookReceiver({ bot, claims, logger, accepting: () => phase === "running", acknowledgeWithinMs: WEBHOOK_ACKNOWLEDGE_WITHIN_MS, maxConcurrent: MAX_CONCURRENT_UPDATES })
      : undefined;
  let http: HttpServer | undefined;
  if (transport.httpPort !== undefined) {
    http = await startHttpServer({
      port: transport.httpPort,
      logger,
      readiness,
      metrics: metrics.registry,
      ...(transport.mode === "webhook" && receiver
        ? { webhook: { path: transport.path, secret: transport.secret, receive: (update) => receiver.receive(update), onRejected: metrics.countWebhookRejection } }
        : {}),
    });
  }

  const stopEverything = async () => {
    clearInterval(heartbeat);
    await http?.close();
    await services.close();
  };
  try {
    await startupCall("getMe", () => bot.init());
    await registerCommandMenu(bot.api, services.translations, logger);
    if (transport.mode === "polling") {
      polling = await runPolling({
        bot,
        inFlight,
        claims,
        logger,
        ...(state.kind === "redis" ? { lease: { leases: state.leases, instanceId, ttlMs: transport.leaseSeconds * 1000 } } : {}),
      });
    } else {
      await setWebhook(bot, transport, logger);
    }
  } catch (error) {
    await stopEverything().catch(() => undefined);
    throw error;
  }
  phase = "running";
  logger.info({ mode: transport.mode, state: state.kind, username: bot.botInfo.username, instanceId }, "bot started");

  // A token that was fine at start can come within a day of expiry while the bot runs.
  const healthTimer = setInterval(() => token.recheck(), TOKEN_HEALTH_CHECK_MS).unref();

  return {
    failed: polling?.failed ?? new Promise<never>(() => undefined),
    async stop(reason) {
      phase = "stopping";
      clearInterval(healthTimer);
      logger.info({ reason, inFlight: inFlight.count }, "stopping: finishing in-flight replies");
      const drained = polling ? (await polling.stop(config.shutdownGraceMs)).drained : await inFlight.idle(config.shutdownGraceMs);
      if (!drained) logger.warn({ inFlight: inFlight.count }, "shutdown grace period over; unfinished updates are left to Telegram's redelivery");
      await claims.releaseUnfinished();
      await stopEverything();
      logger.info("stopped");
    },
  };
}
