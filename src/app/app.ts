import type { Config } from "../config/config.ts";
import type { Logger, SecretSet } from "../logger.ts";
import { assessReadiness, type Phase } from "../ops/readiness.ts";
import { startHttpServer, type HttpServer } from "../server/http-server.ts";
import { InFlightUpdates } from "../telegram/transport/in-flight.ts";
import { MAX_CONCURRENT_UPDATES } from "../telegram/transport/concurrency.ts";
import { throwIfStopped, untilTelegramAnswers } from "../telegram/transport/startup-calls.ts";
import { updateClaims } from "../telegram/transport/update-claims.ts";
import { setWebhook, webhookReceiver } from "../telegram/transport/webhook.ts";
import { registerCommandMenu } from "../telegram/views/command-menu.ts";
import { deadlineIn, finishedWithin, type Deadline } from "../util/deadline.ts";
import { assembleBot } from "./assemble.ts";
import { openProductionParts } from "./production-parts.ts";
import { runPolling, type PollingRun } from "./run-polling.ts";
import { startStateMonitor } from "./state-monitor.ts";
import { warmUp } from "./warm-up.ts";

export interface RunningApp {
  /** Rejects when the bot cannot go on by itself (polling refused for good). */
  readonly failed: Promise<never>;
  /** Stops taking updates, finishes those in flight (up to SHUTDOWN_GRACE_MS), and closes everything. */
  stop(reason: string): Promise<void>;
}

const TOKEN_HEALTH_CHECK_MS = 60 * 60 * 1000;
/**
 * Of SHUTDOWN_GRACE_MS, what closing (claims released, servers, connections, the state store
 * written and closed) keeps for itself: in-flight work is waited for until this much is left.
 */
const CLOSING_SHARE = 0.2;
const CLOSING_MAX_MS = 1_000;
/** Telegram is answered within this, handled or not; the update's claim covers the rest. */
const WEBHOOK_ACKNOWLEDGE_WITHIN_MS = 5_000;

/**
 * The process: opens production's parts, assembles the bot from them (app/assemble.ts), and runs
 * it by long polling or behind the webhook, with the HTTP server, the heartbeat and a graceful
 * shutdown. Start-up errors are thrown as errors whose message is safe to log (no secret, no payload);
 * `stopping` aborted during start-up (a SIGTERM) ends it as soon as it can, everything opened closed,
 * with a StartupStoppedError.
 */
export async function startApp(config: Config, logger: Logger, secrets: SecretSet, stopping?: AbortSignal): Promise<RunningApp> {
  const production = await openProductionParts(config, logger, secrets);
  const { state, metrics, token } = production;
  const { instanceId, translations } = production.parts;
  const { transport } = config;
  const inFlight = new InFlightUpdates();
  const claims = updateClaims({ claims: state.claims, instanceId, logger });
  const assembled = assembleBot({ ...production.parts, inFlight, updateClaims: { claims, claimedBy: transport.mode === "polling" ? "middleware" : "receiver" } });
  const { bot } = assembled;
  const { messenger } = assembled;
  const tellAdmins = (what: string, key: string, variables?: Record<string, string>) => messenger.send(what, "admins", ({ t }) => t(key, variables));
  production.whenFileLost((reason) => void tellAdmins("the state file's loss, to the admins", "admin-state-file-lost", { reason }));
  // A token the bot obtains itself: the credentials refused, and a token obtained again, each told once (the store decides who tells).
  token.onAlert((alert) =>
    alert.type === "refused"
      ? void tellAdmins("the credentials' refusal, to the admins", "admin-credentials-refused", { reason: alert.reason })
      : void tellAdmins("the token obtained again, to the admins", "admin-token-obtained-again"),
  );

  // Claims held by this instance stay valid while it beats; after a crash they lapse with it.
  const monitor = await startStateMonitor({ state, instanceId, logger, reportEmptied: async () => void (await tellAdmins("the emptied store, to the admins", "admin-store-emptied")) });
  // Back after an outage: beat at once, so that no other instance takes this one's claims for dead.
  production.whenStateBack(() => monitor.beatNow());

  let phase: Phase = "starting";
  let polling: PollingRun | undefined;
  const readinessAt = (at: Phase) =>
    assessReadiness({ mode: transport.mode, phase: at, token: token.status(), tokenReport: token.report(), state: state.health(), role: polling && state.shared ? polling.role : undefined }, new Date());
  const readiness = () => readinessAt(phase);

  const receiver =
    transport.mode === "webhook"
      ? webhookReceiver({
          bot,
          claims,
          along: (update) => assembled.claimAlong(update),
          logger,
          accepting: () => phase === "running",
          acknowledgeWithinMs: WEBHOOK_ACKNOWLEDGE_WITHIN_MS,
          maxConcurrent: MAX_CONCURRENT_UPDATES,
        })
      : undefined;
  const servers: HttpServer[] = [];
  const ops = { readiness, metrics: metrics.registry };

  /** Closes servers, connections and the store: by the deadline at shutdown, whatever it takes after a failed start. */
  const stopEverything = async (deadline?: Deadline) => {
    const left = () => deadline?.left() ?? Infinity;
    monitor.stop();
    await finishedWithin(Promise.all(servers.map((server) => server.close())), left());
    await production.close(left());
  };
  try {
    // Inside the start, so that one that cannot listen (its port taken) closes the other.
    // With OPS_PORT, probes and Prometheus have a port of their own, and the one the internet reaches
    // (the webhook, the receipt page) answers their paths 404.
    if (transport.opsPort !== undefined) servers.push(await startHttpServer({ port: transport.opsPort, logger, ops }));
    if (transport.httpPort !== undefined) {
      const http = await startHttpServer({
        port: transport.httpPort,
        logger,
        ...(transport.opsPort === undefined ? { ops } : {}),
        trustedProxies: transport.trustedProxies,
        ...(transport.mode === "webhook" && receiver
          ? { webhook: { path: transport.path, secret: transport.secret, receive: (update) => receiver.receive(update), onRejected: metrics.countWebhookRejection } }
          : {}),
        // A receipt's check page, for customers without Telegram (RECEIPT_VERIFY_URL, or the webhook's origin).
        ...(assembled.receiptPage ? { receiptPage: assembled.receiptPage } : {}),
      });
      servers.push(http);
    }
    throwIfStopped(stopping);
    // Obtained by the bot: the first token (or why there is none) before the first update; never a reason not to start.
    await token.start();
    throwIfStopped(stopping);
    const warmingSince = performance.now();
    // Only an optimisation: a bot that could not warm up still starts.
    await warmUp({ translations, settings: config }).then(
      () => void logger.debug({ ms: Math.round(performance.now() - warmingSince) }, "warmed up"),
      (error: unknown) => void logger.warn({ err: error }, "could not warm up; the first answers will be slower"),
    );
    await assembled.prepare();
    // Asked until Telegram answers (each failure logged), without auto-retry's silent backoff; a refused token ends the start.
    bot.botInfo = await untilTelegramAnswers("getMe", (signal) => assembled.api.getMe(signal as Parameters<typeof assembled.api.getMe>[0]), { logger, signal: stopping, apiRoot: config.telegram.apiRoot });
    await registerCommandMenu(bot.api, translations, logger, { adminUserIds: config.access.adminUserIds, adminChatId: config.adminChatId });
    if (transport.mode === "polling") {
      polling = await runPolling({
        bot,
        inFlight,
        claims,
        logger,
        // Ready but for the phase: a token to send. One with its credentials refused leaves polling to one that has.
        ...(state.shared ? { lease: { leases: state.leases, kv: state.kv, instanceId, ttlMs: transport.leaseSeconds * 1000, canAnswer: () => readinessAt("running").ready } } : {}),
      });
    } else {
      await setWebhook(bot, transport, logger);
    }
  } catch (error) {
    await stopEverything().catch((stopError: unknown) => logger.debug({ err: stopError }, "could not close everything after a failed start"));
    throw error;
  }
  phase = "running";
  logger.info({ mode: transport.mode, state: config.state.kind, username: bot.botInfo.username, instanceId }, "bot started");
  assembled.startBackground();

  // A token that was fine at start can come within a day of expiry while the bot runs.
  const healthTimer = setInterval(() => token.recheck(), TOKEN_HEALTH_CHECK_MS).unref();

  return {
    failed: polling?.failed ?? new Promise<never>(() => undefined),
    async stop(reason) {
      phase = "stopping";
      clearInterval(healthTimer);
      logger.info({ reason, inFlight: inFlight.count }, "stopping: finishing in-flight replies");
      // One deadline for the whole shutdown (orchestrators kill at theirs): each step waits for what is left of it.
      const grace = deadlineIn(config.shutdownGraceMs);
      const forClosing = Math.min(CLOSING_MAX_MS, config.shutdownGraceMs * CLOSING_SHARE);
      const forWork = Math.max(0, grace.left() - forClosing);
      const [{ drained }] = await Promise.all([
        polling ? polling.stop(forWork) : inFlight.idle(forWork).then((idle) => ({ drained: idle })),
        // Running bulk checks stop and send what they checked; watches are picked up after a restart.
        assembled.stopBackground(forWork),
      ]);
      if (!drained) logger.warn({ inFlight: inFlight.count }, "shutdown grace period over; unfinished updates are left to Telegram's redelivery");
      await finishedWithin(claims.releaseUnfinished(), grace.left());
      await stopEverything(grace);
      logger.info("stopped");
    },
  };
}
