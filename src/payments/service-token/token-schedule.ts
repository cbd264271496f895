/**
 * When a token the bot obtains itself is sent, and when it is renewed (pure: times in ms since the
 * epoch, so that every rule is tested with a made-up clock).
 */
export interface TokenLife {
  obtainedAt: number;
  /** Undefined when the provider said nothing: the token is kept until it is refused. */
  expiresAt: number | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A stated lifetime under this counts as this: a token said to live 0.001 s would be asked for again at once, in a loop. */
export const SHORTEST_LIFETIME_MS = 30_000;
/** A stated lifetime past this counts as none (kept until refused): 1e13 s is no date at all. */
export const LONGEST_LIFETIME_MS = 365 * DAY_MS;

/**
 * When a token obtained at `obtainedAt`, said to live `lifetimeMs`, is counted as expiring:
 * under 30 s (`shortestMs`, which tests shorten) counts as 30 s, past a year (or not a number) as
 * no expiry (undefined).
 */
export function countedExpiry(obtainedAt: number, lifetimeMs: number, shortestMs = SHORTEST_LIFETIME_MS): number | undefined {
  if (!Number.isFinite(lifetimeMs) || lifetimeMs > LONGEST_LIFETIME_MS) return undefined;
  return obtainedAt + Math.max(lifetimeMs, shortestMs);
}

/** A token is never sent in its last 30 s: an enquiry must not arrive carrying a token that just expired. */
export const LAST_SECONDS_MS = 30_000;
/** …or in its last quarter, when it lives under two minutes. */
const SHORT_LIFE_MS = 120_000;
/** Renewed at 80 % of its life. */
const RENEW_AT_SHARE = 0.8;

/** The last moment the token may be sent; undefined when it has no known end. */
export function usableUntil(life: TokenLife): number | undefined {
  if (life.expiresAt === undefined) return undefined;
  const lifetime = life.expiresAt - life.obtainedAt;
  if (lifetime <= 0) return life.obtainedAt;
  return life.expiresAt - (lifetime < SHORT_LIFE_MS ? lifetime / 4 : LAST_SECONDS_MS);
}

export function isUsable(life: TokenLife, now: number): boolean {
  const until = usableUntil(life);
  return until === undefined || now < until;
}

/**
 * When to ask for the next token: at 80 % of its life, or earlier when that would leave too little
 * of the time it may still be sent (a short-lived token) for the request to come back.
 */
export function renewAt(life: TokenLife): number | undefined {
  const until = usableUntil(life);
  if (until === undefined || life.expiresAt === undefined) return undefined;
  const lifetime = life.expiresAt - life.obtainedAt;
  const usable = until - life.obtainedAt;
  return life.obtainedAt + Math.min(lifetime * RENEW_AT_SHARE, usable * 0.9);
}

/** Credentials refused: asked again about once a minute, never in a loop. */
export const REFUSED_RETRY_MS = 60_000;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * How long after the `failures`-th failure in a row (1, 2…) the next request goes: refused
 * credentials once a minute; a token endpoint in trouble sooner, doubling from 1 s up to 30 s.
 */
export function retryDelay(kind: "refused" | "unavailable", failures: number, refusedRetryMs = REFUSED_RETRY_MS): number {
  if (kind === "refused") return refusedRetryMs;
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}
