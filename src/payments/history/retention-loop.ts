import type { Logger } from "../../logger.ts";
import type { Journal } from "../../state/journal.ts";
import { StateUnavailableError } from "../../state/ports.ts";
import { startBackgroundLoop, type BackgroundLoop } from "../../util/background-loop.ts";
import { historyCutoff, nextRemovalIn, REMOVAL_BATCH } from "./retention.ts";

/**
 * Removes entries older than HISTORY_DAYS, a small batch per turn, beside the updates: a turn is a
 * few milliseconds, so no command ever waits behind it (Redis also trims as it appends).
 */
export function startHistoryRetention({ journal, days, logger, now = Date.now, wait }: { journal: Journal; days: number; logger: Logger; now?: () => number; wait?: (ms: number, signal: AbortSignal) => Promise<void> }): BackgroundLoop {
  return startBackgroundLoop({
    turn: async () => nextRemovalIn(await journal.removeBefore(historyCutoff(now(), days), REMOVAL_BATCH)),
    retryMs: 60_000,
    failure: "old history entries cannot be removed now; retrying",
    reportedElsewhere: (error) => error instanceof StateUnavailableError,
    logger,
    ...(wait ? { wait } : {}),
  });
}
