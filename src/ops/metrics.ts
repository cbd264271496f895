import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { EnquiryObserver } from "../payments/enquiry/client.ts";
import type { EnquiryKind, EnquiryOptions, EnquiryOutcome, EnquiryService } from "../payments/enquiry/types.ts";

/**
 * Prometheus metrics (prom-client), in a registry of their own rather than the library's global
 * one, so that every instance (and every test) starts from zero.
 */
export function createMetrics() {
  const registry = new Registry();
  // The event-loop lag is sampled every 100 ms (not 10): enough for a dashboard, and an idle bot stays idle.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });

  const enquiries = new Counter({
    name: "payment_bot_enquiries_total",
    help: "Enquiries answered to users, by kind and outcome.",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  const upstreamSeconds = new Histogram({
    name: "payment_bot_upstream_request_duration_seconds",
    help: "Duration of each HTTP attempt to the enquiry service.",
    labelNames: ["kind", "outcome"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const retries = new Counter({
    name: "payment_bot_enquiry_retries_total",
    help: "Retries of enquiry requests, by kind and reason.",
    labelNames: ["kind", "reason"] as const,
    registers: [registry],
  });
  const telegramErrors = new Counter({
    name: "payment_bot_telegram_api_errors_total",
    help: "Failed Bot API calls, by method and error code (network: no answer).",
    labelNames: ["method", "code"] as const,
    registers: [registry],
  });
  const webhookRejected = new Counter({
    name: "payment_bot_webhook_rejected_total",
    help: "Webhook requests refused before handling (wrong secret, not an update, too large).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const stateOutages = new Counter({
    name: "payment_bot_state_outages_total",
    help: "Times the shared state store (Redis) stopped answering; the bot then runs on its own memory.",
    registers: [registry],
  });
  const stateDegraded = new Gauge({
    name: "payment_bot_state_degraded",
    help: "1 while the shared state store is unreachable, 0 otherwise.",
    registers: [registry],
  });
  const unacknowledgedWrites = new Counter({
    name: "payment_bot_state_unacknowledged_writes_total",
    help: "Writes people rely on (grants, watches, cases) that no Redis replica acknowledged in time; they stand on the master.",
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: "payment_bot_enquiries_in_flight",
    help: "Requests to the enquiry service in progress.",
    registers: [registry],
  });

  const watchChecks = new Counter({
    name: "payment_bot_watch_checks_total",
    help: "Background checks of watched payments, by outcome (one per kind checked).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const watchNotifications = new Counter({
    name: "payment_bot_watch_notifications_total",
    help: "Watch notifications, by result (sent, rate_limited, blocked, migrated, failed, dropped).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  /** Read when scraped: the sources are set once the services exist. */
  const sources: { activeWatches?: () => Promise<number>; backgroundQueue?: () => number } = {};
  new Gauge({
    name: "payment_bot_watches_active",
    help: "Payments (ID and kind) being watched, all chats and instances together.",
    registers: [registry],
    async collect() {
      if (sources.activeWatches) this.set(await sources.activeWatches().catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: "payment_bot_background_queue",
    help: "Background enquiries waiting for the ENQUIRY_MAX_PER_SECOND budget in this instance.",
    registers: [registry],
    collect() {
      if (sources.backgroundQueue) this.set(sources.backgroundQueue());
    },
  });

  const providerState = new Gauge({
    name: "payment_bot_provider_state",
    help: "The provider's health by kind, as the bot judges it from every instance's enquiries: 0 normal, 1 degraded, 2 down.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const failuresHigh = new Gauge({
    name: "payment_bot_provider_failures_unusually_high",
    help: "1 while failed payments of this kind are unusually many (the last hour against the day before), 0 otherwise.",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  /** Read when scraped, once set: a token the bot renews itself changes between two looks of the expiry watch. */
  const tokenSource: { expiresAt?: () => Date | undefined } = {};
  const tokenExpiry = new Gauge({
    name: "payment_bot_service_token_expiry_timestamp_seconds",
    help: "When the current service token expires (its JWT exp, or the expires_in it was obtained with), in seconds since the epoch; absent when nothing says.",
    registers: [registry],
    collect() {
      if (!tokenSource.expiresAt) return;
      const expiresAt = tokenSource.expiresAt();
      if (expiresAt) this.set(expiresAt.getTime() / 1000);
      else this.reset();
    },
  });

  const renewedByBot = new Gauge({
    name: "payment_bot_service_token_renewed_by_bot",
    help: "1 when the bot obtains and renews its service token itself (ENQUIRY_TOKEN_URL): its expiry is then no one's task, 0 otherwise.",
    registers: [registry],
  });

  /** Read when scraped, from the state store (every instance's cases): set once cases exist (SUPPORT_CHAT_ID). */
  const caseSources: { open?: () => Promise<number> } = {};
  new Gauge({
    name: "payment_bot_cases_open",
    help: "Cases not yet resolved, all instances together (absent without SUPPORT_CHAT_ID).",
    registers: [registry],
    async collect() {
      if (caseSources.open) this.set(await caseSources.open().catch(() => Number.NaN));
    },
  });
  const caseTakenSeconds = new Histogram({
    name: "payment_bot_case_time_to_take_seconds",
    help: "From a case opening to a support member taking it.",
    buckets: [30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 43_200],
    registers: [registry],
  });

  const receiptsMade = new Counter({
    name: "payment_bot_receipts_made_total",
    help: "Receipts made for customers (🧾 Receipt, /receipt).",
    registers: [registry],
  });
  const receiptChecks = new Counter({
    name: "payment_bot_receipt_checks_total",
    help: "Checks of receipts' codes (in Telegram and on the page), by result: genuine, unknown (never made, revoked or expired), rate_limited, busy (the page's checks held at once were full: answered 503).",
    labelNames: ["result"] as const,
    registers: [registry],
  });

  const observer: EnquiryObserver = {
    onAttempt: ({ kind, durationMs, outcome }) => upstreamSeconds.observe({ kind, outcome }, durationMs / 1000),
    onRetry: ({ kind, reason }) => retries.inc({ kind, reason }),
  };

  return {
    registry,
    /** For the enquiry client. */
    observer,
    /** For the bot: one count per enquiry answered. */
    countEnquiry: (record: { kind: EnquiryKind; outcome: EnquiryOutcome["type"] }) => enquiries.inc({ kind: record.kind, outcome: record.outcome }),
    /** For the webhook route. */
    countWebhookRejection: (reason: string) => webhookRejected.inc({ reason }),
    /** For the state store's outage listener. */
    stateOutage: {
      lost: () => {
        stateOutages.inc();
        stateDegraded.set(1);
      },
      back: () => stateDegraded.set(0),
    },
    /** For the state store: durable writes no replica acknowledged in time. */
    countUnacknowledgedWrites: (writes: number) => unacknowledgedWrites.inc(writes),
    /** For the watch scheduler and notifier. */
    countWatchCheck: (outcome: string) => watchChecks.inc({ outcome }),
    countWatchNotification: (result: string) => watchNotifications.inc({ result }),
    /** Where the watch gauges read from. */
    watchSources: (set: { activeWatches: () => Promise<number>; backgroundQueue: () => number }) => Object.assign(sources, set),
    /** Where the open cases are counted from. */
    caseSources: (set: { open: () => Promise<number> }) => Object.assign(caseSources, set),
    /** For the cases feature: how long a case waited to be taken. */
    observeCaseTaken: (waitedMs: number) => caseTakenSeconds.observe(waitedMs / 1000),
    /** For the receipts feature: one count per receipt made, one per check of a code. */
    countReceiptMade: () => receiptsMade.inc(),
    countReceiptCheck: (result: "genuine" | "unknown" | "rate_limited" | "busy") => receiptChecks.inc({ result }),
    /** For the health monitor: the state of each kind after every evaluation. */
    providerHealth: (kind: EnquiryKind, state: { level: 0 | 1 | 2; failuresHigh: boolean }) => {
      providerState.set({ kind }, state.level);
      failuresHigh.set({ kind }, state.failuresHigh ? 1 : 0);
    },
    /** For the service token's watch: its expiry, or undefined when it has none. */
    serviceTokenExpiry: (expiresAt: Date | undefined) => (expiresAt ? tokenExpiry.set(expiresAt.getTime() / 1000) : tokenExpiry.reset()),
    /** Whether the bot renews its token itself: the expiry alerts leave such a token alone. */
    serviceTokenRenewedByBot: (renewed: boolean) => renewedByBot.set(renewed ? 1 : 0),
    /** Where the token's expiry is read at each scrape (production). */
    serviceTokenExpirySource: (expiresAt: () => Date | undefined) => void (tokenSource.expiresAt = expiresAt),
    /** For the bot's API observer. */
    countTelegramError: (method: string, code: string) => telegramErrors.inc({ method, code }),
    /** Wraps a service so that requests in progress are visible. */
    trackInFlight(service: EnquiryService): EnquiryService {
      return {
        async enquire(kind: EnquiryKind, transactionId: string, options?: EnquiryOptions) {
          inFlight.inc();
          try {
            return await service.enquire(kind, transactionId, options);
          } finally {
            inFlight.dec();
          }
        },
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
