import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { Logger } from "../../logger.ts";
import { deadlineIn } from "../../util/deadline.ts";
import type { BotContext } from "../context.ts";
import type { InFlightUpdates } from "./in-flight.ts";
import { ALLOWED_UPDATES } from "./allowed-updates.ts";
import { MAX_CONCURRENT_UPDATES } from "./concurrency.ts";
import { startupCall } from "./startup-calls.ts";

export interface Polling {
  /** Settles when polling ends by itself: an unrecoverable error (bad token, another instance polling). */
  readonly stopped: Promise<void>;
  /** Stops fetching, waits up to `graceMs` for in-flight updates, then confirms what was handled. */
  stop(graceMs: number): Promise<{ drained: boolean }>;
}

/**
 * Long polling with grammY's runner: updates are handled concurrently, so one slow enquiry never
 * holds up anyone else's answer.
 */
export async function startPolling(bot: Bot<BotContext>, inFlight: InFlightUpdates, logger: Logger): Promise<Polling> {
  // A webhook left over from a webhook deployment would make getUpdates fail with 409.
  await startupCall("deleteWebhook", () => bot.api.deleteWebhook());
  const handle: RunnerHandle = run(bot, {
    // Failed polls are retried for as long as it takes, 100 ms more apart each time: quick to
    // resume after a blip, never hammering Telegram during an outage.
    runner: { fetch: { allowed_updates: ALLOWED_UPDATES, timeout: 30 }, silent: true, retryInterval: "quadratic", maxRetryTime: Infinity },
    sink: { concurrency: MAX_CONCURRENT_UPDATES },
  });
  logger.info({ username: bot.botInfo.username }, "polling for updates");
  const stopped = handle.task() ?? Promise.resolve();
  return {
    stopped,
    async stop(graceMs) {
      const grace = deadlineIn(graceMs);
      if (handle.isRunning()) await handle.stop();
      const drained = await inFlight.idle(grace.left());
      await confirmHandled(bot, inFlight, logger);
      return { drained };
    },
  };
}

/**
 * Telegram only forgets an update once a later getUpdates asks for a higher offset. Without this,
 * the next start would receive the last batch a second time; updates still unfinished are left
 * unconfirmed on purpose, so that they are delivered again rather than lost.
 */
async function confirmHandled(bot: Bot<BotContext>, inFlight: InFlightUpdates, logger: Logger): Promise<void> {
  const offset = inFlight.confirmableOffset;
  if (offset === undefined) return;
  try {
    await bot.api.getUpdates({ offset, limit: 1, timeout: 0 });
  } catch (error) {
    logger.warn({ err: error }, "could not confirm handled updates; some may be delivered again");
  }
}
