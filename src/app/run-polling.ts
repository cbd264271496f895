import { GrammyError, type Bot } from "grammy";
import type { Logger } from "../logger.ts";
import { StateUnavailableError, type KeyValueStore, type Leases } from "../state/ports.ts";
import type { BotContext } from "../telegram/context.ts";
import type { InFlightUpdates } from "../telegram/transport/in-flight.ts";
import { startPolling, type Polling } from "../telegram/transport/polling.ts";
import type { UpdateClaims } from "../telegram/transport/update-claims.ts";

export type PollingRole = "leader" | "standby";

export interface PollingRun {
  readonly role: PollingRole;
  /** Rejects when polling cannot go on (the bot token was rejected, or a 409 without a lease to share). */
  readonly failed: Promise<never>;
  /** Stops polling (finishing and confirming what was fetched) and gives the lease up for a standby. */
  stop(graceMs: number): Promise<{ drained: boolean }>;
}

export interface PollingOptions {
  bot: Bot<BotContext>;
  inFlight: InFlightUpdates;
  claims: UpdateClaims;
  logger: Logger;
  /** Shared state: instances take turns, one polling (the leader) and the others waiting (standbys). */
  lease?: {
    leases: Leases;
    /** Where a standby that could answer says so, for a leader that cannot. */
    kv: KeyValueStore;
    instanceId: string;
    ttlMs: number;
    /**
     * Whether this instance could answer agents (its credentials not refused, a token to send). One
     * that cannot hands polling to a standby that can, and does not take it from one; alone, it polls.
     */
    canAnswer?: () => boolean;
  };
}

const LEASE_NAME = "polling";
/** How often the lease is asked for (standby) or renewed (leader): a dead leader is replaced within its TTL and this. */
const TICK_MS = 1_000;
/** Where a standby that could answer says so: it lapses soon after that standby stops saying it. */
const ABLE_STANDBY_KEY = "polling:able-standby";
const ABLE_STANDBY_TTL_MS = 3 * TICK_MS;

/**
 * Long polling, alone (the embedded store means one instance) or, with shared state, under a
 * lease: Telegram answers a second getUpdates consumer with 409 Conflict, so exactly one
 * instance polls while the others wait as hot standbys. SIGTERM hands over at once (the offset of
 * what was handled is confirmed before the lease is released, so nothing is answered twice or
 * lost); an instance that dies loses the lease when it lapses.
 */
export async function runPolling(options: PollingOptions): Promise<PollingRun> {
  const { bot, inFlight, claims, logger, lease } = options;
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));

  if (!lease) {
    const polling = await startPolling(bot, inFlight, logger);
    polling.stopped.catch(fail);
    return { role: "leader", failed, stop: (graceMs) => polling.stop(graceMs) };
  }

  const { leases, kv, instanceId, ttlMs, canAnswer = () => true } = lease;
  let polling: Polling | undefined;
  let stopping = false;
  let storeTrouble = false;
  /** After a 409 the lease is left alone for a while, longer each time, so two pollers never fight in a loop. */
  let pausedUntil = 0;
  let conflictPause = ttlMs;

  const stepDown = async (graceMs: number) => {
    const current = polling;
    polling = undefined;
    if (!current) return { drained: true };
    const result = await current.stop(graceMs);
    await claims.releaseUnfinished();
    logger.info({ role: "standby" }, "stopped polling");
    return result;
  };

  const lead = async () => {
    const current = await startPolling(bot, inFlight, logger);
    polling = current;
    logger.info({ role: "leader", instanceId }, "holding the polling lease: this instance polls");
    current.stopped.catch(async (error: unknown) => {
      if (polling !== current) return;
      if (error instanceof GrammyError && error.error_code === 409) {
        logger.warn({ role: "standby", pauseSeconds: Math.round(conflictPause / 1000) }, "another instance is polling (409 Conflict): standing down");
        pausedUntil = Date.now() + conflictPause;
        conflictPause = Math.min(conflictPause * 2, 10 * 60_000);
        polling = undefined;
        await claims.releaseUnfinished();
        // The lease lapses by itself (its TTL) if it cannot be released now.
        await leases.release(LEASE_NAME, instanceId).catch(() => undefined);
        return;
      }
      fail(error);
    });
  };

  /**
   * Another instance that could answer is waiting to poll. Without it, an instance whose credentials
   * are refused keeps the lease, and every agent is answered "could not check" by the one instance
   * that polls while healthy ones wait; alone, it still polls (an answer rather than none).
   */
  const ableStandbyWaiting = async () => {
    const able = await kv.get(ABLE_STANDBY_KEY).catch(() => undefined);
    return able !== undefined && able !== instanceId;
  };
  let yielding = false;

  const tick = async () => {
    if (stopping || Date.now() < pausedUntil) return;
    const able = canAnswer();
    if (!able && (await ableStandbyWaiting())) {
      if (!yielding) logger.warn({ instanceId }, "this instance cannot answer (its service credentials are refused): leaving polling to an instance that can");
      yielding = true;
      if (polling) {
        await stepDown(0);
        await leases.release(LEASE_NAME, instanceId).catch(() => undefined);
      }
      return;
    }
    yielding = false;
    if (able && !polling) await kv.set(ABLE_STANDBY_KEY, instanceId, ABLE_STANDBY_TTL_MS).catch(() => undefined);
    let held: boolean;
    try {
      held = await leases.acquire(LEASE_NAME, instanceId, ttlMs);
      if (storeTrouble) logger.debug("polling lease reachable again");
      storeTrouble = false;
    } catch (error) {
      // Nobody can take the lease while the store is away: a leader keeps polling, a standby waits.
      // The outage is reported once, by the store; this says only what it means for polling.
      if (!storeTrouble) logger[error instanceof StateUnavailableError ? "debug" : "warn"]({ err: error, role: polling ? "leader" : "standby" }, "cannot reach the polling lease; keeping the current role");
      storeTrouble = true;
      return;
    }
    if (held && !polling && !stopping) await lead();
    else if (!held && polling) {
      logger.warn({ instanceId }, "the polling lease is held by another instance: standing down");
      await stepDown(0);
    }
    if (polling) conflictPause = ttlMs;
  };

  // One tick a second: a standby takes over soon after the lease lapses, a leader renews long before it does.
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    void tick()
      .catch((error: unknown) => fail(error))
      .finally(() => (ticking = false));
  }, TICK_MS);

  await tick();
  if (!polling) logger.info({ role: "standby", instanceId }, "another instance holds the polling lease: waiting as a standby");

  return {
    get role(): PollingRole {
      return polling ? "leader" : "standby";
    },
    failed,
    async stop(graceMs) {
      stopping = true;
      clearInterval(timer);
      const result = await stepDown(graceMs);
      // The lease lapses by itself (its TTL) if it cannot be released now.
      await leases.release(LEASE_NAME, instanceId).catch(() => undefined);
      return result;
    },
  };
}
