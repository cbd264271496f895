import { randomBytes } from "node:crypto";
import { Api } from "grammy";
import type { Config } from "../config.ts";
import type { Logger, SecretSet } from "../logger.ts";
import { fileAuditTrail, type AuditTrail } from "../ops/audit-trail.ts";
import { createMetrics, type Metrics } from "../ops/metrics.ts";
import { backgroundBudget, type BackgroundBudget } from "../payments/budget.ts";
import { createChecker, createEnquiryEvents, type Checker, type EnquiryEvents } from "../payments/check.ts";
import { createEnquiryClient, type EnquiryClient, type EnquiryClientOptions } from "../payments/enquiry/client.ts";
import { tokenFingerprint, type ServiceToken } from "../payments/enquiry/service-token.ts";
import { shareEnquiries } from "../payments/enquiry/shared-enquiries.ts";
import { tokenPause } from "../payments/watches/scheduler.ts";
import { createWatchStore, type WatchStore } from "../payments/watches/watch-store.ts";
import { openState } from "../state/open-state.ts";
import type { StateStore } from "../state/ports.ts";
import { createBulkJobs, type BulkJobs } from "../telegram/bulk-jobs.ts";
import { DEFAULT_LOCALE, Translations } from "../telegram/i18n.ts";
import { adminAlerts, alertOnTokenRejection, type AdminAlerts } from "../telegram/notify/admin-alerts.ts";
import { observeApiErrors } from "../telegram/transport/api-observer.ts";
import { createTelegramFetch } from "../telegram/transport/fetch.ts";
import { ButtonStore } from "../telegram/views/callback-data.ts";
import { openServiceToken } from "./service-token.ts";

/** Everything built once per process, before the bot: what the features and the transports share. */
export interface Services {
  /** This process, among the instances sharing the state store. */
  instanceId: string;
  state: StateStore;
  token: ServiceToken & { recheck(): void };
  client: EnquiryClient;
  checker: Checker;
  /** Background work (watches, bulk checks): its own connections, and the ENQUIRY_MAX_PER_SECOND budget. */
  background: { checker: Checker; budget: BackgroundBudget; client: EnquiryClient };
  watches: WatchStore;
  /** True while the provider rejects the service token in use: watches wait. */
  tokenPaused: () => Promise<boolean>;
  /** Sends messages outside any update (alerts, notifications): no auto-retry, senders handle 429 themselves. */
  api: Api;
  bulkJobs: BulkJobs;
  events: EnquiryEvents;
  metrics: Metrics;
  translations: Translations;
  alerts: AdminAlerts;
  audit: AuditTrail | undefined;
  close(): Promise<void>;
}

/**
 * Builds the services in dependency order. Fails (with an error fit for an operator, holding no
 * secret) when the state store or the token file cannot be opened.
 */
export async function buildServices(config: Config, logger: Logger, secrets: SecretSet): Promise<Services> {
  const instanceId = randomBytes(6).toString("hex");
  const metrics = createMetrics();
  const state = await openState(config.state, {
    lost: (reason) => {
      metrics.stateOutage.lost();
      logger.warn({ reason }, "shared state store unreachable: answering without shared cache, de-duplication or limits until it is back");
    },
    back: () => {
      metrics.stateOutage.back();
      logger.info("shared state store reachable again");
    },
  });
  try {
    const token = openServiceToken(config.enquiry.token, logger, secrets);
    const clientSettings: EnquiryClientOptions = {
      baseUrl: config.enquiry.baseUrl,
      token: () => token.current(),
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
    const client = createEnquiryClient(clientSettings);
    // Background enquiries have connections of their own: however many wait, a user's never queues behind them.
    const backgroundClient = createEnquiryClient({ ...clientSettings, connections: Math.max(2, Math.min(config.enquiry.connections, config.backgroundPerSecond)) });
    const cache = { store: state.kv, cacheTtlMs: config.cacheTtlSeconds * 1000 };
    const enquiry = shareEnquiries(metrics.trackInFlight(client), cache);
    const backgroundEnquiry = shareEnquiries(metrics.trackInFlight(backgroundClient), cache);

    const translations = new Translations();
    // Messages sent outside any update (alerts, later notifications) go through an API of their own.
    const api = new Api(config.telegram.botToken, { fetch: createTelegramFetch(), ...(config.telegram.apiRoot ? { apiRoot: config.telegram.apiRoot } : {}) });
    api.config.use(observeApiErrors(logger, metrics.countTelegramError));
    const alerts = adminAlerts(api, config.adminChatId, logger);

    const audit = config.auditLogFile ? fileAuditTrail(config.auditLogFile, logger) : undefined;
    const events = createEnquiryEvents();
    events.subscribe(metrics.countEnquiry);
    if (audit) events.subscribe((record) => audit.record(record));
    const adminText = translations.translatorFor(DEFAULT_LOCALE);
    events.subscribe(
      alertOnTokenRejection({
        alerts,
        kv: state.kv,
        logger,
        currentToken: () => token.current(),
        message: (status) => adminText("admin-token-rejected", { status }),
      }),
    );
    const checker = createChecker({ enquiry, events, auditInLog: audit === undefined });
    const background = {
      checker: createChecker({ enquiry: backgroundEnquiry, events, auditInLog: audit === undefined }),
      budget: backgroundBudget(state.counters, config.backgroundPerSecond),
      client: backgroundClient,
    };
    const watches = createWatchStore({ state, schedule: config.watches });
    metrics.watchSources({ activeWatches: () => watches.activeTargets(), backgroundQueue: () => background.budget.waiting });
    const tokenPaused = tokenPause(events, state.kv, () => tokenFingerprint(token.current()), logger);
    const bulkJobs = createBulkJobs({
      api,
      state,
      budget: background.budget,
      checker: background.checker,
      translations,
      buttons: new ButtonStore(state.kv),
      instanceId,
      timeZone: config.timeZone,
      logger,
    });

    return {
      instanceId,
      state,
      token,
      client,
      checker,
      background,
      watches,
      tokenPaused,
      api,
      bulkJobs,
      events,
      metrics,
      translations,
      alerts,
      audit,
      async close() {
        token.close();
        await Promise.all([client.close(), backgroundClient.close(), audit?.close()]);
        await state.close();
      },
    };
  } catch (error) {
    await state.close();
    throw error;
  }
}
