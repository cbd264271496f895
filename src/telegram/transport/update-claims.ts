import type { Logger } from "../../logger.ts";
import type { Claims, Spend, SpendRequest } from "../../state/ports.ts";
import { BoundedMap } from "../../util/bounded-map.ts";

export type ClaimedRun = "handled" | "duplicate" | "busy";

/** What goes to the store with an update's claim, in the same round trip. */
export interface ClaimAlong {
  /** The request's first unit of the rate limit: spent with the claim, when it is taken (and only then). */
  charge?: SpendRequest;
  /** Reads the update is about to make (cached answers): started right after the claim, so that they share its round trip. */
  readAhead?: () => void;
}

/** The charge made with a claim, and how the budget took it. */
export interface Paid {
  cost: number;
  spend: Spend;
}

export interface UpdateClaims {
  /**
   * Runs `work` for an update unless it was handled already (by this process before a restart,
   * or by another instance) or is being handled by another live instance right now.
   */
  run(updateId: number, work: () => Promise<void>, along?: ClaimAlong): Promise<ClaimedRun>;
  /** What was spent with the claim of an update being handled here: undefined when nothing was (no charge, or not being handled). */
  paidFor(updateId: number): Paid | undefined;
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
  /** Updates being handled here, with what was spent with their claim. */
  const unfinished = new Map<string, Paid | undefined>();
  const handledHere = new BoundedMap<number, number>(remember);
  return {
    async run(updateId, work, along = {}) {
      const key = `update:${updateId}`;
      if (unfinished.has(key)) return "busy";
      const handledAt = handledHere.get(updateId);
      if (handledAt !== undefined && now() - handledAt < REMEMBERED_FOR_MS) {
        logger.info({ updateId }, "update delivered again; already handled");
        return "duplicate";
      }
      const claiming = along.charge ? claims.claimAndSpend(key, instanceId, PROCESSING_TTL_MS, along.charge) : claims.claim(key, instanceId, PROCESSING_TTL_MS).then((claim) => ({ claim, spend: undefined }));
      // Before anything is awaited: a store that pipelines (Redis) sends these with the claim.
      along.readAhead?.();
      const { claim: verdict, spend } = await claiming;
      if (verdict === "done") {
        logger.info({ updateId }, "update delivered again; already handled");
        return "duplicate";
      }
      if (verdict === "busy") return "busy";
      unfinished.set(key, spend && along.charge ? { cost: along.charge.cost, spend } : undefined);
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
    paidFor: (updateId) => unfinished.get(`update:${updateId}`),
    async releaseUnfinished() {
      // An unreleased claim lapses with this instance's heartbeat: the update is then taken by another.
      await Promise.all([...unfinished.keys()].map((key) => claims.release(key, instanceId).catch(() => undefined)));
    },
  };
}
