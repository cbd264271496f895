import { randomBytes } from "node:crypto";
import { shortSecrets, type Config } from "../config/config.ts";
import type { Logger, SecretSet } from "../logger.ts";
import { fileAuditTrail } from "../ops/audit-trail.ts";
import { createMetrics, type Metrics } from "../ops/metrics.ts";
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from "../server/receipt-page.ts";
import { createEnquiryClient, type EnquiryClientOptions } from "../payments/enquiry/client.ts";
import { enquiryAddress } from "../payments/enquiry/enquiry-address.ts";
import { openState } from "../state/open-state.ts";
import type { StateStore } from "../state/ports.ts";
import { Translations } from "../telegram/i18n.ts";
import { createReceiptRenderer } from "../telegram/render/receipt-picture.ts";
import { createTelegramFetch } from "../telegram/transport/fetch.ts";
import { finishedWithin } from "../util/deadline.ts";
import type { BotParts } from "./assemble.ts";
import { openServiceToken, type OpenedServiceToken } from "./open-service-token.ts";

/** The bot's parts as production makes them, and what the process itself needs of them. */
export interface ProductionParts {
  parts: BotParts;
  state: StateStore;
  token: OpenedServiceToken;
  metrics: Metrics;
  /** Called each time the state store answers again after an outage. */
  whenStateBack(listener: () => void): void;
  /** Called when the state file was deleted or replaced under the running bot (at once, if it already was). */
  whenFileLost(listener: (reason: string) => void): void;
  /**
   * Closes everything. Enquiries still waiting on the provider are waited for `waitMs` at most
   * (shutdown's grace period is over by then): the state store is closed either way.
   */
  close(waitMs?: number): Promise<void>;
}

/**
 * Opens what production runs the bot with: the state store (SQLite or Redis) and its outage
 * reports, the service token, two keep-alive pools to the provider (one for people asking, one
 * for background work), Telegram's undici transport, metrics and the audit trail. Fails (with an
 * error fit for an operator, holding no secret) when the state store or the token file cannot be
 * opened.
 */
export async function openProductionParts(config: Config, logger: Logger, secrets: SecretSet): Promise<ProductionParts> {
  const instanceId = randomBytes(6).toString("hex");
  const metrics = createMetrics();
  const backListeners: (() => void)[] = [];
  const fileLostListeners: ((reason: string) => void)[] = [];
  let fileLost: string | undefined;
  const shared = config.state.kind === "redis";
  const state = await openState(config.state, {
    outages: {
      lost: (reason) => {
        metrics.stateOutage.lost();
        if (shared) logger.warn({ reason }, "shared state store unreachable: answering without shared cache, de-duplication, limits or history until it is back");
        else logger.warn({ reason }, "the state file cannot be written: answering from memory until it can (watches and bulk checks wait; history entries are not kept)");
      },
      back: () => {
        metrics.stateOutage.back();
        logger.info(shared ? "shared state store reachable again" : "the state file can be written again");
        backListeners.forEach((listener) => listener());
      },
    },
    // Told once each way: a replica that lags would otherwise be reported at every grant and watch.
    replication: (change) => {
      switch (change.status) {
        case "lagging":
          return logger.warn({ reason: change.reason }, "Redis replicas are not acknowledging writes in time: a grant, watch or language choice written now could be lost if the master fails before a replica has it");
        case "not_counted":
          return logger.warn({ reason: change.reason }, "Redis does not let the bot's user count or wait for replicas (allow ROLE and WAIT): durable writes are not waited for, and could be lost if the master fails");
        case "ok":
          return logger.info("Redis replicas acknowledge writes again");
      }
    },
    unacknowledged: (writes) => metrics.countUnacknowledgedWrites(writes),
    fileLost: (reason) => {
      fileLost = reason;
      logger.error({ reason }, "the state file was deleted or replaced while the bot ran");
      fileLostListeners.forEach((listener) => listener(reason));
    },
  });
  try {
    const token = openServiceToken(config.enquiry, { logger, secrets, state, instanceId });
    metrics.serviceTokenExpirySource(() => token.report().expiresAt);
    metrics.serviceTokenRenewedByBot(config.enquiry.token.source === "client_credentials");
    for (const { name, length } of shortSecrets(config)) {
      logger.warn({ variable: name, characters: length }, "a secret too short to be real (a placeholder?): it is masked in the logs only where it stands alone");
    }
    if (config.enquiry.baseUrlLeftOut !== undefined) {
      logger.warn(
        { leftOut: config.enquiry.baseUrlLeftOut, collection: enquiryAddress(config.enquiry.baseUrl, "collection"), airtime: enquiryAddress(config.enquiry.baseUrl, "airtime") },
        "ENQUIRY_BASE_URL ends with the API's own path, which the bot adds itself: it is left out, and the bot calls the addresses named here",
      );
    }
    const clientSettings: EnquiryClientOptions = {
      baseUrl: config.enquiry.baseUrl,
      token: () => token.current(),
      headers: config.enquiry.headers,
      ...(token.renewal ? { renewal: token.renewal } : {}),
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
    };
    const interactive = createEnquiryClient(clientSettings);
    // Background enquiries have connections of their own: however many wait, a user's never queues behind them.
    const background = createEnquiryClient({ ...clientSettings, connections: Math.max(2, Math.min(config.enquiry.connections, config.backgroundPerSecond)) });
    const audit = config.auditLogFile ? fileAuditTrail(config.auditLogFile, logger) : undefined;
    return {
      parts: {
        settings: config,
        state,
        enquiry: { interactive, background },
        telegram: { fetch: createTelegramFetch() },
        translations: new Translations({ timeZone: config.timeZone }),
        logger,
        instanceId,
        metrics,
        enquiryListeners: audit ? [(record) => audit.record(record)] : [],
        auditInLog: audit === undefined,
        serviceToken: () => token.current(),
        serviceTokenReport: () => token.report(),
        // Receipts as a PNG, and their check page (served wherever the HTTP server runs: webhook mode, or polling with HTTP_PORT).
        receiptRenderers: { picture: createReceiptRenderer(), page: { render: renderReceiptPage, headers: RECEIPT_PAGE_HEADERS } },
      },
      state,
      token,
      metrics,
      whenStateBack: (listener) => void backListeners.push(listener),
      whenFileLost: (listener) => {
        fileLostListeners.push(listener);
        if (fileLost !== undefined) listener(fileLost);
      },
      async close(waitMs = Infinity) {
        // A stalled provider holds its connections for as long as an enquiry may last (25 s by
        // default): past the grace period they are left to end with the process, and their
        // updates to Telegram's redelivery.
        await Promise.all([token.close(), finishedWithin(Promise.all([interactive.close(), background.close()]), waitMs), audit?.close()]);
        await state.close();
      },
    };
  } catch (error) {
    await state.close();
    throw error;
  }
}
