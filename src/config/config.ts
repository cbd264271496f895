import { z } from "zod";
import { accessProblems, accessSettings, accessVariables, type AccessSettings } from "./areas/access.ts";
import { caseProblems, caseVariables, supportSettings, type SupportSettings } from "./areas/cases.ts";
import { CREDENTIAL_HEADER, enquiryProblems, enquirySettings, enquiryVariables, secretHeaderValues, type EnquirySettings } from "./areas/enquiry.ts";
import { historySettings, historyVariables, type HistorySettings } from "./areas/history.ts";
import { healthSettings, healthVariables, type HealthSettings } from "./areas/health.ts";
import { limitSettings, limitVariables, type LimitSettings } from "./areas/limits.ts";
import { processSettings, processVariables, type ProcessSettings } from "./areas/process.ts";
import { receiptProblems, receiptSettings, receiptVariables, type ReceiptSettings } from "./areas/receipts.ts";
import { clientSecretSpellings, serviceTokenProblems, serviceTokenVariables, tokenSource } from "./areas/service-token.ts";
import { stateConfig, stateProblems, stateVariables, type StateConfig } from "./areas/state.ts";
import { telegramSettings, telegramVariables, transportProblems, transportSettings, transportVariables, type PollingTransport, type TelegramSettings, type WebhookTransport } from "./areas/telegram.ts";
import type { Environment } from "./values.ts";
import { watchProblems, watchSettings, watchVariables, type WatchSettings } from "./areas/watches.ts";

/**
 * Configuration, validated once at start. Values come from the environment (and an optional .env);
 * nothing else in the code base reads `process.env`. Each area reads its own variables (one file
 * each in this folder); where settings only make sense together they are one variant of a union,
 * so that code never has to re-check them (a webhook always has its URL and secret; a token comes
 * from exactly one source).
 */
export interface Config extends AccessSettings, LimitSettings, ProcessSettings, HistorySettings {
  telegram: TelegramSettings;
  enquiry: EnquirySettings;
  cacheTtlSeconds: number;
  watches: WatchSettings;
  transport: PollingTransport | WebhookTransport;
  state: StateConfig;
  health: HealthSettings;
  /** The support team's chat, where cases are handled (SUPPORT_CHAT_ID); no cases without it. */
  support: SupportSettings | undefined;
  /** Receipts: their title, their days, where they are checked. */
  receipts: ReceiptSettings;
}

const envSchema = z.object({
  ...telegramVariables.shape,
  ...enquiryVariables.shape,
  ...serviceTokenVariables.shape,
  ...accessVariables.shape,
  ...limitVariables.shape,
  ...watchVariables.shape,
  ...transportVariables.shape,
  ...stateVariables.shape,
  ...processVariables.shape,
  ...healthVariables.shape,
  ...caseVariables.shape,
  ...historyVariables.shape,
  ...receiptVariables.shape,
});

/** Every variable the bot reads (.env.example documents each; tests blank them all). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Rules that span several variables, each area's own. They look at the raw values, so that they
 * are reported together with any per-variable problem rather than only once those are fixed.
 */
function crossFieldProblems(env: Environment): string[] {
  return [...serviceTokenProblems(env), ...accessProblems(env), ...transportProblems(env), ...watchProblems(env), ...stateProblems(env), ...caseProblems(env), ...enquiryProblems(env), ...receiptProblems(env)];
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/**
 * Validates the whole environment at once so that an operator sees every problem in one go.
 * Problems name the variable and the rule, never the value: values may be secrets.
 */
export function parseConfig(env: Environment): ConfigResult {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues ?? []).map((issue) => {
      const name = issue.path.map(String).join(".");
      const message = issue.code === "invalid_type" ? "is required" : issue.message;
      return `${name} ${message}`;
    }),
    ...crossFieldProblems(env),
  ];
  if (!parsed.success || problems.length > 0) return { ok: false, problems: [...new Set(problems)] };
  return { ok: true, config: toConfig(parsed.data) };
}

/** Only called once the cross-field rules hold. */
function toConfig(env: z.output<typeof envSchema>): Config {
  return {
    telegram: telegramSettings(env),
    enquiry: enquirySettings(env, tokenSource(env)),
    ...accessSettings(env),
    cacheTtlSeconds: env.CACHE_TTL_SECONDS,
    watches: watchSettings(env),
    ...limitSettings(env),
    transport: transportSettings(env),
    state: stateConfig(env),
    ...processSettings(env),
    health: healthSettings(env),
    support: supportSettings(env),
    ...historySettings(env),
    receipts: receiptSettings(env, env.BOT_MODE === "webhook" ? env.WEBHOOK_URL : undefined),
  };
}

/** A secret shorter than this is too short to be real (a placeholder, a test value): said at start. */
export const SHORTEST_REAL_SECRET = 8;

/**
 * The secrets of a configuration too short to be real, by name and length, never value: each is
 * said once at start, since a secret that short is masked in logs only where it stands alone (an
 * `ENQUIRY_TOKEN` of "x" cannot be masked inside "expiry").
 */
export function shortSecrets(config: Config): { name: string; length: number }[] {
  const found: { name: string; length: number }[] = [];
  const check = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== "" && value.length < SHORTEST_REAL_SECRET) found.push({ name, length: value.length });
  };
  const { token } = config.enquiry;
  if (token.source === "environment") check("ENQUIRY_TOKEN", token.value);
  if (token.source === "client_credentials" && token.credentials.secret.from === "environment") check("ENQUIRY_CLIENT_SECRET", token.credentials.secret.value);
  for (const [name, value] of Object.entries(config.enquiry.headers)) if (CREDENTIAL_HEADER.test(name)) check(`ENQUIRY_HEADERS's ${name}`, value);
  if (config.state.kind === "redis") {
    const { connection } = config.state;
    if ("url" in connection) check("the password in REDIS_URL", decodeURIComponent(new URL(connection.url).password));
    else {
      check("REDIS_PASSWORD", connection.password);
      check("REDIS_SENTINEL_PASSWORD", connection.sentinelPassword);
    }
  }
  return found;
}

/** The secret values in a configuration: masked in every log line, whatever their length. */
export function configSecrets(config: Config): string[] {
  const secrets = [config.telegram.botToken, ...secretHeaderValues(config.enquiry.headers)];
  const { token } = config.enquiry;
  if (token.source === "environment") secrets.push(token.value);
  if (token.source === "client_credentials" && token.credentials.secret.from === "environment") {
    secrets.push(...clientSecretSpellings(token.credentials.clientId, token.credentials.secret.value));
  }
  if (config.transport.mode === "webhook") secrets.push(config.transport.secret);
  if (config.state.kind === "redis") {
    const { connection } = config.state;
    if ("url" in connection) {
      const { password } = new URL(connection.url);
      // Both spellings: URL-encoded as written in REDIS_URL, and decoded as a client may print it.
      if (password) secrets.push(password, decodeURIComponent(password));
    } else {
      for (const secret of [connection.password, connection.sentinelPassword]) if (secret !== undefined) secrets.push(secret);
    }
  }
  return secrets;
}
