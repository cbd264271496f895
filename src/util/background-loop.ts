import { setMaxListeners } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../logger.ts";

/** How long until the next turn: milliseconds (0: at once), or a wait that something may end early (a check that ends can make room). */
export type NextTurn = number | { ms: number; orWhen: Promise<unknown> };

export interface BackgroundLoopOptions {
  /** One turn of the work; `signal` aborts when the loop stops. Returns when the next turn comes. */
  turn(signal: AbortSignal): Promise<NextTurn>;
  /** After a turn that failed: how long until the next one. */
  retryMs: number;
  /** The log line of a failed turn ("watch checks cannot reach the state store; retrying"). */
  failure: string;
  /** A failure someone else reports (a store outage, reported once by the store): logged at debug, so that the loop stays quiet meanwhile. */
  reportedElsewhere?: (error: unknown) => boolean;
  logger: Logger;
  /** Waits `ms`, or until `signal` aborts; never rejects. The real clock unless a test brings its own. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** What stopping waits for once the loop has ended, besides it: work its turns started and left running. */
  drain?: () => Promise<unknown>;
  /** How much work may wait on the turns' signal at once (each check in flight, for its place in a budget): no warning below that. */
  listeners?: number;
}

export interface BackgroundLoop {
  /** No turn starts after this; resolves once the turn under way and what it left have ended, or after `graceMs`. */
  stop(graceMs: number): Promise<void>;
}

const realWait = (ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal }).catch(() => undefined);

/**
 * The shape every loop beside the updates shares (watch checks, watch notifications, cases): a
 * turn, then a wait the turn chose; a turn that fails is logged (quietly when someone else
 * reports it) and the next comes after `retryMs`; stopping ends the wait at once and lets the
 * turn under way finish, within a grace period. The loop never throws.
 */
export function startBackgroundLoop(options: BackgroundLoopOptions): BackgroundLoop {
  const { logger } = options;
  const wait = options.wait ?? realWait;
  const stopping = new AbortController();
  if (options.listeners !== undefined) setMaxListeners(options.listeners, stopping.signal);

  /** Waits for the next turn; a wait ended early (or by stopping) leaves no timer behind. */
  async function until(next: NextTurn): Promise<void> {
    const ms = typeof next === "number" ? next : next.ms;
    if (ms <= 0 && typeof next === "number") return;
    const done = new AbortController();
    const ended = () => done.abort();
    stopping.signal.addEventListener("abort", ended, { once: true });
    try {
      await Promise.race([wait(ms, done.signal), ...(typeof next === "number" ? [] : [next.orWhen.catch(() => undefined)])]);
    } finally {
      done.abort();
      stopping.signal.removeEventListener("abort", ended);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let next: NextTurn;
      try {
        next = await options.turn(stopping.signal);
      } catch (error) {
        if (stopping.signal.aborted) break;
        logger[options.reportedElsewhere?.(error) ? "debug" : "warn"]({ err: error }, options.failure);
        next = options.retryMs;
      }
      if (stopping.signal.aborted) break;
      await until(next);
    }
    await options.drain?.();
  }

  // The loop catches its turns' errors: this only ends it on stop (a drain that fails is the caller's to log).
  const running = loop().catch(() => undefined);
  return {
    async stop(graceMs) {
      stopping.abort();
      const grace = new AbortController();
      try {
        await Promise.race([running, wait(graceMs, grace.signal)]);
      } finally {
        grace.abort();
      }
    },
  };
}
