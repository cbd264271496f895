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
import { isAllowed } from "../payments/access.ts";
import { startWatchScheduler } from "../payments/watches/scheduler.ts";
import { ChatAliases } from "../telegram/chat-aliases.ts";
import { startWatchNotifier } from "../telegram/notify/watch-notifier.ts";
import { AnswerRecords } from "../telegram/answer-records.ts";
import { ButtonStore } from "../telegram/views/callback-data.ts";
import { clockIn } from "../telegram/views/format/text.ts";
import { runPolling, type PollingRun } from "./run-polling.ts";
import { buildServices } from "./services.ts";
import { warmUp } from "./warm-up.ts";

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
    const warmingSince = performance.now();
    // Only an optimisation: a bot that could not warm up still starts.
    await warmUp({ translations: services.translations, timeZone: config.timeZone }).then(
      () => void logger.debug({ ms: Math.round(performance.now() - warmingSince) }, "warmed up"),
      (error: unknown) => void logger.warn({ err: String(error) }, "could not warm up; the first answers will be slower"),
    );
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

  // The waiting agents no longer do: watched payments are checked in the background, within the budget.
  const aliases = new ChatAliases(state.kv);
  const scheduler = startWatchScheduler({
    store: services.watches,
    budget: services.background.budget,
    checker: services.background.checker,
    perSecond: config.backgroundPerSecond,
    mayWatch: async (watch) =>
      isAllowed(config.access, { id: watch.chatId, type: watch.chatType }, watch.chatType === "private" ? watch.chatId : undefined, watch.chatType === "private" ? undefined : await aliases.formerIdOf(watch.chatId)),
    tokenPaused: services.tokenPaused,
    logger,
    onCheck: metrics.countWatchCheck,
  });
  // Bulk checks a dead instance left running: their owners are told to send the file again.
  void services.bulkJobs.recoverOrphans().catch((error: unknown) => void logger.warn({ err: String(error) }, "could not look for interrupted bulk checks"));
  const notifier = startWatchNotifier({
    store: services.watches,
    api: services.api,
    counters: state.counters,
    translations: services.translations,
    answers: new AnswerRecords(state.kv),
    buttons: new ButtonStore(state.kv),
    aliases,
    times: { maxHours: config.watches.maxAgeMs / 3_600_000, notFoundMinutes: config.watches.notFoundMs / 60_000 },
    adminAlerted: services.alerts.enabled,
    clock: clockIn(config.timeZone),
    logger,
    onResult: metrics.countWatchNotification,
  });

  // A token that was fine at start can come within a day of expiry while the bot runs.
  const healthTimer = setInterval(() => token.recheck(), TOKEN_HEALTH_CHECK_MS).unref();

  return {
    failed: polling?.failed ?? new Promise<never>(() => undefined),
    async stop(reason) {
      phase = "stopping";
      clearInterval(healthTimer);
      logger.info({ reason, inFlight: inFlight.count }, "stopping: finishing in-flight replies");
      const [{ drained }] = await Promise.all([
        polling ? polling.stop(config.shutdownGraceMs) : inFlight.idle(config.shutdownGraceMs).then((idle) => ({ drained: idle })),
        // Watches live in the state store: whatever is unfinished here is picked up after a restart, or by another instance.
        scheduler.stop(config.shutdownGraceMs),
        notifier.stop(config.shutdownGraceMs),
        // Running bulk checks stop, and send what they checked.
        services.bulkJobs.stop(config.shutdownGraceMs),
      ]);
      if (!drained) logger.warn({ inFlight: inFlight.count }, "shutdown grace period over; unfinished updates are left to Telegram's redelivery");
      await claims.releaseUnfinished();
      await stopEverything();
      logger.info("stopped");
    },
  };
}
