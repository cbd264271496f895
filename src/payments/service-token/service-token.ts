import { createHash } from "node:crypto";
import { readFileSync, unwatchFile, watchFile } from "node:fs";
import { z } from "zod";
import { decodeJson } from "../../util/decode-json.ts";
import { fitsInBearerHeader } from "../enquiry/http-header.ts";

/** What is known about the current service token, without ever exposing it. */
export interface TokenStatus {
  present: boolean;
  /** From the JWT `exp` claim (read, not verified); undefined when absent or not a JWT. */
  expiresAt: Date | undefined;
  jwtShaped: boolean;
}

export type TokenHealth = "ok" | "not_jwt" | "no_expiry" | "expires_soon" | "expired" | "missing";

export const EXPIRY_WARNING_MS = 24 * 60 * 60 * 1000;
/** The furthest a Date reaches (ECMAScript's ±8.64e15 ms): beyond it, `new Date` is invalid and `toISOString` throws. */
const LATEST_DATE_MS = 8.64e15;

/** Where the token comes from cannot give one (its file cannot be read, or holds none fit to send): a sentence for the operator, holding no secret. */
export class ServiceTokenError extends Error {
  override name = "ServiceTokenError";
}

export interface ServiceToken {
  /** The token to send now: the last one read successfully. */
  current(): string | undefined;
  status(): TokenStatus;
  close(): void;
}

export interface TokenEvents {
  /** A new token was read (also called once at start). */
  onLoaded?(status: TokenStatus, token: string): void;
  /** The file could not be read, or was empty; the last good token stays in use. */
  onReadFailed?(error: string): void;
}

/**
 * Reads the `exp` claim of a JWT-shaped token. The signature is not checked: the bot only wants
 * to warn before the provider starts rejecting it.
 */
export function inspectToken(token: string | undefined): TokenStatus {
  if (!token) return { present: false, expiresAt: undefined, jwtShaped: false };
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+={0,2}$/.test(part))) {
    return { present: true, expiresAt: undefined, jwtShaped: false };
  }
  const claims = decodeJson(claimsSchema, Buffer.from(parts[1] ?? "", "base64url").toString("utf8"));
  // A payload that is not a JSON object of claims: not a JWT, so its expiry cannot be read.
  if (claims === undefined) return { present: true, expiresAt: undefined, jwtShaped: false };
  // An `exp` past the dates a Date can hold (1e20) is as good as none: never an Invalid Date.
  const exp = typeof claims.exp === "number" && Math.abs(claims.exp * 1000) <= LATEST_DATE_MS ? new Date(claims.exp * 1000) : undefined;
  return { present: true, expiresAt: exp, jwtShaped: true };
}

/** A JWT's payload is an object of claims (RFC 7519); only `exp` is read. */
const claimsSchema = z.object({ exp: z.unknown().optional() });

export function tokenHealth(status: TokenStatus, now: Date): TokenHealth {
  if (!status.present) return "missing";
  if (!status.jwtShaped) return "not_jwt";
  if (!status.expiresAt) return "no_expiry";
  const left = status.expiresAt.getTime() - now.getTime();
  if (left <= 0) return "expired";
  return left <= EXPIRY_WARNING_MS ? "expires_soon" : "ok";
}

/** A token given directly (ENQUIRY_TOKEN). */
export function staticToken(token: string, events: TokenEvents = {}): ServiceToken {
  const status = inspectToken(token);
  events.onLoaded?.(status, token);
  return { current: () => token, status: () => status, close: () => undefined };
}

/**
 * A token kept in a file (ENQUIRY_TOKEN_FILE), re-read whenever the file changes, so it can be
 * rotated without a restart (a mounted secret, a sidecar refreshing it). The file is polled
 * rather than watched with inotify, which misses the atomic renames secret mounts use.
 */
export function fileToken(path: string, events: TokenEvents = {}, pollIntervalMs = 1_000): ServiceToken {
  let token = readToken(path);
  let status = inspectToken(token);
  events.onLoaded?.(status, token);

  const reload = () => {
    let next: string;
    try {
      next = readToken(path);
    } catch (error) {
      events.onReadFailed?.(error instanceof Error ? error.message.replace(`ENQUIRY_TOKEN_FILE ${path} `, "ENQUIRY_TOKEN_FILE ") : "unreadable");
      return;
    }
    if (next === token) return;
    token = next;
    status = inspectToken(token);
    events.onLoaded?.(status, token);
  };
  watchFile(path, { interval: pollIntervalMs, persistent: false }, reload);
  // The watcher's first look is asynchronous; a change made before it would go unnoticed.
  const catchUp = setTimeout(reload, pollIntervalMs).unref();
  return {
    current: () => token,
    status: () => status,
    close: () => {
      clearTimeout(catchUp);
      unwatchFile(path, reload);
    },
  };
}

function readToken(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ServiceTokenError(`ENQUIRY_TOKEN_FILE ${path} cannot be read (${typeof code === "string" ? code : "unknown error"})`, { cause: error });
  }
  const token = text.trim();
  if (token === "") throw new ServiceTokenError(`ENQUIRY_TOKEN_FILE ${path} is empty`);
  // Never quoted: what is wrong is said, not where in the token.
  if (!fitsInBearerHeader(token)) throw new ServiceTokenError(`ENQUIRY_TOKEN_FILE ${path} must hold the token alone, on one line, in printable ASCII without spaces (it is sent in an HTTP header)`);
  return token;
}

/** A log-ready verdict on a token's health: what an operator should know, at what level. */
export function describeTokenHealth(status: TokenStatus, now: Date): { level: "info" | "warn" | "error"; message: string } {
  switch (tokenHealth(status, now)) {
    case "ok":
      return { level: "info", message: "service token loaded" };
    case "no_expiry":
      return { level: "info", message: "service token loaded (no expiry claim)" };
    case "not_jwt":
      return { level: "warn", message: "service token is not JWT-shaped; its expiry cannot be checked" };
    case "expires_soon":
      return { level: "warn", message: "service token expires within 24 hours: rotate it" };
    case "expired":
      return { level: "error", message: "service token has expired: the provider will reject enquiries" };
    case "missing":
      return { level: "error", message: "no service token" };
  }
}

/** A fingerprint of a token, so that not even the state store or the logs hold the token itself. */
export function tokenFingerprint(token: string | undefined): string {
  return createHash("sha256").update(token ?? "").digest("hex").slice(0, 16);
}

/** The current token's fingerprint, hashed again only when the token changes: it is asked for on every enquiry. */
export function currentFingerprint(currentToken: () => string | undefined): () => string {
  let token: string | undefined;
  let fingerprint = tokenFingerprint(undefined);
  return () => {
    const now = currentToken();
    if (now !== token) {
      token = now;
      fingerprint = tokenFingerprint(now);
    }
    return fingerprint;
  };
}
