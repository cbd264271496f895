import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Config } from "../../config/config.ts";
import type { SecretSet } from "../../logger.ts";
import { createEnquiryClient } from "../../payments/enquiry/client.ts";
import { enquiryAddress } from "../../payments/enquiry/enquiry-address.ts";
import { fitsInBearerHeader } from "../../payments/enquiry/http-header.ts";
import { inspectToken, tokenHealth } from "../../payments/service-token/service-token.ts";
import { tokenRequester } from "../../payments/service-token/token-request.ts";
import type { EnquiryKind, EnquiryOutcome } from "../../payments/enquiry/types.ts";
import { clientSecretSpellings } from "../../config/areas/service-token.ts";
import { failed, passed, type CheckResult } from "./check.ts";
import { englishDuration, type Duration } from "./english.ts";
import { tokenLifetime } from "./token-lifetime.ts";

const LABEL = "Service token";

/**
 * The token the bot would send: ENQUIRY_TOKEN, the file's, or one obtained from ENQUIRY_TOKEN_URL
 * (how long it lives); every value is added to the secrets the output is masked with.
 */
export async function checkToken(enquiry: Config["enquiry"], secrets: SecretSet, duration: Duration = englishDuration()): Promise<{ result: CheckResult; token: string | undefined }> {
  const { token } = enquiry;
  if (token.source === "environment") return { result: givenToken("ENQUIRY_TOKEN", token.value, duration), token: token.value };
  if (token.source === "file") {
    let value: string;
    try {
      value = readFileSync(token.path, "utf8").trim();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { result: failed(LABEL, `ENQUIRY_TOKEN_FILE cannot be read (${typeof code === "string" ? code : "unknown error"}): check the path and that the bot's user may read it`), token: undefined };
    }
    secrets.add(value);
    if (value === "") return { result: failed(LABEL, "ENQUIRY_TOKEN_FILE is empty: put the token in it"), token: undefined };
    if (!fitsInBearerHeader(value)) return { result: failed(LABEL, "ENQUIRY_TOKEN_FILE must hold the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)"), token: undefined };
    return { result: givenToken("ENQUIRY_TOKEN_FILE", value, duration), token: value };
  }
  const { credentials } = token;
  let secret: string;
  try {
    secret = credentials.secret.from === "environment" ? credentials.secret.value : readFileSync(credentials.secret.path, "utf8").trim();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { result: failed(LABEL, `ENQUIRY_CLIENT_SECRET_FILE cannot be read (${typeof code === "string" ? code : "unknown error"})`), token: undefined };
  }
  clientSecretSpellings(credentials.clientId, secret).forEach((spelling) => secrets.add(spelling));
  const requester = tokenRequester({ credentials, secret: () => secret, headers: enquiry.headers, timeoutMs: enquiry.timeoutMs });
  try {
    const answer = await requester.request();
    const endpoint = `${credentials.method} ${new URL(credentials.tokenUrl).origin}${new URL(credentials.tokenUrl).pathname}`;
    if (!answer.ok) return { result: failed(LABEL, tokenAdvice(endpoint, answer, credentials)), token: undefined };
    secrets.add(answer.token);
    const lifetime = tokenLifetime(answer, duration);
    return { result: lifetime.ok ? passed(LABEL, `obtained from ${endpoint}: ${lifetime.text}`) : failed(LABEL, `obtained from ${endpoint}, but ${lifetime.text}`), token: answer.token };
  } finally {
    await requester.close();
  }
}

/**
 * Why the token endpoint gave no token, and what to look at: it follows the answer. A 404 or 405
 * is no token endpoint at that address (or not for that method); invalid_client is the
 * credentials, or how they are sent; a timeout or a 5xx is the endpoint itself, or the network.
 */
function tokenAdvice(endpoint: string, failure: { kind: "refused" | "unavailable"; reason: string }, credentials: { method: string; auth: string }): string {
  const http = /^HTTP (\d{3})(?: ([a-z_]+))?/.exec(failure.reason);
  const status = http ? Number(http[1]) : undefined;
  const code = http?.[2];
  const answered = `HTTP ${status ?? "?"}${code ? ` ${code}` : ""}`;
  const otherAuth = credentials.auth === "basic" ? "body sends them in the form instead" : "basic sends them in an Authorization header instead";
  if (status === 404 || status === 405) return `${endpoint} answered HTTP ${status}: no token endpoint there; check ENQUIRY_TOKEN_URL, and ENQUIRY_TOKEN_METHOD (now ${credentials.method})`;
  if (status !== undefined && status >= 300 && status < 400) return `${endpoint} answered HTTP ${status}, a redirect to another address: check ENQUIRY_TOKEN_URL, its https and its exact path`;
  if (code === "invalid_client" || (status === 401 && code === undefined)) {
    return `${endpoint} refused the client's credentials (${answered}): check ENQUIRY_CLIENT_ID, ENQUIRY_CLIENT_SECRET, and ENQUIRY_TOKEN_AUTH (now ${credentials.auth}; ${otherAuth})`;
  }
  if (code === "invalid_scope") return `${endpoint} refused the scope asked for (${answered}): check ENQUIRY_TOKEN_SCOPE`;
  if (code === "unauthorized_client" || code === "unsupported_grant_type") return `${endpoint} gives these credentials no client-credentials token (${answered}): ask the provider which endpoint and grant they may use`;
  if (code === "invalid_request") return `${endpoint} did not take the request as sent (${answered}): check ENQUIRY_TOKEN_METHOD (now ${credentials.method}) and ENQUIRY_TOKEN_AUTH (now ${credentials.auth})`;
  if (status === 403) return `${endpoint} forbade the request (${answered}): check ENQUIRY_HEADERS, a subscription key for instance, and that these credentials may ask for a token`;
  if (failure.kind === "refused") return `${endpoint} refused the request: ${failure.reason}. Check ENQUIRY_CLIENT_ID, ENQUIRY_CLIENT_SECRET, ENQUIRY_TOKEN_AUTH, ENQUIRY_TOKEN_METHOD and ENQUIRY_HEADERS`;
  return `${endpoint} gave no token: ${failure.reason}. Check ENQUIRY_TOKEN_URL and the network, or try again later`;
}

function givenToken(variable: string, value: string, duration: Duration): CheckResult {
  const status = inspectToken(value);
  switch (tokenHealth(status, new Date())) {
    case "expired":
      return failed(LABEL, `${variable} expired on ${status.expiresAt?.toISOString() ?? "?"}: replace it, or let the bot obtain its own (ENQUIRY_TOKEN_URL)`);
    case "not_jwt":
      return passed(LABEL, `${variable} set (not a JWT: its expiry cannot be read)`);
    case "no_expiry":
      return passed(LABEL, `${variable} set (a JWT without an expiry)`);
    case "missing":
      return failed(LABEL, `${variable} is empty`);
    case "ok":
    case "expires_soon":
      return passed(LABEL, `${variable} set, expires ${status.expiresAt?.toISOString() ?? "?"} (in ${duration((status.expiresAt?.getTime() ?? 0) - Date.now())})`);
  }
}

/**
 * One enquiry of the kind for a made-up ID: the API's own answer (found or not found) shows the
 * address, the token and the headers right; anything else says what to look at.
 */
export async function checkEnquiry(enquiry: Config["enquiry"], kind: EnquiryKind, token: string | undefined): Promise<CheckResult> {
  const label = kind === "collection" ? "Collection enquiry" : "Airtime enquiry";
  const address = `POST ${enquiryAddress(enquiry.baseUrl, kind)}`;
  if (token === undefined) return failed(label, "not tried: there is no service token to send (see above)");
  const client = createEnquiryClient({ baseUrl: enquiry.baseUrl, token: () => token, headers: enquiry.headers, timeoutMs: enquiry.timeoutMs, totalTimeoutMs: enquiry.timeoutMs, retries: 0, connections: 1 });
  const id = `DOCTOR-${randomBytes(4).toString("hex").toUpperCase()}`;
  try {
    const outcome = await client.enquire(kind, id);
    return judge(label, address, id, outcome, enquiry.timeoutMs);
  } finally {
    await client.close();
  }
}

function judge(label: string, address: string, id: string, outcome: EnquiryOutcome, timeoutMs: number): CheckResult {
  switch (outcome.type) {
    case "not_found":
      return passed(label, `${address} answered as the API does (${id}: not found, as a made-up ID should be)`);
    case "found":
      return passed(label, `${address} answered as the API does (${id}: ${outcome.transaction.status})`);
    case "unauthorized":
      return failed(label, `${address} refused the token (HTTP ${outcome.httpStatus ?? "?"}): check the token, and ENQUIRY_HEADERS (a subscription key, a target environment)`);
    case "timeout":
      return failed(label, `${address} did not answer within ${timeoutMs} ms: check ENQUIRY_BASE_URL and the network (or ENQUIRY_TIMEOUT_MS)`);
    case "busy":
      return failed(label, `${address} answered HTTP 429 (busy): try again in a minute`);
    case "invalid_response":
      return failed(label, `${address} answered something that is not the enquiry API's answer: ${outcome.reason}. The address looks wrong: check ENQUIRY_BASE_URL`);
    case "upstream_error":
      if (outcome.hint === "wrong_address") {
        return failed(label, `the address looks wrong: ${address} answered ${outcome.reason.replace(/^HTTP (\d+) with a page that is not the API's \((.+)\)$/, "HTTP $1 with a web page ($2), not the API")}; check ENQUIRY_BASE_URL (the bot adds /api/v1/…/enquiry itself)`);
      }
      if (outcome.httpStatus === undefined) return failed(label, `${address} cannot be reached (${outcome.reason.replace(/^network: /, "")}): check ENQUIRY_BASE_URL and the network`);
      return failed(label, `${address} answered HTTP ${outcome.httpStatus}: the service is in trouble, or wants something else (ENQUIRY_HEADERS?)`);
  }
}
