import type { Logger } from "../../logger.ts";
import type { KeyValueStore } from "../../state/ports.ts";

/** How far the service token is from its expiry, in the steps the admins are told of. */
export type TokenExpiryStage = "in-3-days" | "in-1-day" | "expired";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The most pressing stage reached at `now`, or undefined while more than 3 days are left (or no expiry is known). */
export function tokenExpiryStage(expiresAt: Date | undefined, now: number): TokenExpiryStage | undefined {
  if (!expiresAt) return undefined;
  const left = expiresAt.getTime() - now;
  if (left <= 0) return "expired";
  if (left <= DAY_MS) return "in-1-day";
  return left <= 3 * DAY_MS ? "in-3-days" : undefined;
}

export interface TokenExpiryWatchOptions {
  /** The current token's expiry (its JWT `exp`), or undefined when it says nothing. */
  expiry: () => Date | undefined;
  /** The current token's fingerprint: each token's stages are told once. */
  fingerprint: () => string;
  kv: KeyValueStore;
  /** Tells the admins; absent for a token the bot renews itself, whose expiry is no one's task (only the metric follows it). */
  announce: ((stage: TokenExpiryStage, expiresAt: Date) => Promise<void>) | undefined;
  /** Each look (the metric). */
  onLook?: (expiresAt: Date | undefined) => void;
  logger: Logger;
  now?: () => number;
  everyMs?: number;
}

/**
 * Tells the admins 3 days and 1 day before the service token expires, and once it has: each
 * stage once per token, across restarts and instances (claimed in the state store). A new token
 * starts afresh.
 */
export function startTokenExpiryWatch({ expiry, fingerprint, kv, announce, onLook, logger, now = Date.now, everyMs = 60_000 }: TokenExpiryWatchOptions): { look(): Promise<void>; stop(): void } {
  const look = async () => {
    const expiresAt = expiry();
    onLook?.(expiresAt);
    const stage = tokenExpiryStage(expiresAt, now());
    if (!stage || !expiresAt || !announce) return;
    try {
      if (!(await kv.setIfAbsent(`token-expiry:${fingerprint()}:${stage}`, "1", 30 * DAY_MS))) return;
      logger.warn({ stage, expiresAt }, "the service token is expiring: admins told");
      await announce(stage, expiresAt);
    } catch (error) {
      logger.error({ err: error, stage }, "the service token's expiry was not told");
    }
  };
  const timer = setInterval(() => void look(), everyMs).unref();
  void look();
  return { look, stop: () => clearInterval(timer) };
}
