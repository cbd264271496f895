import { setTimeout as sleep } from "node:timers/promises";
import { GrammyError, HttpError } from "grammy";
import type { Logger } from "../../logger.ts";
import { describeTelegramFailure } from "./errors.ts";

/**
 * A Bot API call made at start failed. Only Telegram's description (or the network error's
 * message) is kept: the error grammY throws also holds the call's payload, and setWebhook's
 * payload holds the webhook secret. `sentence`, when given, is what the operator reads instead.
 */
export class StartupCallError extends Error {
  constructor(
    readonly method: string,
    readonly description: string,
    sentence?: string,
  ) {
    super(sentence ?? `${method} failed: ${description}`);
    this.name = "StartupCallError";
  }
}

/** The process was asked to stop (SIGTERM, SIGINT) while it was starting: nothing failed. */
export class StartupStoppedError extends Error {
  constructor(readonly signal: string) {
    super(`stopped during start-up (${signal})`);
    this.name = "StartupStoppedError";
  }
}

/** Throws StartupStoppedError once the start-up's signal is aborted: between steps that cannot be interrupted themselves. */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StartupStoppedError(String(signal.reason ?? "aborted"));
}

/** Runs a start-up call (getMe, setWebhook, deleteWebhook, setMyCommands), rethrowing only what is safe to log. */
export async function startupCall<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StartupCallError(method, describeTelegramFailure(error));
  }
}

export interface UntilAnsweredOptions {
  logger: Logger;
  /** Aborted when the process is asked to stop: the wait ends at once (StartupStoppedError). */
  signal?: AbortSignal | undefined;
  /** TELEGRAM_API_ROOT, when set: a refusal names it rather than Telegram. */
  apiRoot?: string | undefined;
  /** The wait after the nth failed attempt. */
  delayMs?: (attempt: number) => number;
  /** How long one attempt may take (STARTUP_ATTEMPT_TIMEOUT_MS; tests shorten it). */
  attemptTimeoutMs?: number;
  now?: () => number;
}

/** 1, 2, 4, 8, 16 s, then every 30 s: a network back within seconds is caught at once, one away for long costs a line a half-minute. */
export const startupRetryDelayMs = (attempt: number): number => Math.min(30_000, 1_000 * 2 ** (attempt - 1));

/**
 * A Bot API that takes the connection and never answers (a stuck proxy) would otherwise hold an
 * attempt for grammY's and undici's own limits, minutes with no line in the log.
 */
export const STARTUP_ATTEMPT_TIMEOUT_MS = 15_000;

/** The attempt's own time ran out: no answer from the Bot API. */
class AttemptTimedOut extends Error {}

/** `call` given a signal that also ends when the attempt's time is up, and abandoned then even if it does not listen. */
async function attemptWithin<T>(call: (signal: AbortSignal) => Promise<T>, timeoutMs: number, stopping: AbortSignal | undefined): Promise<T> {
  const attempt = new AbortController();
  const signal = stopping ? AbortSignal.any([stopping, attempt.signal]) : attempt.signal;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      attempt.abort(new AttemptTimedOut());
      reject(new AttemptTimedOut());
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(signal), timedOut]);
  } catch (error) {
    throw attempt.signal.aborted ? new AttemptTimedOut() : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A call Telegram must answer before the bot can start (getMe), made with an API that does not
 * retry by itself: tried again for as long as Telegram cannot be reached (a network error, a 5xx,
 * a 429, no answer within STARTUP_ATTEMPT_TIMEOUT_MS), each failed attempt logged with when the next one is, and given up at once when the
 * process is asked to stop. A bot token Telegram refuses (401, or 404 for a malformed one) ends
 * the start with what to do about it, as `npm run doctor` says it.
 */
export async function untilTelegramAnswers<T>(method: string, call: (signal: AbortSignal | undefined) => Promise<T>, options: UntilAnsweredOptions): Promise<T> {
  const { logger, signal } = options;
  const delayMs = options.delayMs ?? startupRetryDelayMs;
  const now = options.now ?? Date.now;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? STARTUP_ATTEMPT_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    throwIfStopped(signal);
    try {
      return await attemptWithin(call, attemptTimeoutMs, signal);
    } catch (error) {
      throwIfStopped(signal);
      const description = error instanceof AttemptTimedOut ? `no answer within ${attemptTimeoutMs / 1_000} s` : describeTelegramFailure(error);
      if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
        const where = options.apiRoot ? `the Bot API at TELEGRAM_API_ROOT (${new URL(options.apiRoot).host})` : "Telegram";
        throw new StartupCallError(method, description, `${where} refused TELEGRAM_BOT_TOKEN (HTTP ${error.error_code} to ${method}): copy it again from @BotFather (/mybots → API Token)`);
      }
      const unreachable = error instanceof AttemptTimedOut || error instanceof HttpError || (error instanceof GrammyError && (error.error_code >= 500 || error.error_code === 429));
      if (!unreachable) throw new StartupCallError(method, description);
      const retryAfter = error instanceof GrammyError ? error.parameters.retry_after : undefined;
      const wait = retryAfter !== undefined ? retryAfter * 1_000 : delayMs(attempt);
      logger.warn({ method, attempt, description, retryInSeconds: wait / 1_000, nextAttemptAt: new Date(now() + wait).toISOString() }, "could not reach Telegram at start; trying again");
      await sleep(wait, undefined, signal ? { signal } : {}).catch(() => throwIfStopped(signal));
    }
  }
}
