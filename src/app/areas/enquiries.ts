import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import { backgroundBudget, type BackgroundBudget } from "../../payments/budget.ts";
import { createChecker, createEnquiryEvents, type Checker, type EnquiryEvents, type EnquiryListener } from "../../payments/check.ts";
import { shareEnquiries } from "../../payments/enquiry/shared-enquiries.ts";
import type { EnquiryService } from "../../payments/enquiry/types.ts";
import { countedForHealth, type HealthRecorder } from "../../payments/health/counting/recorder.ts";
import type { StateStore } from "../../state/ports.ts";
import { alertOnWrongAddress } from "../../telegram/features/health/admin-alerts.ts";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import type { BotSettings } from "../bot-settings.ts";

export interface EnquiriesAreaOptions {
  settings: Pick<BotSettings, "cacheTtlSeconds" | "backgroundPerSecond">;
  state: StateStore;
  /** The provider: for people asking, and for background work (on connections of its own in production). */
  enquiry: { interactive: EnquiryService; background: EnquiryService };
  /** Every enquiry that reaches the provider is counted for its health. */
  recorder: HealthRecorder;
  metrics?: Metrics | undefined;
  /** Also told of every enquiry (the audit trail file, tests). */
  listeners?: readonly EnquiryListener[] | undefined;
  auditInLog: boolean;
  /** A wrong enquiry address (a web server's error page where the API should be) is told to the admins once. */
  messenger: Messenger;
  logger: Logger;
}

export interface EnquiriesArea {
  /** Every enquiry made, as it ends: metrics, the audit trail, the token's rejection and pause listen. */
  events: EnquiryEvents;
  /** For people asking (commands, buttons, inline). */
  checker: Checker;
  /** For the background's work (watches, bulk checks), on its own connections. */
  backgroundChecker: Checker;
  /** ENQUIRY_MAX_PER_SECOND, shared by all instances, handed round the background's consumers. */
  budget: BackgroundBudget;
}

/** Asking the provider: identical enquiries made once, settled answers reused a while, each one counted, logged and published. */
export function enquiriesArea({ settings, state, enquiry, recorder, metrics, listeners, auditInLog, messenger, logger }: EnquiriesAreaOptions): EnquiriesArea {
  const events = createEnquiryEvents();
  if (metrics) events.subscribe(metrics.countEnquiry);
  listeners?.forEach((listener) => events.subscribe(listener));
  events.subscribe(alertOnWrongAddress({ messenger, kv: state.kv, logger }));
  const cache = { store: state.kv, cacheTtlMs: settings.cacheTtlSeconds * 1000 };
  // Counted where requests reach the provider: answers from the cache, or joined to one in flight, are not its work.
  const tracked = (service: EnquiryService) => countedForHealth(metrics ? metrics.trackInFlight(service) : service, recorder);
  return {
    events,
    checker: createChecker({ enquiry: shareEnquiries(tracked(enquiry.interactive), cache), events, auditInLog }),
    backgroundChecker: createChecker({ enquiry: shareEnquiries(tracked(enquiry.background), cache), events, auditInLog }),
    budget: backgroundBudget(state.counters, settings.backgroundPerSecond),
  };
}
