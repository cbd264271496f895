import { createHash, scryptSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { SHORTEST_REAL_SECRET, type Config } from "../config/config.ts";
import { clientSecretSpellings, type TokenSource } from "../config/areas/service-token.ts";
import type { Logger, SecretSet } from "../logger.ts";
import { clientCredentialsToken, type TokenAlert, type TokenReport } from "../payments/service-token/client-credentials-token.ts";
import type { TokenRenewal } from "../payments/enquiry/client.ts";
import {
  describeTokenHealth,
  fileToken,
  ServiceTokenError,
  staticToken,
  tokenHealth,
  type ServiceToken,
  type TokenEvents,
  type TokenHealth,
  type TokenStatus,
} from "../payments/service-token/service-token.ts";
import { tokenRequester, type ClientCredentials } from "../payments/service-token/token-request.ts";
import type { StateStore } from "../state/ports.ts";

/** The service token as the process holds it, whichever way it comes. */
export interface OpenedServiceToken extends Omit<ServiceToken, "close"> {
  /** Logs the token's health when it has changed since it was last logged (hourly). */
  recheck(): void;
  /** Where it comes from, when it was obtained, when it expires, what went wrong: for /readyz and /health. */
  report(): TokenReport;
  /** Obtained by the bot: what the enquiry client waits on and renews through. */
  renewal: TokenRenewal | undefined;
  /** Obtained by the bot: takes the shared token or asks for one (call once the alerts are listened to). */
  start(): Promise<void>;
  /** Obtained by the bot: the credentials refused, and a token obtained again, each told once. */
  onAlert(listener: (alert: TokenAlert) => void): void;
  close(): Promise<void>;
}

export interface ServiceTokenContext {
  logger: Logger;
  secrets: SecretSet;
  state: Pick<StateStore, "kv" | "leases">;
  instanceId: string;
}

/**
 * ENQUIRY_TOKEN, ENQUIRY_TOKEN_FILE, or a token the bot obtains itself (ENQUIRY_TOKEN_URL), with
 * every new value masked in logs as it arrives. Throws, with a message fit for an operator, when
 * the token file or the client secret's file cannot be read at start.
 */
export function openServiceToken(enquiry: Pick<Config["enquiry"], "token" | "headers" | "timeoutMs">, context: ServiceTokenContext): OpenedServiceToken {
  const { token } = enquiry;
  if (token.source === "client_credentials") return openObtainedToken(token.credentials, enquiry, context);
  return openGivenToken(token, context);
}

/** ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE: its health logged when loaded, and by `recheck()` when it has changed. */
function openGivenToken(token: Exclude<TokenSource, { source: "client_credentials" }>, { logger, secrets }: ServiceTokenContext): OpenedServiceToken {
  let lastHealth: TokenHealth | undefined;
  const report = (status: TokenStatus) => {
    lastHealth = tokenHealth(status, new Date());
    const { level, message } = describeTokenHealth(status, new Date());
    logger[level]({ expiresAt: status.expiresAt, source: token.source }, message);
  };
  const events: TokenEvents = {
    onLoaded: (status, value) => {
      secrets.rotate("service token", [value]);
      // ENQUIRY_TOKEN's length is said at start with the other variables (production-parts.ts); a file's, as it is read.
      if (token.source === "file") warnIfShort(logger, "ENQUIRY_TOKEN_FILE", value);
      report(status);
    },
    onReadFailed: (error) => logger.error({ err: error }, "could not re-read ENQUIRY_TOKEN_FILE; keeping the last good token"),
  };
  const opened = token.source === "environment" ? staticToken(token.value, events) : fileToken(token.path, events);
  return {
    current: () => opened.current(),
    status: () => opened.status(),
    recheck: () => {
      if (tokenHealth(opened.status(), new Date()) !== lastHealth) report(opened.status());
    },
    report: () => {
      const status = opened.status();
      const health = tokenHealth(status, new Date());
      return { source: token.source, obtainedAt: undefined, expiresAt: status.expiresAt, usable: health !== "missing" && health !== "expired", problem: undefined };
    },
    renewal: undefined,
    start: async () => undefined,
    onAlert: () => undefined,
    close: async () => opened.close(),
  };
}

/** ENQUIRY_TOKEN_URL: OAuth 2.0 client credentials, renewed before expiry and shared through the state store. */
function openObtainedToken(credentials: ClientCredentials, enquiry: Pick<Config["enquiry"], "headers" | "timeoutMs">, { logger, secrets, state, instanceId }: ServiceTokenContext): OpenedServiceToken {
  const secret = clientSecret(credentials, secrets, logger);
  // Read once now: a file that cannot be read stops the start, with the reason.
  secret();
  const { protocol, hostname } = new URL(credentials.tokenUrl);
  if (protocol === "http:" && !["127.0.0.1", "localhost", "[::1]"].includes(hostname)) {
    logger.warn({ host: hostname }, "ENQUIRY_TOKEN_URL is plain http: the client secret and the tokens cross the network unencrypted; use https");
  }
  const requester = tokenRequester({ credentials, secret: () => secret(), headers: enquiry.headers, timeoutMs: enquiry.timeoutMs });
  const key = credentialsKey(credentials, secret);
  // Its slow hash computed now, at start, rather than on the first renewal.
  key();
  /** The provider's odd lifetime is said once: with a 30 s token, every renewal would say it again. */
  let lifetimeNoted = false;
  const obtained = clientCredentialsToken({
    requester,
    kv: state.kv,
    leases: state.leases,
    credentialsKey: key,
    instanceId,
    events: {
      onToken: (value, { obtainedAt, expiresAt, shared, lifetimeNote }) => {
        secrets.rotate("service token", [value]);
        if (lifetimeNote !== undefined && !lifetimeNoted) {
          lifetimeNoted = true;
          logger.warn({ lifetimeNote }, "the token endpoint's expires_in cannot be taken as said: a lifetime under 30 s counts as 30 s, one past a year as no expiry");
        }
        const lifetimeSeconds = expiresAt === undefined ? undefined : Math.round((expiresAt.getTime() - obtainedAt.getTime()) / 1000);
        logger.info(
          { source: "client_credentials", obtainedAt, expiresAt, lifetimeSeconds },
          shared ? "service token taken from the state store (another instance obtained it)" : expiresAt === undefined ? "service token obtained (no expiry given: kept until the provider refuses it)" : "service token obtained",
        );
      },
      onFailure: (failure, retryInMs) =>
        logger[failure.kind === "refused" ? "error" : "warn"](
          { reason: failure.reason, retryInSeconds: Math.round(retryInMs / 1000) },
          failure.kind === "refused" ? "the provider refused the bot's credentials (ENQUIRY_CLIENT_ID, ENQUIRY_CLIENT_SECRET, ENQUIRY_TOKEN_URL)" : "could not obtain a service token",
        ),
    },
  });
  return {
    ...obtained,
    recheck: () => undefined,
    renewal: obtained,
    close: async () => {
      obtained.close();
      await requester.close();
    },
  };
}

/** The client secret now: as configured, or read again from its file, every spelling of it masked as soon as it is read. */
function clientSecret(settings: ClientCredentials, secrets: SecretSet, logger: Logger): () => string {
  if (settings.secret.from === "environment") {
    const value = settings.secret.value;
    return () => value;
  }
  const { path } = settings.secret;
  let last: string | undefined;
  return () => {
    const value = readSecretFile(path);
    secrets.rotate("client secret", clientSecretSpellings(settings.clientId, value));
    if (value !== last) warnIfShort(logger, "ENQUIRY_CLIENT_SECRET_FILE", value);
    last = value;
    return value;
  };
}

/** A secret read from a file, too short to be real: said as it is read (the variables' are said at start). */
function warnIfShort(logger: Logger, variable: string, value: string): void {
  if (value.length < SHORTEST_REAL_SECRET) logger.warn({ variable, characters: value.length }, "a secret too short to be real (a placeholder?): it is masked in the logs only where it stands alone");
}

function readSecretFile(path: string): string {
  let value: string;
  try {
    value = readFileSync(path, "utf8").trim();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ServiceTokenError(`ENQUIRY_CLIENT_SECRET_FILE cannot be read (${typeof code === "string" ? code : "unknown error"})`, { cause: error });
  }
  if (value === "") throw new ServiceTokenError("ENQUIRY_CLIENT_SECRET_FILE is empty");
  return value;
}

/**
 * What names the credentials in the state store: instances with the same token endpoint, client,
 * scope and secret share one token and one record of its refusal; others (another bot on the same
 * Redis, an instance left with a stale secret) share nothing with them. A fingerprint, never the
 * secret: a slow hash (scrypt), so that whoever reads the store cannot try secrets against it
 * quickly; computed again only when the secret changes (a rewritten ENQUIRY_CLIENT_SECRET_FILE).
 */
function credentialsKey(credentials: ClientCredentials, secret: () => string): () => string {
  const salt = createHash("sha256").update(["client credentials", credentials.tokenUrl, credentials.clientId, credentials.scope ?? ""].join("\n")).digest();
  let last: { secret: string; key: string } | undefined;
  return () => {
    let value: string;
    try {
      value = secret();
    } catch {
      // The secret file unreadable now: the token request says so; the store keeps the last name known.
      return last?.key ?? salt.toString("hex").slice(0, 24);
    }
    if (last?.secret !== value) last = { secret: value, key: scryptSync(value, salt, 12).toString("hex") };
    return last.key;
  };
}
