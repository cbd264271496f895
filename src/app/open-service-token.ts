import type { TokenSource } from "../config.ts";
import type { Logger, SecretSet } from "../logger.ts";
import {
  describeTokenHealth,
  fileToken,
  staticToken,
  tokenHealth,
  type ServiceToken,
  type TokenEvents,
  type TokenHealth,
  type TokenStatus,
} from "../payments/enquiry/service-token.ts";

/**
 * ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE, with every new value masked in logs. Its health is logged
 * whenever a token is loaded, and by `recheck()` only when it has changed since (say, it now
 * expires within a day). Throws when the file cannot be read at start.
 */
export function openServiceToken(token: TokenSource, logger: Logger, secrets: SecretSet): ServiceToken & { recheck(): void } {
  let lastHealth: TokenHealth | undefined;
  const report = (status: TokenStatus) => {
    lastHealth = tokenHealth(status, new Date());
    const { level, message } = describeTokenHealth(status, new Date());
    logger[level]({ expiresAt: status.expiresAt, source: token.source }, message);
  };
  const events: TokenEvents = {
    onLoaded: (status, value) => {
      secrets.add(value);
      report(status);
    },
    onReadFailed: (error) => logger.error({ err: error }, "could not re-read ENQUIRY_TOKEN_FILE; keeping the last good token"),
  };
  const opened = token.source === "environment" ? staticToken(token.value, events) : fileToken(token.path, events);
  return {
    ...opened,
    recheck: () => {
      if (tokenHealth(opened.status(), new Date()) !== lastHealth) report(opened.status());
    },
  };
}
