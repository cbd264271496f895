import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../ops/metrics.ts";
import type { EnquiryEvents } from "../../payments/check.ts";
import type { TokenReport } from "../../payments/service-token/client-credentials-token.ts";
import { currentFingerprint, inspectToken } from "../../payments/service-token/service-token.ts";
import { tokenPause } from "../../payments/service-token/token-pause.ts";
import { startTokenExpiryWatch } from "../../payments/service-token/token-expiry.ts";
import type { StateStore } from "../../state/ports.ts";
import { alertOnTokenRejection } from "../../telegram/features/health/admin-alerts.ts";
import type { HealthAnnouncer } from "../../telegram/features/health/health-alerts.ts";
import type { Messenger } from "../../telegram/notify/messenger.ts";
import type { Area } from "../area.ts";

export interface ServiceTokenAreaOptions {
  /** The token in use; none in the warm-up and most tests. */
  current?: (() => string | undefined) | undefined;
  /** Where the token comes from, when it was obtained and expires (production). */
  report?: (() => TokenReport) | undefined;
  events: EnquiryEvents;
  state: StateStore;
  messenger: Messenger;
  announcer: Pick<HealthAnnouncer, "tokenExpiry">;
  logger: Logger;
  metrics?: Metrics | undefined;
  now: () => number;
}

export interface ServiceTokenArea extends Area {
  /** Where the token comes from, for the admins' /health (production). */
  report: (() => TokenReport) | undefined;
  /** True while the token in use has been rejected: watch checks wait until it changes. */
  paused: () => Promise<boolean>;
  /** When the token in use expires, as its JWT says. */
  expiresAt: () => Date | undefined;
}

/** The service token as the bot sees it at work: a rejection told to the admins once and pausing watches, its expiry announced ahead. */
export function serviceTokenArea(options: ServiceTokenAreaOptions): ServiceTokenArea {
  const { events, state, messenger, announcer, logger, metrics, now } = options;
  const current = options.current ?? (() => undefined);
  const { report } = options;
  // A token the bot obtains itself is renewed before it expires: its expiry is no one's task.
  const renewedByBot = report?.().source === "client_credentials";
  events.subscribe(alertOnTokenRejection({ messenger, kv: state.kv, logger, currentToken: current, renewedByBot }));
  const fingerprint = currentFingerprint(current);
  const paused = tokenPause(events, state.kv, fingerprint, logger);
  const expiresAt = () => (report ? report().expiresAt : inspectToken(current()).expiresAt);
  let expiryWatch: { stop(): void } | undefined;
  return {
    report,
    paused,
    expiresAt,
    start() {
      // Without a token (the warm-up, tests) there is no expiry to watch.
      if (options.current === undefined) return;
      expiryWatch = startTokenExpiryWatch({
        expiry: expiresAt,
        fingerprint,
        kv: state.kv,
        announce: renewedByBot ? undefined : announcer.tokenExpiry,
        logger,
        now,
        ...(metrics ? { onLook: metrics.serviceTokenExpiry } : {}),
      });
    },
    async stop() {
      expiryWatch?.stop();
    },
  };
}
