import { z } from "zod";
import type { AccessLists } from "../access/policy.ts";
import { parseChatTopic, parseTelegramId, type ChatTopic } from "../access/telegram-id.ts";
import { enquiryBase } from "../payments/enquiry/enquiry-address.ts";
import { badHeaderCharacter, fitsInBearerHeader, isHeaderName } from "../payments/enquiry/http-header.ts";
import { basicAuthorization, type ClientCredentials } from "../payments/service-token/token-request.ts";
import type { HealthThresholds } from "../payments/health/judging/thresholds.ts";

/**
 * Configuration, validated once at start. Values come from the environment (and an optional .env);
 * nothing else in the code base reads `process.env`. Where settings only make sense together they
 * are one variant of a union, so that code never has to re-check them (a webhook always has its
 * URL and secret; a token comes from exactly one source).
 */
export interface Config {
  telegram: {
    botToken: string;
    /** Bot API root, e.g. a self-hosted Bot API server; Telegram's own when unset. */
    apiRoot: string | undefined;
  };
  enquiry: {
    /** ENQUIRY_BASE_URL without the API's own path, when it was written with it (see `baseUrlLeftOut`). */
    baseUrl: string;
    /** What was left out of ENQUIRY_BASE_URL (such as /api/v1): the bot adds that path itself. */
    baseUrlLeftOut: string | undefined;
    token: TokenSource;
    /** ENQUIRY_HEADERS: sent with every enquiry and token request; their values are secrets. */
    headers: Readonly<Record<string, string>>;
    timeoutMs: number;
    totalTimeoutMs: number;
    retries: number;
    connections: number;
  };
  access: AccessLists;
  /** How long an invite link works (INVITE_TTL_HOURS). */
  inviteTtlMs: number;
  cacheTtlSeconds: number;
  watches: WatchSettings;
  /** Background enquiries (watches, bulk checks), all instances together, at most per second. */
  backgroundPerSecond: number;
  /** Most distinct IDs one file may hold (BULK_MAX_IDS). */
  bulkMaxIds: number;
  /** Each user may spend `maxCost` (enquiries, at least 1 per request) per window. */
  rateLimit: { windowSeconds: number; maxCost: number };
  transport: PollingTransport | WebhookTransport;
  state: StateConfig;
  /** IANA time zone of the times shown to users and of report file names (BOT_TIMEZONE). */
  timeZone: string;
  adminChatId: number | undefined;
  /** ADMIN_CHAT_ID's forum topic, when it names one (`CHAT_ID:THREAD_ID`). */
  adminThreadId: number | undefined;
  health: HealthSettings;
  /** The support team's chat, where cases are handled (SUPPORT_CHAT_ID); no cases without it. */
  support: SupportSettings | undefined;
  auditLogFile: string | undefined;
  shutdownGraceMs: number;
  logLevel: LogLevel;
}

/** Where cases go, and when one nobody took is recalled (see docs/cases.md). */
export interface SupportSettings {
  chatId: number;
  /** One topic for every card (`CHAT_ID:THREAD_ID`); otherwise a topic per case where the chat is a forum. */
  threadId: number | undefined;
  /** A case not taken this long after it opened gets one reminder (CASE_REMIND_MINUTES). */
  remindMs: number;
  /** A resolved case, and the index of its messages, is forgotten this long after it was resolved (CASE_DAYS); CASE_DAYS_DEFAULT when not given. */
  keepMs?: number | undefined;
}

/** A case nobody took is recalled in the support chat after this many minutes, by default. */
export const CASE_REMIND_DEFAULT_MINUTES = 15;
/** A resolved case is kept this many days, by default. */
export const CASE_DAYS_DEFAULT = 90;

export interface WatchSettings {
  firstCheckMs: number;
  maxIntervalMs: number;
  maxAgeMs: number;
  notFoundMs: number;
  maxPerUser: number;
}

/** Exactly one way to have the service token: given, in a file, or obtained by the bot itself (client credentials). */
export type TokenSource = { source: "environment"; value: string } | { source: "file"; path: string } | { source: "client_credentials"; credentials: ClientCredentials };

export interface PollingTransport {
  mode: "polling";
  /** Health, readiness and metrics; no HTTP server when unset. */
  httpPort: number | undefined;
  /** With shared state (Redis), how long the polling lease outlives an instance that died. */
  leaseSeconds: number;
}

export interface WebhookTransport {
  mode: "webhook";
  httpPort: number;
  /** The public HTTPS URL Telegram posts to; its path is the one the bot listens on. */
  url: string;
  path: string;
  secret: string;
}

export type StateConfig = { kind: "sqlite"; path: string } | { kind: "redis"; connection: RedisConnection; prefix: string };

/** Where Redis is: one address (REDIS_URL: a server, or a managed service's endpoint), or the master Sentinel names now. */
export type RedisConnection = { url: string } | SentinelConnection;

export interface SentinelConnection {
  /** Asked in turn for the master's address (REDIS_SENTINELS). */
  sentinels: readonly { host: string; port: number }[];
  /** The name the sentinels monitor the master under (REDIS_SENTINEL_NAME). */
  name: string;
  sentinelPassword: string | undefined;
  /** For the data itself (REDIS_PASSWORD, REDIS_DB): there is no URL to carry them. */
  password: string | undefined;
  db: number;
}

/** Sentinel's own port, when REDIS_SENTINELS gives a host alone. */
export const DEFAULT_SENTINEL_PORT = 26379;

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

export const DEFAULT_STATE_DB = "./data/bot.db";
const WATCH_DEFAULTS = { firstCheckSeconds: 15, maxIntervalSeconds: 600, maxHours: 24, notFoundMinutes: 30, maxPerUser: 50 } as const;

/** Watches as configured by default (the demo and tests start from these). */
export const DEFAULT_WATCH_SETTINGS: WatchSettings = {
  firstCheckMs: WATCH_DEFAULTS.firstCheckSeconds * 1000,
  maxIntervalMs: WATCH_DEFAULTS.maxIntervalSeconds * 1000,
  maxAgeMs: WATCH_DEFAULTS.maxHours * 3_600_000,
  notFoundMs: WATCH_DEFAULTS.notFoundMinutes * 60_000,
  maxPerUser: WATCH_DEFAULTS.maxPerUser,
};
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/** Unset and empty are the same thing: `FOO=` in a .env file means "not configured". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, value: z.util.NoUndefined<z.output<T>>) =>
  z.preprocess(blankToUndefined, schema.default(value));
/** Blank is missing too: `TELEGRAM_BOT_TOKEN=` as copied from .env.example "is required", not "must look like…". */
const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

/** How the provider's health is judged and told (see docs/health.md). */
export interface HealthSettings {
  thresholds: HealthThresholds;
  /**
   * Groups told of every change of state, and sent the daily summary, besides ADMIN_CHAT_ID
   * (HEALTH_ALERT_CHAT_IDS): each in a forum topic when written `CHAT_ID:THREAD_ID`, one chat in
   * as many topics as it is listed with.
   */
  alertChats: readonly ChatTopic[];
  /** The daily summary's time in BOT_TIMEZONE (DIGEST_TIME); no summary when unset. */
  digestTime: { hour: number; minute: number } | undefined;
}

/** Down: at least this share (%) of enquiries could not be checked. Fixed: "down" must mean the same everywhere. */
export const HEALTH_DOWN_PERCENT = 80;

/** What an unset HEALTH_* gives (the demo, the warm-up and the tests start from these too). */
export const HEALTH_DEFAULTS: HealthSettings = {
  thresholds: { minEnquiries: 10, degradedPercent: 20, downPercent: HEALTH_DOWN_PERCENT, slowMs: 5_000, recoveryMs: 10 * 60_000 },
  alertChats: [],
  digestTime: undefined,
};

const trimmed = z.string().trim();

const integer = (min: number, max: number) =>
  trimmed.regex(/^-?\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

const urlWith = (protocols: readonly string[], message: string) =>
  trimmed.refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      // Not a URL: the rule's message says what is wanted.
      return false;
    }
  }, message);

/** A number that may have decimals (0.5): for durations tests want shorter than one unit. */
const decimal = (min: number, max: number) =>
  trimmed.regex(/^\d+(\.\d+)?$/, "must be a number").transform(Number).pipe(z.number().min(min).max(max));

const httpUrl = urlWith(["http:", "https:"], "must be an http(s) URL");

const idList = trimmed.transform((value, ctx) => {
  const ids = new Set<number>();
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const id = parseTelegramId(part);
    if (id === undefined) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a numeric Telegram ID (a whole number other than 0, at most 52 bits)` });
      return z.NEVER;
    }
    ids.add(id);
  }
  return ids;
});

const chatTopicRule = "is not a numeric Telegram ID of a chat, optionally with a forum topic's ID as CHAT_ID:THREAD_ID (such as -1001234567890:42)";

/** One chat, or one topic of it: `-1001234567890` or `-1001234567890:42`. */
const chatTopic = trimmed.transform((value, ctx) => {
  const parsed = parseChatTopic(value);
  if (parsed === undefined) {
    ctx.addIssue({ code: "custom", message: `"${value}" ${chatTopicRule}` });
    return z.NEVER;
  }
  return parsed;
});

/** Chats, each perhaps with its topic, separated by commas or spaces. */
const chatTopicList = trimmed.transform((value, ctx) => {
  const chats: ChatTopic[] = [];
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const parsed = parseChatTopic(part);
    if (parsed === undefined) {
      ctx.addIssue({ code: "custom", message: `"${part}" ${chatTopicRule}` });
      return z.NEVER;
    }
    chats.push(parsed);
  }
  return chats;
});

/** `host:port, host:port`: a host alone is on Sentinel's port; an IPv6 address goes in brackets. */
const sentinelList = trimmed.transform((value, ctx) => {
  const addresses: { host: string; port: number }[] = [];
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/.exec(part);
    const port = match?.[3] === undefined ? DEFAULT_SENTINEL_PORT : Number(match[3]);
    const host = match?.[1] ?? match?.[2];
    if (host === undefined || port < 1 || port > 65_535) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a host:port (such as 10.0.0.5:26379)` });
      return z.NEVER;
    }
    addresses.push({ host, port });
  }
  return addresses;
});

/** Passwords are taken as written: a space at either end may be part of one. */
const secretValue = z.string().min(1);

/** Headers the bot sets itself: ENQUIRY_HEADERS may not replace them. */
const OWN_HEADERS = new Set(["authorization", "content-type", "content-length", "host", "accept", "connection", "transfer-encoding"]);
/** Headers of the connection, not of a request: the HTTP client refuses to send some of them (Expect, Keep-Alive, Upgrade). */
const CONNECTION_HEADERS = new Set(["expect", "keep-alive", "upgrade", "te", "proxy-connection"]);

/** ENQUIRY_HEADERS: a JSON object of header names to string values. Its values are secrets: never quoted back. */
const headerObject = z.string().transform((value, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // Not JSON: the problem says what is wanted, without the value.
    ctx.addIssue({ code: "custom", message: 'must be a JSON object of header names and values, such as {"X-Target-Environment":"sandbox"}' });
    return z.NEVER;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    ctx.addIssue({ code: "custom", message: 'must be a JSON object of header names and values, such as {"X-Target-Environment":"sandbox"}' });
    return z.NEVER;
  }
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(parsed)) {
    if (!isHeaderName(name)) {
      ctx.addIssue({ code: "custom", message: `has "${name.slice(0, 40)}", which is not a header name` });
    } else if (OWN_HEADERS.has(name.toLowerCase())) {
      ctx.addIssue({ code: "custom", message: `cannot set ${name}: the bot sets it itself` });
    } else if (CONNECTION_HEADERS.has(name.toLowerCase())) {
      ctx.addIssue({ code: "custom", message: `cannot set ${name}: it belongs to the HTTP connection, not to a request` });
    } else if (typeof headerValue !== "string" || /[\r\n\0]/.test(headerValue)) {
      ctx.addIssue({ code: "custom", message: `must give ${name} a string on one line` });
    } else if (badHeaderCharacter(headerValue) !== undefined) {
      // Where, never what: the value may be a key.
      ctx.addIssue({ code: "custom", message: `must give ${name} a value HTTP allows: character ${badHeaderCharacter(headerValue)} is not printable ASCII (a dash or quote pasted from a web page?)` });
    } else {
      headers[name] = headerValue;
    }
  }
  return headers;
});

const TRUE_WORDS = ["true", "1", "yes"];
const bool = trimmed.toLowerCase().pipe(z.enum(["true", "false", "1", "0", "yes", "no"])).transform((v) => TRUE_WORDS.includes(v));

const envSchema = z.object({
  TELEGRAM_BOT_TOKEN: required(trimmed.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456789:AAE… (the token BotFather gave you)")),
  TELEGRAM_API_ROOT: optional(httpUrl),
  ENQUIRY_BASE_URL: required(httpUrl),
  ENQUIRY_TOKEN: optional(trimmed.refine(fitsInBearerHeader, "must be the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)")),
  ENQUIRY_TOKEN_FILE: optional(trimmed),
  ENQUIRY_TOKEN_URL: optional(urlWith(["http:", "https:"], "must be the token endpoint's http(s) URL, such as https://sandbox.momodeveloper.mtn.com/collection/token/")),
  ENQUIRY_CLIENT_ID: optional(trimmed),
  ENQUIRY_CLIENT_SECRET: optional(secretValue),
  ENQUIRY_CLIENT_SECRET_FILE: optional(trimmed),
  ENQUIRY_TOKEN_AUTH: withDefault(trimmed.toLowerCase().pipe(z.enum(["basic", "body"], "must be basic (HTTP Basic of id:secret) or body (client_id and client_secret in the form)")), "basic"),
  ENQUIRY_TOKEN_METHOD: withDefault(trimmed.toUpperCase().pipe(z.enum(["POST", "GET"], "must be POST or GET")), "POST"),
  ENQUIRY_TOKEN_SCOPE: optional(trimmed),
  ENQUIRY_HEADERS: optional(headerObject),
  ENQUIRY_TIMEOUT_MS: withDefault(integer(100, 120_000), 10_000),
  ENQUIRY_TOTAL_TIMEOUT_MS: optional(integer(100, 300_000)),
  ENQUIRY_RETRIES: withDefault(integer(0, 5), 2),
  ENQUIRY_CONNECTIONS: withDefault(integer(1, 1024), 128),
  ALLOWED_USER_IDS: optional(idList),
  ALLOWED_CHAT_IDS: optional(idList),
  ALLOW_EVERYONE: withDefault(bool, false),
  ADMIN_USER_IDS: optional(idList),
  INVITE_TTL_HOURS: withDefault(decimal(0.001, 720), 24),
  CACHE_TTL_SECONDS: withDefault(integer(0, 3600), 30),
  ENQUIRY_MAX_PER_SECOND: withDefault(integer(1, 1000), 10),
  BULK_MAX_IDS: withDefault(integer(1, 10_000), 1000),
  WATCH_FIRST_CHECK_SECONDS: withDefault(integer(1, 3600), WATCH_DEFAULTS.firstCheckSeconds),
  WATCH_MAX_INTERVAL_SECONDS: withDefault(integer(1, 86_400), WATCH_DEFAULTS.maxIntervalSeconds),
  WATCH_MAX_HOURS: withDefault(decimal(0.0001, 168), WATCH_DEFAULTS.maxHours),
  WATCH_NOT_FOUND_MINUTES: withDefault(decimal(0.001, 1440), WATCH_DEFAULTS.notFoundMinutes),
  WATCH_MAX_PER_USER: withDefault(integer(1, 1000), WATCH_DEFAULTS.maxPerUser),
  RATE_LIMIT_WINDOW_SECONDS: withDefault(integer(1, 3600), 60),
  RATE_LIMIT_MAX: withDefault(integer(1, 100_000), 60),
  BOT_MODE: withDefault(z.enum(["polling", "webhook"]), "polling"),
  HTTP_PORT: optional(integer(0, 65_535)),
  WEBHOOK_URL: optional(urlWith(["https:"], "must be an https:// URL (Telegram refuses to post updates over plain http)")),
  WEBHOOK_SECRET: optional(
    trimmed.regex(
      new RegExp(`^[A-Za-z0-9_-]{${MIN_WEBHOOK_SECRET_LENGTH},256}$`),
      `must be ${MIN_WEBHOOK_SECRET_LENGTH}-256 characters of A-Z, a-z, 0-9, _ and - (a long random value, e.g. openssl rand -hex 32)`,
    ),
  ),
  POLLING_LEASE_SECONDS: withDefault(integer(3, 600), 15),
  STATE_DB: withDefault(trimmed, DEFAULT_STATE_DB),
  REDIS_URL: optional(urlWith(["redis:", "rediss:"], "must be a redis:// or rediss:// URL (redis://[user:password@]host:port/db)")),
  REDIS_SENTINELS: optional(sentinelList),
  REDIS_SENTINEL_NAME: optional(trimmed.regex(/^[A-Za-z0-9_.:-]{1,100}$/, "must be the master's name as the sentinels know it (sentinel monitor <name> …), such as mymaster")),
  REDIS_SENTINEL_PASSWORD: optional(secretValue),
  REDIS_PASSWORD: optional(secretValue),
  REDIS_DB: withDefault(integer(0, 65_535), 0),
  REDIS_PREFIX: withDefault(trimmed.regex(/^[A-Za-z0-9_:.-]{1,64}$/, "must be 1-64 characters of A-Z a-z 0-9 _ : . -"), "psb:"),
  BOT_TIMEZONE: withDefault(
    trimmed.refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        // Not a zone Intl knows: the rule's message says what is wanted.
        return false;
      }
    }, "must be an IANA time zone name, such as Africa/Accra, Europe/Paris or UTC"),
    "UTC",
  ),
  ADMIN_CHAT_ID: optional(chatTopic),
  HEALTH_MIN_ENQUIRIES: withDefault(integer(1, 1_000_000), HEALTH_DEFAULTS.thresholds.minEnquiries),
  HEALTH_DEGRADED_PERCENT: withDefault(integer(1, HEALTH_DOWN_PERCENT - 1), HEALTH_DEFAULTS.thresholds.degradedPercent),
  HEALTH_SLOW_MS: withDefault(integer(100, 600_000), HEALTH_DEFAULTS.thresholds.slowMs),
  HEALTH_RECOVERY_MINUTES: withDefault(decimal(0.001, 1440), HEALTH_DEFAULTS.thresholds.recoveryMs / 60_000),
  HEALTH_ALERT_CHAT_IDS: optional(chatTopicList),
  DIGEST_TIME: optional(
    trimmed
      .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM, such as 18:00 (in BOT_TIMEZONE)")
      .transform((value) => {
        const [hour = 0, minute = 0] = value.split(":").map(Number);
        return { hour, minute };
      }),
  ),
  SUPPORT_CHAT_ID: optional(chatTopic),
  CASE_REMIND_MINUTES: withDefault(decimal(0.001, 10_080), CASE_REMIND_DEFAULT_MINUTES),
  CASE_DAYS: withDefault(decimal(0.001, 36_500), CASE_DAYS_DEFAULT),
  AUDIT_LOG_FILE: optional(trimmed),
  SHUTDOWN_GRACE_MS: withDefault(integer(0, 600_000), 10_000),
  LOG_LEVEL: withDefault(trimmed.toLowerCase().pipe(z.enum(logLevels)), "info"),
});

type Env = z.output<typeof envSchema>;

/** Every variable the bot reads (.env.example documents each; tests blank them all). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Rules that span several variables. They look at the raw values, so that they are reported
 * together with any per-variable problem rather than only once those are fixed.
 */
function crossFieldProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const present = (name: string) => (env[name] ?? "").trim() !== "";
  const problems: string[] = [...tokenProblems(env, present)];
  const everyone = TRUE_WORDS.includes((env.ALLOW_EVERYONE ?? "").trim().toLowerCase());
  if (!present("ALLOWED_USER_IDS") && !present("ALLOWED_CHAT_IDS") && !present("ADMIN_USER_IDS") && !everyone) {
    problems.push("ALLOWED_USER_IDS, ALLOWED_CHAT_IDS and ADMIN_USER_IDS are all empty: list who may use the bot (or its admins, who can let people in from the chat), or set ALLOW_EVERYONE=true");
  }
  if ((env.BOT_MODE ?? "").trim() === "webhook") {
    for (const name of ["WEBHOOK_URL", "WEBHOOK_SECRET", "HTTP_PORT"]) {
      if (!present(name)) problems.push(`${name} is required when BOT_MODE=webhook`);
    }
  }
  const first = Number(env.WATCH_FIRST_CHECK_SECONDS?.trim() || WATCH_DEFAULTS.firstCheckSeconds);
  const longest = Number(env.WATCH_MAX_INTERVAL_SECONDS?.trim() || WATCH_DEFAULTS.maxIntervalSeconds);
  if (first > longest) problems.push("WATCH_FIRST_CHECK_SECONDS must not be longer than WATCH_MAX_INTERVAL_SECONDS");
  problems.push(...redisProblems(present));
  for (const name of ["CASE_REMIND_MINUTES", "CASE_DAYS"]) if (present(name) && !present("SUPPORT_CHAT_ID")) problems.push(`${name} is only used with SUPPORT_CHAT_ID, which is not set`);
  const timeout = Number(env.ENQUIRY_TIMEOUT_MS?.trim() || 10_000);
  const total = Number(env.ENQUIRY_TOTAL_TIMEOUT_MS?.trim() || Infinity);
  if (total < timeout) problems.push("ENQUIRY_TOTAL_TIMEOUT_MS must not be shorter than ENQUIRY_TIMEOUT_MS");
  return problems;
}

/** Exactly one way to have a token; what only client credentials use, only with them. */
function tokenProblems(env: Readonly<Record<string, string | undefined>>, present: (name: string) => boolean): string[] {
  const problems: string[] = [];
  const ways = ["ENQUIRY_TOKEN", "ENQUIRY_TOKEN_FILE", "ENQUIRY_TOKEN_URL"].filter(present);
  if (ways.length === 0) {
    problems.push("ENQUIRY_TOKEN is required (or set ENQUIRY_TOKEN_FILE, or ENQUIRY_TOKEN_URL with ENQUIRY_CLIENT_ID and ENQUIRY_CLIENT_SECRET for the bot to obtain its own)");
  }
  if (ways.length > 1) problems.push(`${ways.slice(1).join(" and ")} cannot be set together with ${ways[0] ?? ""}: choose one way to have the service token`);
  const clientOnly = ["ENQUIRY_CLIENT_ID", "ENQUIRY_CLIENT_SECRET", "ENQUIRY_CLIENT_SECRET_FILE", "ENQUIRY_TOKEN_AUTH", "ENQUIRY_TOKEN_METHOD", "ENQUIRY_TOKEN_SCOPE"];
  if (!present("ENQUIRY_TOKEN_URL")) {
    for (const name of clientOnly.filter(present)) problems.push(`${name} is only used with ENQUIRY_TOKEN_URL, which is not set`);
    return problems;
  }
  if (!present("ENQUIRY_CLIENT_ID")) problems.push("ENQUIRY_CLIENT_ID is required when ENQUIRY_TOKEN_URL is set");
  if (!present("ENQUIRY_CLIENT_SECRET") && !present("ENQUIRY_CLIENT_SECRET_FILE")) {
    problems.push("ENQUIRY_CLIENT_SECRET is required when ENQUIRY_TOKEN_URL is set (or set ENQUIRY_CLIENT_SECRET_FILE instead)");
  }
  if (present("ENQUIRY_CLIENT_SECRET") && present("ENQUIRY_CLIENT_SECRET_FILE")) {
    problems.push("ENQUIRY_CLIENT_SECRET_FILE cannot be set together with ENQUIRY_CLIENT_SECRET: choose one");
  }
  const auth = (env.ENQUIRY_TOKEN_AUTH ?? "").trim().toLowerCase();
  const method = (env.ENQUIRY_TOKEN_METHOD ?? "").trim().toUpperCase();
  if (auth === "body" && method === "GET") {
    problems.push("ENQUIRY_TOKEN_AUTH=body cannot go with ENQUIRY_TOKEN_METHOD=GET: the secret would travel in the URL, where proxies log it; use basic");
  }
  return problems;
}

/** One way to Redis at most; what only Sentinel uses, only with it. */
function redisProblems(present: (name: string) => boolean): string[] {
  const problems: string[] = [];
  if (present("REDIS_URL") && present("REDIS_SENTINELS")) {
    // One mistake, said once: what Sentinel would also need is beside the point until one is chosen.
    return ["REDIS_URL cannot be set together with REDIS_SENTINELS: choose one (REDIS_URL for one Redis address, REDIS_SENTINELS to ask Sentinel where the master is)"];
  }
  if (present("REDIS_SENTINELS") && !present("REDIS_SENTINEL_NAME")) {
    problems.push("REDIS_SENTINEL_NAME is required when REDIS_SENTINELS is set: the name the sentinels monitor the master under, such as mymaster");
  }
  if (!present("REDIS_SENTINELS")) {
    for (const name of ["REDIS_SENTINEL_NAME", "REDIS_SENTINEL_PASSWORD", "REDIS_PASSWORD", "REDIS_DB"].filter(present)) {
      problems.push(
        present("REDIS_URL")
          ? `${name} is only used with REDIS_SENTINELS: with REDIS_URL, the password and database go in the URL (redis://:password@host:6379/0)`
          : `${name} is only used with REDIS_SENTINELS, which is not set`,
      );
    }
  }
  return problems;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/**
 * Validates the whole environment at once so that an operator sees every problem in one go.
 * Problems name the variable and the rule, never the value: values may be secrets.
 */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
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

/** Only called once the cross-field rules hold, so the `?? ""` below are never used. */
function toConfig(env: Env): Config {
  const { base, leftOut } = enquiryBase(env.ENQUIRY_BASE_URL);
  return {
    telegram: { botToken: env.TELEGRAM_BOT_TOKEN, apiRoot: env.TELEGRAM_API_ROOT },
    enquiry: {
      baseUrl: base,
      baseUrlLeftOut: leftOut,
      token: tokenSource(env),
      headers: env.ENQUIRY_HEADERS ?? {},
      timeoutMs: env.ENQUIRY_TIMEOUT_MS,
      // Room for one full retry after a timeout by default, so a stalled service is answered in bounded time.
      totalTimeoutMs: env.ENQUIRY_TOTAL_TIMEOUT_MS ?? Math.round(env.ENQUIRY_TIMEOUT_MS * 2.5),
      retries: env.ENQUIRY_RETRIES,
      connections: env.ENQUIRY_CONNECTIONS,
    },
    access: {
      allowedUserIds: env.ALLOWED_USER_IDS ?? new Set(),
      allowedChatIds: env.ALLOWED_CHAT_IDS ?? new Set(),
      allowEveryone: env.ALLOW_EVERYONE,
      adminUserIds: env.ADMIN_USER_IDS ?? new Set(),
    },
    inviteTtlMs: env.INVITE_TTL_HOURS * 3_600_000,
    cacheTtlSeconds: env.CACHE_TTL_SECONDS,
    watches: {
      firstCheckMs: env.WATCH_FIRST_CHECK_SECONDS * 1000,
      maxIntervalMs: env.WATCH_MAX_INTERVAL_SECONDS * 1000,
      maxAgeMs: env.WATCH_MAX_HOURS * 3_600_000,
      notFoundMs: env.WATCH_NOT_FOUND_MINUTES * 60_000,
      maxPerUser: env.WATCH_MAX_PER_USER,
    },
    backgroundPerSecond: env.ENQUIRY_MAX_PER_SECOND,
    bulkMaxIds: env.BULK_MAX_IDS,
    rateLimit: { windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, maxCost: env.RATE_LIMIT_MAX },
    transport:
      env.BOT_MODE === "webhook"
        ? {
            mode: "webhook",
            httpPort: env.HTTP_PORT ?? 0,
            url: env.WEBHOOK_URL ?? "",
            path: new URL(env.WEBHOOK_URL ?? "https://invalid/").pathname,
            secret: env.WEBHOOK_SECRET ?? "",
          }
        : { mode: "polling", httpPort: env.HTTP_PORT, leaseSeconds: env.POLLING_LEASE_SECONDS },
    state: stateConfig(env),
    timeZone: env.BOT_TIMEZONE,
    adminChatId: env.ADMIN_CHAT_ID?.chatId,
    adminThreadId: env.ADMIN_CHAT_ID?.threadId,
    health: {
      thresholds: {
        minEnquiries: env.HEALTH_MIN_ENQUIRIES,
        degradedPercent: env.HEALTH_DEGRADED_PERCENT,
        downPercent: HEALTH_DOWN_PERCENT,
        slowMs: env.HEALTH_SLOW_MS,
        recoveryMs: env.HEALTH_RECOVERY_MINUTES * 60_000,
      },
      alertChats: env.HEALTH_ALERT_CHAT_IDS ?? [],
      digestTime: env.DIGEST_TIME,
    },
    support: env.SUPPORT_CHAT_ID && { chatId: env.SUPPORT_CHAT_ID.chatId, threadId: env.SUPPORT_CHAT_ID.threadId, remindMs: env.CASE_REMIND_MINUTES * 60_000, keepMs: env.CASE_DAYS * 86_400_000 },
    auditLogFile: env.AUDIT_LOG_FILE,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    logLevel: env.LOG_LEVEL,
  };
}

function tokenSource(env: Env): TokenSource {
  if (env.ENQUIRY_TOKEN_FILE !== undefined) return { source: "file", path: env.ENQUIRY_TOKEN_FILE };
  if (env.ENQUIRY_TOKEN_URL === undefined) return { source: "environment", value: env.ENQUIRY_TOKEN ?? "" };
  return {
    source: "client_credentials",
    credentials: {
      tokenUrl: env.ENQUIRY_TOKEN_URL,
      clientId: env.ENQUIRY_CLIENT_ID ?? "",
      secret: env.ENQUIRY_CLIENT_SECRET_FILE === undefined ? { from: "environment", value: env.ENQUIRY_CLIENT_SECRET ?? "" } : { from: "file", path: env.ENQUIRY_CLIENT_SECRET_FILE },
      auth: env.ENQUIRY_TOKEN_AUTH,
      method: env.ENQUIRY_TOKEN_METHOD,
      scope: env.ENQUIRY_TOKEN_SCOPE,
    },
  };
}

function stateConfig(env: Env): StateConfig {
  if (env.REDIS_URL !== undefined) return { kind: "redis", connection: { url: env.REDIS_URL }, prefix: env.REDIS_PREFIX };
  if (env.REDIS_SENTINELS === undefined) return { kind: "sqlite", path: env.STATE_DB };
  return {
    kind: "redis",
    connection: { sentinels: env.REDIS_SENTINELS, name: env.REDIS_SENTINEL_NAME ?? "", sentinelPassword: env.REDIS_SENTINEL_PASSWORD, password: env.REDIS_PASSWORD, db: env.REDIS_DB },
    prefix: env.REDIS_PREFIX,
  };
}

/**
 * A client secret as it may appear anywhere: as written, form-encoded (a request body), and inside
 * the Basic credentials made of it (an Authorization header); a secret read from a file is added
 * the same way when it is read.
 */
export function clientSecretSpellings(clientId: string, secret: string): string[] {
  return [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), basicAuthorization(clientId, secret).slice("Basic ".length)];
}

/** A header that carries a credential by its name (a subscription key, a signature, a session). */
const CREDENTIAL_HEADER = /key|token|secret|auth|sign|pass|credential|session|cookie/i;
/** Shorter values of other headers ("UG", "UGX", "sandbox", "1") are kept readable: masked, they would mangle ordinary words and numbers in every log line. */
const SECRET_HEADER_VALUE_MIN = 8;

/**
 * The values of ENQUIRY_HEADERS treated as secrets: every credential header's, and any other
 * header's long enough to be a key.
 */
export function secretHeaderValues(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers)
    .filter(([name, value]) => CREDENTIAL_HEADER.test(name) || value.length >= SECRET_HEADER_VALUE_MIN)
    .map(([, value]) => value);
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
