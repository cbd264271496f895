import { z } from "zod";
import { enquiryBase } from "../../payments/enquiry/enquiry-address.ts";
import { badHeaderCharacter, isHeaderName } from "../../payments/enquiry/http-header.ts";
import { decodeJson } from "../../util/decode-json.ts";
import type { TokenSource } from "./service-token.ts";
import { httpUrl, integer, optional, required, withDefault, type Environment } from "../values.ts";

/** The provider's enquiry API: where it is, what goes with every request, and how long the bot waits. */
export interface EnquirySettings {
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
}

/** Headers the bot sets itself: ENQUIRY_HEADERS may not replace them. */
const OWN_HEADERS = new Set(["authorization", "content-type", "content-length", "host", "accept", "connection", "transfer-encoding"]);
/** Headers of the connection, not of a request: the HTTP client refuses to send some of them (Expect, Keep-Alive, Upgrade). */
const CONNECTION_HEADERS = new Set(["expect", "keep-alive", "upgrade", "te", "proxy-connection"]);

/** ENQUIRY_HEADERS: a JSON object of header names to string values. Its values are secrets: never quoted back. */
const headerObject = z.string().transform((value, ctx) => {
  const parsed = decodeJson(z.record(z.string(), z.unknown()), value);
  if (parsed === undefined) {
    // Not JSON, or not an object: the problem says what is wanted, without the value.
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

export const enquiryVariables = z.object({
  ENQUIRY_BASE_URL: required(httpUrl),
  ENQUIRY_HEADERS: optional(headerObject),
  ENQUIRY_TIMEOUT_MS: withDefault(integer(100, 120_000), 10_000),
  ENQUIRY_TOTAL_TIMEOUT_MS: optional(integer(100, 300_000)),
  ENQUIRY_RETRIES: withDefault(integer(0, 5), 2),
  ENQUIRY_CONNECTIONS: withDefault(integer(1, 1024), 128),
  CACHE_TTL_SECONDS: withDefault(integer(0, 3600), 30),
});

export function enquiryProblems(env: Environment): string[] {
  const timeout = Number(env.ENQUIRY_TIMEOUT_MS?.trim() || 10_000);
  const total = Number(env.ENQUIRY_TOTAL_TIMEOUT_MS?.trim() || Infinity);
  return total < timeout ? ["ENQUIRY_TOTAL_TIMEOUT_MS must not be shorter than ENQUIRY_TIMEOUT_MS"] : [];
}

export function enquirySettings(env: z.output<typeof enquiryVariables>, token: TokenSource): EnquirySettings {
  const { base, leftOut } = enquiryBase(env.ENQUIRY_BASE_URL);
  return {
    baseUrl: base,
    baseUrlLeftOut: leftOut,
    token,
    headers: env.ENQUIRY_HEADERS ?? {},
    timeoutMs: env.ENQUIRY_TIMEOUT_MS,
    // Room for one full retry after a timeout by default, so a stalled service is answered in bounded time.
    totalTimeoutMs: env.ENQUIRY_TOTAL_TIMEOUT_MS ?? Math.round(env.ENQUIRY_TIMEOUT_MS * 2.5),
    retries: env.ENQUIRY_RETRIES,
    connections: env.ENQUIRY_CONNECTIONS,
  };
}

/** A header that carries a credential by its name (a subscription key, a signature, a session). */
export const CREDENTIAL_HEADER = /key|token|secret|auth|sign|pass|credential|session|cookie/i;
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
