import { z } from "zod";

/**
 * Configuration, validated once at start. Values come from the environment (and an optional .env);
 * nothing else in the code base reads `process.env`.
 */
export interface Config {
  telegram: {
    botToken: string;
    /** Bot API root, e.g. a self-hosted Bot API server; Telegram's own when unset. */
    apiRoot: string | undefined;
  };
  enquiry: {
    baseUrl: string;
    /** Exactly one of the two is set. */
    token: string | undefined;
    tokenFile: string | undefined;
    timeoutMs: number;
    totalTimeoutMs: number;
    retries: number;
    connections: number;
  };
  access: {
    allowedUserIds: ReadonlySet<number>;
    allowedChatIds: ReadonlySet<number>;
    allowEveryone: boolean;
  };
  cacheTtlSeconds: number;
  rateLimit: { windowSeconds: number; maxRequests: number };
  mode: "polling" | "webhook";
  http: { port: number | undefined };
  webhook: { url: string | undefined; secret: string | undefined };
  adminChatId: number | undefined;
  auditLogFile: string | undefined;
  shutdownGraceMs: number;
  logLevel: LogLevel;
}

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** Unset and empty are the same thing: `FOO=` in a .env file means "not configured". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, value: z.util.NoUndefined<z.output<T>>) =>
  z.preprocess(blankToUndefined, schema.default(value));

const trimmed = z.string().trim();

const integer = (min: number, max: number) =>
  trimmed.regex(/^-?\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

const httpUrl = trimmed.refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}, "must be an http(s) URL");

const idList = trimmed.transform((value, ctx) => {
  const ids = new Set<number>();
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    if (!/^-?\d{1,16}$/.test(part)) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not a numeric Telegram ID` });
      return z.NEVER;
    }
    ids.add(Number(part));
  }
  return ids;
});

const bool = trimmed.toLowerCase().pipe(z.enum(["true", "false", "1", "0", "yes", "no"])).transform((v) => ["true", "1", "yes"].includes(v));

const envSchema = z.object({
    TELEGRAM_BOT_TOKEN: trimmed.regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456789:AAE… (the token BotFather gave you)"),
    TELEGRAM_API_ROOT: optional(httpUrl),
    ENQUIRY_BASE_URL: httpUrl,
    ENQUIRY_TOKEN: optional(trimmed),
    ENQUIRY_TOKEN_FILE: optional(trimmed),
    ENQUIRY_TIMEOUT_MS: withDefault(integer(100, 120_000), 10_000),
    ENQUIRY_TOTAL_TIMEOUT_MS: optional(integer(100, 300_000)),
    ENQUIRY_RETRIES: withDefault(integer(0, 5), 2),
    ENQUIRY_CONNECTIONS: withDefault(integer(1, 1024), 128),
    ALLOWED_USER_IDS: optional(idList),
    ALLOWED_CHAT_IDS: optional(idList),
    ALLOW_EVERYONE: withDefault(bool, false),
    CACHE_TTL_SECONDS: withDefault(integer(0, 3600), 30),
    RATE_LIMIT_WINDOW_SECONDS: withDefault(integer(1, 3600), 60),
    RATE_LIMIT_MAX: withDefault(integer(1, 10_000), 20),
    BOT_MODE: withDefault(z.enum(["polling", "webhook"]), "polling"),
    HTTP_PORT: optional(integer(0, 65_535)),
    WEBHOOK_URL: optional(httpUrl),
    WEBHOOK_SECRET: optional(trimmed.regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and -")),
    ADMIN_CHAT_ID: optional(integer(-(2 ** 52), 2 ** 52)),
    AUDIT_LOG_FILE: optional(trimmed),
    SHUTDOWN_GRACE_MS: withDefault(integer(0, 600_000), 10_000),
    LOG_LEVEL: withDefault(trimmed.toLowerCase().pipe(z.enum(logLevels)), "info"),
  });

/**
 * Rules that span several variables. They look at the raw values, so that they are reported
 * together with any per-variable problem rather than only once those are fixed.
 */
function crossFieldProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const present = (name: string) => (env[name] ?? "").trim() !== "";
  const problems: string[] = [];
  if (!present("ENQUIRY_TOKEN") && !present("ENQUIRY_TOKEN_FILE")) {
    problems.push("ENQUIRY_TOKEN is required (or set ENQUIRY_TOKEN_FILE instead)");
  }
  if (present("ENQUIRY_TOKEN") && present("ENQUIRY_TOKEN_FILE")) {
    problems.push("ENQUIRY_TOKEN_FILE cannot be set together with ENQUIRY_TOKEN: choose one");
  }
  const everyone = ["true", "1", "yes"].includes((env.ALLOW_EVERYONE ?? "").trim().toLowerCase());
  if (!present("ALLOWED_USER_IDS") && !present("ALLOWED_CHAT_IDS") && !everyone) {
    problems.push("ALLOWED_USER_IDS and ALLOWED_CHAT_IDS are both empty: list who may use the bot, or set ALLOW_EVERYONE=true");
  }
  if ((env.BOT_MODE ?? "").trim() === "webhook") {
    for (const name of ["WEBHOOK_URL", "WEBHOOK_SECRET", "HTTP_PORT"]) {
      if (!present(name)) problems.push(`${name} is required when BOT_MODE=webhook`);
    }
  }
  const timeout = Number(env.ENQUIRY_TIMEOUT_MS?.trim() || 10_000);
  const total = Number(env.ENQUIRY_TOTAL_TIMEOUT_MS?.trim() || Infinity);
  if (total < timeout) problems.push("ENQUIRY_TOTAL_TIMEOUT_MS must not be shorter than ENQUIRY_TIMEOUT_MS");
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
  const env_ = parsed.data;
  return {
    ok: true,
    config: {
      telegram: { botToken: env_.TELEGRAM_BOT_TOKEN, apiRoot: env_.TELEGRAM_API_ROOT },
      enquiry: {
        baseUrl: env_.ENQUIRY_BASE_URL,
        token: env_.ENQUIRY_TOKEN,
        tokenFile: env_.ENQUIRY_TOKEN_FILE,
        timeoutMs: env_.ENQUIRY_TIMEOUT_MS,
        // Room for one full retry after a timeout by default, so a stalled service is answered in bounded time.
        totalTimeoutMs: env_.ENQUIRY_TOTAL_TIMEOUT_MS ?? Math.round(env_.ENQUIRY_TIMEOUT_MS * 2.5),
        retries: env_.ENQUIRY_RETRIES,
        connections: env_.ENQUIRY_CONNECTIONS,
      },
      access: {
        allowedUserIds: env_.ALLOWED_USER_IDS ?? new Set(),
        allowedChatIds: env_.ALLOWED_CHAT_IDS ?? new Set(),
        allowEveryone: env_.ALLOW_EVERYONE,
      },
      cacheTtlSeconds: env_.CACHE_TTL_SECONDS,
      rateLimit: { windowSeconds: env_.RATE_LIMIT_WINDOW_SECONDS, maxRequests: env_.RATE_LIMIT_MAX },
      mode: env_.BOT_MODE,
      http: { port: env_.HTTP_PORT },
      webhook: { url: env_.WEBHOOK_URL, secret: env_.WEBHOOK_SECRET },
      adminChatId: env_.ADMIN_CHAT_ID,
      auditLogFile: env_.AUDIT_LOG_FILE,
      shutdownGraceMs: env_.SHUTDOWN_GRACE_MS,
      logLevel: env_.LOG_LEVEL,
    },
  };
}
