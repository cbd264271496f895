import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { enquiryPath } from "./enquiry-address.ts";
import { refusalAwarePool, refusedRequest, untilAborted } from "./http-pool.ts";
import { interpretAnswer } from "./interpret.ts";
import { readCappedBody, ResponseTooLargeError } from "./read-body.ts";
import { cancelledOutcome, type EnquiryKind, type EnquiryOptions, type EnquiryOutcome, type EnquiryService, type OutcomeType, type UpstreamHint } from "./types.ts";

export interface EnquiryObserver {
  /** An attempt ended in a way that will be retried after `delayMs`. */
  onRetry?: (event: { kind: EnquiryKind; attempt: number; delayMs: number; reason: string }) => void;
  /** A request was sent (one per attempt); `durationMs` is its own latency, not the enquiry's. */
  onAttempt?: (event: { kind: EnquiryKind; attempt: number; durationMs: number; outcome: OutcomeType }) => void;
}

/**
 * A token the bot obtains itself (client credentials): waited for when it is being obtained, and
 * renewed when the provider refuses it.
 */
export interface TokenRenewal {
  /** No token to send now: waits (until `signal` aborts) for one being obtained; undefined when none came. */
  awaitToken(signal: AbortSignal): Promise<string | undefined>;
  /** The provider refused `token` (401/403): true once another is there to retry with. */
  refused(token: string): Promise<boolean>;
  /** The provider answered an enquiry sent with `token` (it was used successfully). Called on every such answer: cheap. */
  accepted(token: string): void;
  /** Why there is no token, as an enquiry's outcome says it: could not check, never "rejected". */
  unavailable(): { hint: Extract<UpstreamHint, "no_token" | "token_refused">; reason: string };
}

export interface EnquiryClientOptions {
  baseUrl: string;
  /** Read on every request, so a rotated token is used as soon as it is known. */
  token: () => string | undefined;
  /** With a token the bot obtains itself: a refused token is renewed once, and the enquiry tried once more with the new one. */
  renewal?: TokenRenewal;
  /** ENQUIRY_HEADERS: sent with every enquiry (a subscription key, a target environment). */
  headers?: Readonly<Record<string, string>>;
  /** Budget for one attempt: connect, headers and body. */
  timeoutMs: number;
  /** Budget for the whole enquiry, retries and waits included. */
  totalTimeoutMs: number;
  retries: number;
  /** Keep-alive connections to the service. */
  connections: number;
  maxResponseBytes?: number;
  /** First retry delay; doubles each time, with jitter. */
  backoffMs?: number;
  observer?: EnquiryObserver;
  now?: () => Date;
}

export interface EnquiryClient extends EnquiryService {
  close(): Promise<void>;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/** What one HTTP attempt produced: an answer to return, or a failure worth another try; and the token it sent. */
type Attempt = { token?: string } & (
  | { done: true; outcome: EnquiryOutcome }
  | { done: false; outcome: EnquiryOutcome; reason: string; retryAfterMs?: number }
);

class AttemptTimeout extends Error {}

/**
 * The provider's status-enquiry API (spec: enquiry-api.md) over a keep-alive undici pool.
 * Read-only, so network errors, timeouts and 502/503/504 are retried within a time budget.
 * It never throws: every result, including every failure, is an {@link EnquiryOutcome}.
 */
export function createEnquiryClient(options: EnquiryClientOptions): EnquiryClient {
  const base = new URL(options.baseUrl);
  const pathPrefix = base.pathname.replace(/\/+$/, "");
  const pool = refusalAwarePool(base.origin, {
    connections: options.connections,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
  });
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const backoffMs = options.backoffMs ?? 200;
  const now = options.now ?? (() => new Date());
  const { renewal, headers = {} } = options;

  /** The token to send: the current one, or (obtained by the bot) one being obtained, within the attempt's budget. */
  async function tokenToSend(budgetMs: number, signal?: AbortSignal): Promise<string | undefined> {
    const token = options.token();
    if ((token !== undefined && token !== "") || !renewal) return token;
    const waiting = AbortSignal.any([AbortSignal.timeout(budgetMs), ...(signal ? [signal] : [])]);
    return renewal.awaitToken(waiting);
  }

  async function attempt(kind: EnquiryKind, transactionId: string, budgetMs: number, signal?: AbortSignal): Promise<Attempt> {
    const asked = { kind, transactionId, checkedAt: now() };
    if (signal?.aborted) return { done: true, outcome: cancelledOutcome(kind, transactionId, asked.checkedAt) };
    const started = Date.now();
    const token = await tokenToSend(budgetMs, signal);
    if (signal?.aborted) return { done: true, outcome: cancelledOutcome(kind, transactionId, now()) };
    if (token === undefined || token === "") {
      if (!renewal) return { done: true, outcome: { ...asked, type: "unauthorized", httpStatus: undefined } };
      // The bot has no token to send: the payment was not asked about, which is not the provider refusing it.
      const { hint, reason } = renewal.unavailable();
      return { done: true, outcome: { ...asked, checkedAt: now(), type: "upstream_error", httpStatus: undefined, reason, hint } };
    }
    const controller = new AbortController();
    // The wait for a token being obtained came out of the same budget.
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), Math.max(1, budgetMs - (Date.now() - started)));
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", forwardAbort, { once: true });
    let response: Dispatcher.ResponseData | undefined;
    /** The request and its answer read, body included: what the attempt's deadline bounds. */
    const exchange = async (): Promise<Attempt> => {
      response = await pool.request({
        path: enquiryPath(pathPrefix, kind),
        method: "POST",
        headers: { ...headers, authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ transactionID: transactionId }),
        signal: controller.signal,
      });
      const status = response.statusCode;
      const stamp = { ...asked, checkedAt: now() };
      if (status === 401 || status === 403) {
        await response.body.dump();
        return { done: true, outcome: { ...stamp, type: "unauthorized", httpStatus: status }, token };
      }
      if (status === 429) {
        await response.body.dump();
        const retryAfterMs = parseRetryAfter(response.headers["retry-after"], now());
        const outcome: EnquiryOutcome = {
          ...stamp,
          type: "busy",
          retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
        };
        return { done: false, outcome, reason: "HTTP 429", ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
      }
      if (RETRYABLE_STATUS.has(status)) {
        await response.body.dump();
        const reason = `HTTP ${status}`;
        return { done: false, outcome: { ...stamp, type: "upstream_error", httpStatus: status, reason }, reason };
      }
      const body = await readCappedBody(response, maxBytes);
      return { done: true, outcome: interpretAnswer(stamp, status, body), token };
    };
    try {
      return await untilAborted(exchange(), controller.signal);
    } catch (error) {
      const stamp = { ...asked, checkedAt: now() };
      if (controller.signal.reason instanceof AttemptTimeout) {
        return { done: false, outcome: { ...stamp, type: "timeout" }, reason: "timeout" };
      }
      if (error instanceof ResponseTooLargeError) {
        return { done: true, outcome: { ...stamp, type: "invalid_response", reason: error.message } };
      }
      if (signal?.aborted) return { done: true, outcome: cancelledOutcome(kind, transactionId, stamp.checkedAt) };
      // Never sent (a header HTTP does not allow): sending it again would be refused again.
      const refused = refusedRequest(error);
      if (refused !== undefined) return { done: true, outcome: { ...stamp, type: "upstream_error", httpStatus: undefined, reason: refused } };
      const reason = describeNetworkError(error);
      return {
        done: false,
        outcome: { ...stamp, type: "upstream_error", httpStatus: response?.statusCode, reason },
        reason,
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", forwardAbort);
      // A body we did not read (an abort mid-body) must not keep the connection busy.
      if (response && !response.body.destroyed && controller.signal.aborted) response.body.destroy();
    }
  }

  async function enquire(kind: EnquiryKind, transactionId: string, enquiryOptions: EnquiryOptions = {}): Promise<EnquiryOutcome> {
    const { signal } = enquiryOptions;
    const deadline = Date.now() + options.totalTimeoutMs;
    let renewed = false;
    for (let attemptNo = 1; ; attemptNo++) {
      const budget = Math.min(options.timeoutMs, deadline - Date.now());
      const started = performance.now();
      const result = await attempt(kind, transactionId, Math.max(budget, 1), signal);
      options.observer?.onAttempt?.({
        kind,
        attempt: attemptNo,
        durationMs: performance.now() - started,
        outcome: result.outcome.type,
      });
      if (renewal && result.token !== undefined && (result.outcome.type === "found" || result.outcome.type === "not_found")) renewal.accepted(result.token);
      // A refused token is renewed once and the enquiry tried once more with the new one: never more.
      if (result.outcome.type === "unauthorized" && renewal && !renewed && result.token !== undefined && !signal?.aborted) {
        renewed = true;
        if (await withinDeadline(renewal.refused(result.token), deadline, signal)) {
          // The try with the new token is not one of ENQUIRY_RETRIES: those are for the provider's trouble.
          attemptNo--;
          continue;
        }
        return result.outcome;
      }
      if (result.done || attemptNo > options.retries || signal?.aborted) return result.outcome;

      const backoff = backoffMs * 2 ** (attemptNo - 1);
      const delayMs = result.retryAfterMs ?? backoff / 2 + Math.random() * backoff;
      // Waiting longer than the budget allows would only delay the same answer.
      if (Date.now() + delayMs + 1 >= deadline) return result.outcome;
      options.observer?.onRetry?.({ kind, attempt: attemptNo, delayMs, reason: result.reason });
      try {
        await sleep(delayMs, undefined, signal ? { signal } : {});
      } catch {
        // The asker gave up while waiting to retry: the last outcome stands.
        return result.outcome;
      }
    }
  }

  return {
    enquire,
    close: () => pool.close(),
  };
}

/** Whether `renewed` came true before the enquiry's deadline (or its asker gave up). */
async function withinDeadline(renewed: Promise<boolean>, deadline: number, signal: AbortSignal | undefined): Promise<boolean> {
  const giveUp = AbortSignal.any([AbortSignal.timeout(Math.max(1, deadline - Date.now())), ...(signal ? [signal] : [])]);
  return new Promise<boolean>((resolve) => {
    giveUp.addEventListener("abort", () => resolve(false), { once: true });
    renewed.then(resolve, () => resolve(false));
  });
}

/** `Retry-After` is either seconds or an HTTP date. */
export function parseRetryAfter(header: string | string[] | undefined, now: Date): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}

/** A short, log-friendly cause: the error code (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET…) when there is one. */
function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    const label = typeof code === "string" ? code : typeof cause === "string" ? cause : error.name;
    return `network: ${label}`;
  }
  return "network: unknown error";
}
