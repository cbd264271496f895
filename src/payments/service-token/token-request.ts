import { z } from "zod";
import { decodeJson } from "../../util/decode-json.ts";
import { fitsInBearerHeader } from "../enquiry/http-header.ts";
import { refusalAwarePool, refusedRequest, untilAborted } from "../enquiry/http-pool.ts";
import { readCappedBody, ResponseTooLargeError } from "../enquiry/read-body.ts";
import { inspectToken } from "./service-token.ts";
import { countedExpiry, SHORTEST_LIFETIME_MS } from "./token-schedule.ts";

/**
 * How the bot asks the provider for its service token: OAuth 2.0 client credentials (RFC 6749
 * §4.4), as MTN MoMo (`POST …/token/`, Basic auth), M-Pesa Daraja (`GET …?grant_type=client_credentials`,
 * Basic auth) and Airtel Money do it.
 */
export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  /** ENQUIRY_CLIENT_SECRET, or a file holding it (ENQUIRY_CLIENT_SECRET_FILE), read at each request. */
  secret: { from: "environment"; value: string } | { from: "file"; path: string };
  /** `basic`: HTTP Basic of id:secret; `body`: client_id and client_secret in the form body. */
  auth: "basic" | "body";
  /** `POST`: form body grant_type=client_credentials; `GET`: ?grant_type=client_credentials. */
  method: "POST" | "GET";
  scope: string | undefined;
}

export interface ObtainedToken {
  token: string;
  /** When the request was sent: its lifetime counts from then, so that a slow answer never makes it look longer. */
  obtainedAt: Date;
  /** From `expires_in`, or else the JWT's `exp`; undefined when neither says (kept until the provider refuses it), or says more than a year. */
  expiresAt: Date | undefined;
  /** When the lifetime the provider stated was not taken as said (under 30 s, past a year, not a number): what it said, and what it counts for. */
  lifetimeNote?: string | undefined;
}

/**
 * Why no token came. `refused`: the provider said no to this request as configured (wrong
 * credentials, a wrong address, a request it does not accept): asking again at once would only be
 * refused again. `unavailable`: it could not answer now (5xx, 429, a timeout, a garbled answer).
 */
export interface TokenFailure {
  kind: "refused" | "unavailable";
  /** For operators: a status, an OAuth error code, a network error code. Never a body or a secret. */
  reason: string;
}

export type TokenAnswer = ({ ok: true } & ObtainedToken) | ({ ok: false } & TokenFailure);

const MAX_ANSWER_BYTES = 64 * 1024;

/** Reads the token endpoint's answer (pure); a lifetime under `shortestLifetimeMs` (30 s; tests shorten it) counts as that. */
export function readTokenAnswer(status: number, body: string, sentAt: Date, shortestLifetimeMs = SHORTEST_LIFETIME_MS): TokenAnswer {
  const json = decodeJson(z.unknown(), body);
  if (status === 404 || status === 405) return { ok: false, kind: "refused", reason: `HTTP ${status}: no token endpoint there (check ENQUIRY_TOKEN_URL and ENQUIRY_TOKEN_METHOD)` };
  // Redirects are not followed (a client secret is not sent on to another address): the address is
  // wrong (http for https, a missing slash), which asking again will not mend.
  if (status >= 300 && status < 400) return { ok: false, kind: "refused", reason: `HTTP ${status}: the token endpoint redirects elsewhere (check ENQUIRY_TOKEN_URL)` };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const code = errorCode(json);
    return { ok: false, kind: "refused", reason: `HTTP ${status}${code ? ` ${code}` : ""}` };
  }
  if (status < 200 || status >= 300) return { ok: false, kind: "unavailable", reason: `HTTP ${status}` };
  const token = typeof json === "object" && json !== null ? (json as { access_token?: unknown }).access_token : undefined;
  if (typeof token !== "string" || token.trim() === "") {
    return { ok: false, kind: "unavailable", reason: json === undefined ? "the answer is not JSON" : "the answer holds no access_token" };
  }
  // A token that cannot be sent is as good as none (and undici would refuse every enquiry carrying it).
  if (!fitsInBearerHeader(token.trim())) return { ok: false, kind: "unavailable", reason: "the answer's access_token cannot be sent in an HTTP header" };
  const { expiresAt, note } = expiryOf(token.trim(), (json as { expires_in?: unknown }).expires_in, sentAt, shortestLifetimeMs);
  return { ok: true, token: token.trim(), obtainedAt: sentAt, expiresAt, lifetimeNote: note };
}

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i;

/** What the bot says when it counts a stated lifetime otherwise: too long (no expiry), or too short (30 s). */
type LifetimeNotes = Record<"none" | "raised", string>;

/**
 * When the token is counted as expiring, from `expires_in` in seconds (a number, or a numeric
 * string as Daraja sends it), else from the JWT's `exp`; under 30 s counts as 30 s, past a year
 * as no expiry (see token-schedule.ts). `note` says when what the provider said was not taken as said.
 */
function expiryOf(token: string, expiresIn: unknown, sentAt: Date, shortestMs: number): { expiresAt: Date | undefined; note: string | undefined } {
  const at = sentAt.getTime();
  let note: string | undefined;
  if (expiresIn !== undefined && expiresIn !== null) {
    const seconds = typeof expiresIn === "number" ? expiresIn : typeof expiresIn === "string" && NUMERIC.test(expiresIn) ? Number(expiresIn) : Number.NaN;
    if (!Number.isFinite(seconds)) note = "expires_in is not a number of seconds: left aside";
    else if (seconds <= 0) note = `expires_in says ${seconds} s: left aside`;
    else {
      return counted(at, seconds * 1000, shortestMs, {
        none: `expires_in says ${seconds} s, more than a year: counted as no expiry`,
        raised: `expires_in says ${seconds} s, under 30 s: counted as 30 s`,
      });
    }
  }
  const exp = inspectToken(token).expiresAt;
  // An `exp` already past (clocks apart) says nothing usable: the token is kept until refused.
  if (exp === undefined || exp.getTime() <= at) return { expiresAt: undefined, note };
  const fromExp = counted(at, exp.getTime() - at, shortestMs, {
    none: "the token's exp is more than a year away: counted as no expiry",
    raised: "the token's exp is under 30 s away: counted as 30 s",
  });
  return { expiresAt: fromExp.expiresAt, note: fromExp.note ?? note };
}

function counted(at: number, lifetimeMs: number, shortestMs: number, notes: LifetimeNotes): { expiresAt: Date | undefined; note: string | undefined } {
  const expiresAt = countedExpiry(at, lifetimeMs, shortestMs);
  if (expiresAt === undefined) return { expiresAt: undefined, note: notes.none };
  return { expiresAt: new Date(expiresAt), note: lifetimeMs < shortestMs ? notes.raised : undefined };
}

/** OAuth's `error` (invalid_client…) or Daraja's `errorCode`, when it is a plain code: never free text. */
function errorCode(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const { error, errorCode: code } = json as { error?: unknown; errorCode?: unknown };
  const candidate = typeof error === "string" ? error : typeof code === "string" ? code : undefined;
  return candidate !== undefined && /^[A-Za-z0-9_.-]{1,40}$/.test(candidate) ? candidate : undefined;
}



export interface TokenRequesterOptions {
  credentials: ClientCredentials;
  /** The client secret now (re-read from its file each time); throws with an operator's message when it cannot be had. */
  secret: () => string;
  /** ENQUIRY_HEADERS: sent with every token request too. */
  headers?: Readonly<Record<string, string>>;
  timeoutMs: number;
  now?: () => Date;
  /** A stated lifetime under this counts as this: 30 s (tests that watch renewals in real time shorten it). */
  shortestLifetimeMs?: number;
}

export interface TokenRequester {
  /** One request to the token endpoint. Never throws: every failure is a TokenFailure. */
  request(): Promise<TokenAnswer>;
  close(): Promise<void>;
}

class RequestTimeout extends Error {}

/** The HTTP side: one keep-alive connection to the token endpoint, asked about once per token lifetime. */
export function tokenRequester({ credentials, secret, headers = {}, timeoutMs, now = () => new Date(), shortestLifetimeMs = SHORTEST_LIFETIME_MS }: TokenRequesterOptions): TokenRequester {
  const url = new URL(credentials.tokenUrl);
  const pool = refusalAwarePool(url.origin, { connections: 1, keepAliveTimeout: 10_000 });

  const build = (secretValue: string) => {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (credentials.scope !== undefined) form.set("scope", credentials.scope);
    if (credentials.auth === "body") {
      form.set("client_id", credentials.clientId);
      form.set("client_secret", secretValue);
    }
    const requestHeaders: Record<string, string> = { ...headers, accept: "application/json" };
    if (credentials.auth === "basic") requestHeaders.authorization = basicAuthorization(credentials.clientId, secretValue);
    if (credentials.method === "GET") {
      const query = new URLSearchParams(url.search);
      for (const [name, value] of form) query.set(name, value);
      return { path: `${url.pathname}?${query.toString()}`, method: "GET" as const, headers: requestHeaders };
    }
    requestHeaders["content-type"] = "application/x-www-form-urlencoded";
    return { path: `${url.pathname}${url.search}`, method: "POST" as const, headers: requestHeaders, body: form.toString() };
  };

  async function request(): Promise<TokenAnswer> {
    let secretValue: string;
    try {
      secretValue = secret();
    } catch (error) {
      return { ok: false, kind: "refused", reason: error instanceof Error ? error.message : "the client secret cannot be read" };
    }
    const sentAt = now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new RequestTimeout()), timeoutMs);
    const exchange = async () => {
      const response = await pool.request({ ...build(secretValue), signal: controller.signal });
      const body = await readCappedBody(response, MAX_ANSWER_BYTES);
      return readTokenAnswer(response.statusCode, body, sentAt, shortestLifetimeMs);
    };
    try {
      // The deadline holds whatever undici does (it does not hear the signal while connecting).
      return await untilAborted(exchange(), controller.signal);
    } catch (error) {
      if (controller.signal.reason instanceof RequestTimeout) return { ok: false, kind: "unavailable", reason: `no answer within ${timeoutMs} ms` };
      if (error instanceof ResponseTooLargeError) return { ok: false, kind: "unavailable", reason: "the answer is too large" };
      // Never sent (a header HTTP does not allow): asking again would be refused again.
      const refused = refusedRequest(error);
      if (refused !== undefined) return { ok: false, kind: "refused", reason: refused };
      return { ok: false, kind: "unavailable", reason: `network: ${networkCode(error)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  return { request, close: () => pool.close() };
}

/** `Basic base64(id:secret)`, as the providers expect it (and as the logs must mask it). */
export function basicAuthorization(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`, "utf8").toString("base64")}`;
}

function networkCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === "string" ? code : typeof cause === "string" ? cause : error instanceof Error ? error.name : "unknown error";
}
