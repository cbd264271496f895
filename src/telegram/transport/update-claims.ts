import type { Logger } from "../../logger.ts";
import type { Claims } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";

export type ClaimedRun = "handled" | "duplicate" | "busy";

export interface UpdateClaims {
  /**
   * Runs `work` for an update unless it was handled already (by this process before a restart,
   * or by another instance) or is being handled by another live instance right now.
   */
  run(updateId: number, work: () => Promise<void>): Promise<ClaimedRun>;
  /** Gives back the claims of updates not finished (shutting down), so that another instance takes them at once. */
  releaseUnfinished(): Promise<void>;
}

export interface UpdateClaimsOptions {
  claims: Claims;
  /** This process; its heartbeat tells others that its claims are alive. */
  instanceId: string;
  logger: Logger;
  /** How many handled updates this process remembers by itself (the last few minutes' worth). */
  remember?: number;
  now?: () => number;
}

/** Telegram keeps an update for 24 hours; remembering it as long makes every redelivery harmless. */
export const HANDLED_UPDATE_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim outlives its instance's heartbeat anyway; this only bounds a claim whose owner never finishes. */
const PROCESSING_TTL_MS = 10 * 60 * 1000;
/**
 * What this process remembers by itself, whatever the store says: Telegram redelivers an update it
 * got no answer for within minutes, and a store emptied meanwhile (Redis restarted without
 * persistence) has forgotten that it was handled.
 */
const REMEMBERED_UPDATES = 10_000;
const REMEMBERED_FOR_MS = 15 * 60 * 1000;

/**
 * Exactly-once handling of updates across restarts and instances: an atomic claim on `update_id`
 * before handling, marked done after. An instance that dies mid-update leaves a claim that lapses
 * with its heartbeat, so Telegram's redelivery (or the next poller) handles the update then.
 */
export function updateClaims({ claims, instanceId, logger, remember = REMEMBERED_UPDATES, now = Date.now }: UpdateClaimsOptions): UpdateClaims {
  const unfinished = new Set<string>();
  const handledHere = new BoundedMap<number, number>(remember);
  return {
    async run(updateId, work) {
      const key = `update:${updateId}`;
      if (unfinished.has(key)) return "busy";
      const handledAt = handledHere.get(updateId);
      if (handledAt !== undefined && now() - handledAt < REMEMBERED_FOR_MS) {
        logger.info({ updateId }, "update delivered again; already handled");
        return "duplicate";
      }
      const verdict = await claims.claim(key, instanceId, PROCESSING_TTL_MS);
      if (verdict === "done") {
        logger.info({ updateId }, "update delivered again; already handled");
        return "duplicate";
      }
      if (verdict === "busy") return "busy";
      unfinished.add(key);
      try {
        await work();
      } finally {
        // Handled, or failed in a way a second attempt would repeat (the error is logged by the bot).
        unfinished.delete(key);
        handledHere.set(updateId, now());
        await claims.complete(key, HANDLED_UPDATE_TTL_MS).catch((error: unknown) => logger.warn({ err: error, updateId }, "could not mark an update handled"));
      }
      return "handled";
    },
    async releaseUnfinished() {
      // An unreleased claim lapses with this instance's heartbeat: the update is then taken by another.
      await Promise.all([...unfinished].map((key) => claims.release(key, instanceId).catch(() => undefined)));
    },
  };
}
