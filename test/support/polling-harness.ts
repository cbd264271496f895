import { DEFAULT_WATCH_SETTINGS } from "../../src/config.ts";
import { createChecker, createEnquiryEvents } from "../../src/payments/check.ts";
import type { EnquiryService } from "../../src/payments/enquiry/types.ts";
import { createWatchStore } from "../../src/payments/watches/watch-store.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { createBot } from "../../src/telegram/create-bot.ts";
import { InFlightUpdates } from "../../src/telegram/middleware/in-flight.ts";
import { startPolling } from "../../src/telegram/transport/polling.ts";
import { BOT_TOKEN, translations } from "./bot-harness.ts";
import type { FakeBotApi } from "./fake-bot-api.ts";
import { captureLogs } from "./logs.ts";

/**
 * The bot in this process, polling a local Bot API server through grammY's real client, the
 * runner and auto-retry: for Telegram-side faults that need the network path but not a child process.
 */
export async function startPollingBot(telegram: FakeBotApi, enquiry: EnquiryService, allowedUserIds: number[], secrets: string[] = []) {
  const logs = captureLogs([BOT_TOKEN, ...secrets]);
  const inFlight = new InFlightUpdates();
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const bot = createBot({
    config: {
      telegram: { botToken: BOT_TOKEN, apiRoot: telegram.apiRoot },
      access: { allowedUserIds: new Set(allowedUserIds), allowedChatIds: new Set(), allowEveryone: false },
      rateLimit: { windowSeconds: 60, maxCost: 1_000 },
      watches: DEFAULT_WATCH_SETTINGS,
      timeZone: "UTC",
    },
    services: {
      checker: createChecker({ enquiry, events: createEnquiryEvents(), auditInLog: true }),
      state,
      watches: createWatchStore({ state, schedule: DEFAULT_WATCH_SETTINGS }),
      translations,
      alerts: { enabled: false, send: async () => undefined },
      logger: logs.logger,
      inFlight,
    },
  });
  await bot.init();
  const polling = await startPolling(bot, inFlight, logs.logger);
  return {
    bot,
    logs,
    inFlight,
    stop: async () => {
      const result = await polling.stop(5_000);
      await state.close();
      return result;
    },
  };
}
