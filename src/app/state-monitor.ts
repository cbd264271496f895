import type { Logger } from "../logger.ts";
import { HEARTBEAT_TTL_MS, type StateStore } from "../state/ports.ts";

/** The marker outlives any pause between two instances' beats by far; it lapses only once no instance has run for a week. */
const MARKER_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface StateMonitorOptions {
  state: StateStore;
  instanceId: string;
  logger: Logger;
  /** Tells the operators that the store was emptied under the running bot (once, whichever instance notices). */
  reportEmptied: () => Promise<void>;
}

export interface StateMonitor {
  /** Beats at once (the store is back after an outage: its heartbeat key may be gone with it). */
  beatNow(): void;
  stop(): void;
}

/**
 * Keeps this instance's heartbeat in the state store (every 5 s, lasting 15 s), and notices when
 * the store was emptied under the running bot: a marker written at start must still be there at
 * each beat. A Redis restarted without persistence loses watches and everything else the bot
 * keeps; the one instance whose beat finds the marker gone (the store's own script decides) says
 * so. The first beat happens before this returns, so that the bot's claims are alive from its
 * first update.
 */
export async function startStateMonitor({ state, instanceId, logger, reportEmptied }: StateMonitorOptions): Promise<StateMonitor> {
  let beating: Promise<void> | undefined;
  const beat = async (first: boolean) => {
    try {
      await state.claims.heartbeat(instanceId, HEARTBEAT_TTL_MS);
      const kept = await state.keepMarker(MARKER_TTL_MS);
      // At start the marker may be missing for good reasons: the first start on this store. After a
      // failover the promoted replica has it: it was waited for when written, renewed since.
      if (kept || first) return;
      // Which server was found empty: a master restarted without persistence, or promoted without the data.
      const master = (await state.topology?.())?.master;
      logger.error({ instanceId, ...(master === undefined ? {} : { master }) }, "the shared state store was emptied while the bot ran (restarted without persistence?): watches and other state were lost");
      await reportEmptied();
    } catch (error) {
      // The store is away: its outage is reported once, by the store's own listener.
      logger.debug({ err: error }, "heartbeat not written");
    }
  };
  const beatOnce = (first = false) => {
    beating ??= beat(first).finally(() => (beating = undefined));
    return beating;
  };
  await beatOnce(true);
  const timer = setInterval(() => void beatOnce(), HEARTBEAT_TTL_MS / 3).unref();
  return {
    beatNow: () => void beatOnce(),
    stop: () => clearInterval(timer),
  };
}
