import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { KeyValueStore, Leases } from "../../state/ports.ts";
import { decodeJson } from "../../util/decode-json.ts";
import type { TokenRenewal } from "../enquiry/client.ts";
import { fitsInBearerHeader } from "../enquiry/http-header.ts";
import { inspectToken, type ServiceToken, type TokenStatus } from "./service-token.ts";
import type { TokenFailure, TokenRequester } from "./token-request.ts";
import { countedExpiry, isUsable, renewAt, retryDelay, usableUntil, type TokenLife } from "./token-schedule.ts";

/** Where the service token comes from and how it is, for /readyz and the admins' /health. Never the token. */
export interface TokenReport {
  source: "environment" | "file" | "client_credentials";
  /** When the current token was obtained (client credentials); undefined otherwise. */
  obtainedAt: Date | undefined;
  expiresAt: Date | undefined;
  /** Whether there is a token to send now. */
  usable: boolean;
  /** Why no new token came, and since when; until one does. */
  problem: { kind: TokenFailure["kind"]; reason: string; since: Date } | undefined;
}

/** What the admins are told, once each way across every instance. */
export type TokenAlert = { type: "refused"; reason: string } | { type: "obtained-again" };

export interface ClientCredentialsTokenOptions {
  requester: Pick<TokenRequester, "request">;
  kv: KeyValueStore;
  leases: Leases;
  /**
   * Names these credentials in the store (a fingerprint of the token URL, client ID and secret,
   * never the secret): instances with the same ones share one token and one record of their
   * refusal; instances with others (a stale secret) share nothing with them. Read at each use: a
   * client secret file rewritten names other credentials.
   */
  credentialsKey: () => string;
  instanceId: string;
  events?: {
    /** A token came: from the token endpoint, or from the store (another instance obtained it). */
    onToken?(token: string, life: { obtainedAt: Date; expiresAt: Date | undefined; shared: boolean; lifetimeNote?: string | undefined }): void;
    onFailure?(failure: TokenFailure, retryInMs: number): void;
  };
  now?: () => number;
  /** How long credentials refused wait before the next request (a minute; tests shorten it). */
  refusedRetryMs?: number;
  /** How long an instance waits for another one's request before it looks again. */
  waitForOthersMs?: number;
}

export interface ClientCredentialsToken extends ServiceToken, TokenRenewal {
  /** Takes the shared token, or obtains one; resolves once there is one, or the first attempt failed. */
  start(): Promise<void>;
  report(): TokenReport;
  onAlert(listener: (alert: TokenAlert) => void): void;
}

interface HeldToken extends TokenLife {
  token: string;
}

/** The token as shared in the store; an expiry that is not a number is none. */
const sharedTokenSchema = z.object({
  // One an older version took from a garbled answer (a line break inside) could not be sent: asked for again.
  token: z.string().refine(fitsInBearerHeader),
  obtainedAt: z.number(),
  expiresAt: z.number().optional().catch(undefined),
});

/** The last failure to obtain one, as the instance that asked recorded it. */
const sharedProblemSchema = z.object({
  kind: z.enum(["refused", "unavailable"]),
  reason: z.string(),
  since: z.number().optional().catch(undefined),
  retryAt: z.number(),
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** A token without a known end is shared this long (renewed sooner when refused). */
const NO_EXPIRY_SHARE_MS = 30 * DAY_MS;
/**
 * A token obtained to replace a refused one, and refused in turn this soon after it came (never
 * accepted meanwhile), points at the credentials' rights or the headers, not at the token: no
 * renewal then until a backoff is over.
 */
const REFUSED_AT_ONCE_MS = 60_000;
/** The renewal lease outlives one request, so that a dead instance never blocks the others for long. */
const LEASE_MS = 30_000;
const LOOK_AGAIN_MS = 100;
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The service token obtained by OAuth 2.0 client credentials and renewed before it expires. Every
 * instance sharing the state store shares one token (kept there until it stops being usable), and
 * only one of them asks for the next one at a time (a lease): N instances make one request per
 * token lifetime. A token the provider refuses is renewed once, by whichever instance sees it
 * first; the credentials refused are asked about again once a minute, and the admins are told once.
 */
export function clientCredentialsToken(options: ClientCredentialsTokenOptions): ClientCredentialsToken {
  const { requester, kv, leases, credentialsKey, instanceId, events = {}, now = Date.now, refusedRetryMs, waitForOthersMs = 12_000 } = options;
  const keys = {
    get token() {
      return `service-token:${credentialsKey()}`;
    },
    get lease() {
      return `service-token-renewal:${credentialsKey()}`;
    },
    get problem() {
      return `service-token-problem:${credentialsKey()}`;
    },
    get refused() {
      return `service-token-refused:${credentialsKey()}`;
    },
    recovered: (episode: string) => `service-token-recovered:${credentialsKey()}:${episode}`,
  };
  const listeners: ((alert: TokenAlert) => void)[] = [];
  let held: HeldToken | undefined;
  /** A token the provider refused, no longer sent once a renewal for it has begun. */
  let rejected: string | undefined;
  /** The last token the provider accepted (an enquiry answered with it). */
  let proven: string | undefined;
  /** The token a renewal brought to replace a refused one. */
  let replacement: string | undefined;
  /** A replacement refused at once: no renewal for a refusal before then. */
  let refusalBackoffUntil = 0;
  /** The replacement that cost that backoff: once it is over, its next refusal renews again. */
  let backedOff: string | undefined;
  let problem: TokenReport["problem"];
  /** Failures in a row, for the backoff: reset once a token is used, not merely obtained (a token that cannot be used is no recovery). */
  let failures = 0;
  /** When the next attempt goes after a failure; none before then. */
  let retryAt: number | undefined;
  let renewing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const sendable = (token: HeldToken | undefined): token is HeldToken => token !== undefined && token.token !== rejected && isUsable(token, now());
  const due = (token: HeldToken) => {
    const at = renewAt(token);
    return at !== undefined && at <= now();
  };
  const current = () => (sendable(held) ? held.token : undefined);

  function schedule(at: number | undefined): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (at === undefined || closed) return;
    const wait = Math.max(0, at - now());
    timer = setTimeout(() => {
      // A wait longer than a timer allows comes back early: it is only set again.
      if (now() < at) schedule(at);
      else void renew();
    }, Math.min(wait, LONGEST_TIMER_MS));
    timer.unref();
  }

  function adopt(token: HeldToken, shared: boolean, lifetimeNote?: string): void {
    held = token;
    problem = undefined;
    retryAt = undefined;
    events.onToken?.(token.token, { obtainedAt: new Date(token.obtainedAt), expiresAt: token.expiresAt === undefined ? undefined : new Date(token.expiresAt), shared, lifetimeNote });
    schedule(renewAt(token));
  }

  /** The token another instance shared; written by something else, a token nobody can read is asked for again. */
  async function readShared(): Promise<HeldToken | undefined> {
    const value = decodeJson(sharedTokenSchema, await kv.get(keys.token).catch(() => undefined));
    if (value === undefined) return undefined;
    // An older version may have stored a lifetime of 1e13 s: no date at all (one too short is simply not sendable).
    const expiresAt = value.expiresAt === undefined ? undefined : countedExpiry(value.obtainedAt, value.expiresAt - value.obtainedAt, 0);
    return { token: value.token, obtainedAt: value.obtainedAt, expiresAt };
  }

  /** The store's token, when it is one to send and better than the one held. */
  async function takeShared(): Promise<boolean> {
    const shared = await readShared();
    if (!shared || !sendable(shared)) return false;
    if (sendable(held) && shared.obtainedAt <= held.obtainedAt) return false;
    adopt(shared, true);
    return true;
  }

  const fresh = () => sendable(held) && !due(held);

  async function obtained(token: HeldToken, lifetimeNote: string | undefined): Promise<void> {
    // The provider stands by the token it refused (a gateway that caches tokens): it is sent again.
    // Obtained just now, it is young: refused again soon, it is not renewed at once (no loop).
    if (token.token === rejected) rejected = undefined;
    adopt(token, false, lifetimeNote);
    const until = usableUntil(token);
    const ttl = until === undefined ? NO_EXPIRY_SHARE_MS : until - now();
    // The store away: this instance has its token; the others ask for their own.
    if (ttl > 0) await kv.set(keys.token, JSON.stringify(token), ttl).catch(() => undefined);
    await kv.delete(keys.problem).catch(() => undefined);
    const episode = await kv.get(keys.refused).catch(() => undefined);
    if (episode === undefined) return;
    const firstToSay = await kv.setIfAbsent(keys.recovered(episode), "1", 30 * DAY_MS).catch(() => false);
    await kv.delete(keys.refused).catch(() => undefined);
    if (firstToSay) emit({ type: "obtained-again" });
  }

  async function failed(failure: TokenFailure): Promise<void> {
    failures++;
    const delay = retryDelay(failure.kind, failures, refusedRetryMs);
    noteProblem(failure, now() + delay);
    events.onFailure?.(failure, delay);
    const record = { kind: failure.kind, reason: failure.reason, since: problem?.since.getTime(), retryAt };
    await kv.set(keys.problem, JSON.stringify(record), delay + LEASE_MS).catch(() => undefined);
    // Held until the next attempt is due: no other instance asks meanwhile.
    await leases.acquire(keys.lease, instanceId, delay).catch(() => undefined);
    if (failure.kind === "refused" && (await kv.setIfAbsent(keys.refused, randomBytes(6).toString("hex"), 30 * DAY_MS).catch(() => false))) {
      emit({ type: "refused", reason: failure.reason });
    }
  }

  function noteProblem(failure: TokenFailure, nextAt: number, since?: number): void {
    problem = { kind: failure.kind, reason: failure.reason, since: problem?.since ?? new Date(since ?? now()) };
    retryAt = nextAt;
    schedule(nextAt);
  }

  /** The failure the instance that asked last recorded, with when the next attempt is due. */
  async function readProblem(): Promise<(TokenFailure & { since: number | undefined; retryAt: number }) | undefined> {
    // Written by something else: as if no failure were known.
    const value = decodeJson(sharedProblemSchema, await kv.get(keys.problem).catch(() => undefined));
    if (value === undefined) return undefined;
    const { kind, reason, since, retryAt: nextAt } = value;
    // A date another instance wrote is taken only when it is one (never an Invalid Date in a report).
    return { kind, reason, since: since !== undefined && Number.isFinite(new Date(since).getTime()) ? since : undefined, retryAt: nextAt };
  }

  /** Another instance is asking: its token is waited for, or its failure learnt. */
  async function waitForOthers(): Promise<void> {
    const until = now() + waitForOthersMs;
    while (!closed && now() < until) {
      if (await takeShared()) return;
      const shared = await readProblem();
      if (shared && shared.retryAt > now()) {
        noteProblem(shared, shared.retryAt, shared.since);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
    // Nothing came: look again soon, asking ourselves if the lease is free by then.
    schedule(now() + LOOK_AGAIN_MS * 10);
  }

  async function attempt(): Promise<void> {
    await takeShared();
    if (fresh()) return;
    // With the store away, the lease cannot be asked for: this instance asks on its own.
    const leased = await leases.acquire(keys.lease, instanceId, LEASE_MS).catch(() => true);
    if (!leased) return waitForOthers();
    let release = true;
    try {
      // Another instance may have renewed between the first look and the lease.
      if ((await takeShared()) && fresh()) return;
      const answer = await requester.request();
      if (closed) return;
      const token = answer.ok ? { token: answer.token, obtainedAt: answer.obtainedAt.getTime(), expiresAt: answer.expiresAt?.getTime() } : undefined;
      if (token && isUsable(token, now())) {
        await obtained(token, answer.ok ? answer.lifetimeNote : undefined);
        return;
      }
      release = false;
      // A token that cannot be sent any more (its answer came too late) is no token: asked again after a backoff, never at once.
      if (answer.ok) return await failed({ kind: "unavailable", reason: "the token came with no time left to send it" });
      await failed(answer);
    } finally {
      if (release) await leases.release(keys.lease, instanceId).catch(() => undefined);
    }
  }

  function renew(): Promise<void> {
    if (closed) return Promise.resolve();
    renewing ??= attempt().finally(() => {
      renewing = undefined;
    });
    return renewing;
  }

  function emit(alert: TokenAlert): void {
    listeners.forEach((listener) => listener(alert));
  }

  const until = (promise: Promise<void>, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
      void promise.then(resolve, resolve);
    });

  return {
    current,
    status(): TokenStatus {
      const token = current();
      return { present: token !== undefined, expiresAt: held?.expiresAt === undefined ? undefined : new Date(held.expiresAt), jwtShaped: inspectToken(token).jwtShaped };
    },
    report: () => ({
      source: "client_credentials",
      obtainedAt: held ? new Date(held.obtainedAt) : undefined,
      expiresAt: held?.expiresAt === undefined ? undefined : new Date(held.expiresAt),
      usable: current() !== undefined,
      problem,
    }),
    start: () => renew(),
    async awaitToken(signal) {
      const token = current();
      if (token !== undefined || closed) return token;
      // Waiting for an attempt that is not due yet would only delay the same answer.
      if (!renewing && retryAt !== undefined && retryAt > now()) return undefined;
      await until(renew(), signal);
      return current();
    },
    async refused(token) {
      if (held?.token !== token) return current() !== undefined;
      if (now() < refusalBackoffUntil) return false;
      // Obtained to replace a refused token, refused as soon as it came: the credentials' rights or
      // the headers are at fault, not the token. No renewal until the backoff is over (the enquiry
      // answers "rejected", and the admins are told as for any rejection).
      if (token === replacement && token !== proven && token !== backedOff && now() - held.obtainedAt < REFUSED_AT_ONCE_MS) {
        failures++;
        backedOff = token;
        refusalBackoffUntil = now() + retryDelay("refused", failures, refusedRetryMs);
        return false;
      }
      // The first refusal of any token, whatever its age (revoked when someone else asked for one): renewed once.
      rejected = token;
      await renew();
      replacement = held?.token;
      return current() !== undefined;
    },
    accepted(token) {
      if (token === proven || held?.token !== token) return;
      proven = token;
      failures = 0;
    },
    unavailable: () => ({
      hint: problem?.kind === "refused" ? "token_refused" : "no_token",
      reason: problem ? `no service token: ${problem.reason}` : "no service token yet",
    }),
    onAlert: (listener) => void listeners.push(listener),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
