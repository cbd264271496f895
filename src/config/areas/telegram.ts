import { z } from "zod";
import type { TrustedNetwork } from "../../server/client-address.ts";
import { httpUrl, integer, networkList, optional, presentIn, required, trimmed, urlWith, withDefault, type Environment } from "../values.ts";

/** The bot's token, the Bot API it talks to, and how updates reach it: polling, or a webhook behind HTTP_PORT. */
export interface TelegramSettings {
  botToken: string;
  /** Bot API root, e.g. a self-hosted Bot API server; Telegram's own when unset. */
  apiRoot: string | undefined;
}

export interface PollingTransport {
  mode: "polling";
  /** The receipt page, and health, readiness and metrics unless `opsPort` is set; no HTTP server when unset. */
  httpPort: number | undefined;
  /** Health, readiness and metrics on a port of their own (OPS_PORT), kept off `httpPort`. */
  opsPort: number | undefined;
  trustedProxies: readonly TrustedNetwork[];
  /** With shared state (Redis), how long the polling lease outlives an instance that died. */
  leaseSeconds: number;
}

export interface WebhookTransport {
  mode: "webhook";
  /** The webhook and the receipt page, and health, readiness and metrics unless `opsPort` is set. */
  httpPort: number;
  /** Health, readiness and metrics on a port of their own (OPS_PORT), kept off `httpPort`. */
  opsPort: number | undefined;
  /**
   * The reverse proxies in front of the HTTP server whose X-Forwarded-For is believed (TRUST_PROXY),
   * for the check page's limit per address; none when unset: the peer is who asked.
   */
  trustedProxies: readonly TrustedNetwork[];
  /** The public HTTPS URL Telegram posts to; its path is the one the bot listens on. */
  url: string;
  path: string;
  secret: string;
}

export const MIN_WEBHOOK_SECRET_LENGTH = 16;

export const telegramVariables = z.object({
  TELEGRAM_BOT_TOKEN: required(trimmed.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456789:AAE… (the token BotFather gave you)")),
  TELEGRAM_API_ROOT: optional(httpUrl),
});

export const transportVariables = z.object({
  BOT_MODE: withDefault(z.enum(["polling", "webhook"]), "polling"),
  HTTP_PORT: optional(integer(0, 65_535)),
  OPS_PORT: optional(integer(0, 65_535)),
  WEBHOOK_URL: optional(urlWith(["https:"], "must be an https:// URL (Telegram refuses to post updates over plain http)")),
  WEBHOOK_SECRET: optional(
    trimmed.regex(
      new RegExp(`^[A-Za-z0-9_-]{${MIN_WEBHOOK_SECRET_LENGTH},256}$`),
      `must be ${MIN_WEBHOOK_SECRET_LENGTH}-256 characters of A-Z, a-z, 0-9, _ and - (a long random value, e.g. openssl rand -hex 32)`,
    ),
  ),
  POLLING_LEASE_SECONDS: withDefault(integer(3, 600), 15),
  TRUST_PROXY: optional(networkList),
});

/** A webhook needs its URL, its secret and a port to listen on; proxies are trusted only in front of an HTTP server. */
export function transportProblems(env: Environment): string[] {
  const present = presentIn(env);
  const proxies = present("TRUST_PROXY") && !present("HTTP_PORT") ? ["TRUST_PROXY needs HTTP_PORT: the proxies it names stand in front of the bot's HTTP server"] : [];
  // Port 0 (any free port, in tests) may be given to both.
  const samePort = present("OPS_PORT") && present("HTTP_PORT") && Number(env.OPS_PORT) === Number(env.HTTP_PORT) && Number(env.OPS_PORT) !== 0 ? ["OPS_PORT must differ from HTTP_PORT: it keeps /healthz, /readyz and /metrics off the port the internet reaches"] : [];
  if ((env.BOT_MODE ?? "").trim() !== "webhook") return [...proxies, ...samePort];
  return ["WEBHOOK_URL", "WEBHOOK_SECRET", "HTTP_PORT"].filter((name) => !present(name)).map((name) => `${name} is required when BOT_MODE=webhook`).concat(proxies, samePort);
}

export function telegramSettings(env: z.output<typeof telegramVariables>): TelegramSettings {
  return { botToken: env.TELEGRAM_BOT_TOKEN, apiRoot: env.TELEGRAM_API_ROOT };
}

/** Only called once transportProblems found none, so the `?? ""` below are never used. */
export function transportSettings(env: z.output<typeof transportVariables>): PollingTransport | WebhookTransport {
  const trustedProxies = env.TRUST_PROXY ?? [];
  const opsPort = env.OPS_PORT;
  if (env.BOT_MODE !== "webhook") return { mode: "polling", httpPort: env.HTTP_PORT, opsPort, trustedProxies, leaseSeconds: env.POLLING_LEASE_SECONDS };
  return {
    mode: "webhook",
    httpPort: env.HTTP_PORT ?? 0,
    opsPort,
    trustedProxies,
    url: env.WEBHOOK_URL ?? "",
    path: new URL(env.WEBHOOK_URL ?? "https://invalid/").pathname,
    secret: env.WEBHOOK_SECRET ?? "",
  };
}
