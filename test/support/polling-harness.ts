import { Api } from "grammy";
import { DEFAULT_WATCH_SETTINGS } from "../../src/config.ts";
import { backgroundBudget } from "../../src/payments/budget.ts";
import { createChecker, createEnquiryEvents } from "../../src/payments/check.ts";
import type { EnquiryService } from "../../src/payments/enquiry/types.ts";
import { createWatchStore } from "../../src/payments/watches/watch-store.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { createBulkJobs } from "../../src/telegram/bulk-jobs.ts";
import { createBot } from "../../src/telegram/create-bot.ts";
import { ButtonStore } from "../../src/telegram/views/callback-data.ts";
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
  const checker = createChecker({ enquiry, events: createEnquiryEvents(), auditInLog: true });
  const bot = createBot({
    config: {
      telegram: { botToken: BOT_TOKEN, apiRoot: telegram.apiRoot },
      access: { allowedUserIds: new Set(allowedUserIds), allowedChatIds: new Set(), allowEveryone: false },
      rateLimit: { windowSeconds: 60, maxCost: 1_000 },
      watches: DEFAULT_WATCH_SETTINGS,
      timeZone: "UTC",
      bulkMaxIds: 1000,
    },
    services: {
      checker,
      state,
      watches: createWatchStore({ state, schedule: DEFAULT_WATCH_SETTINGS }),
      bulkJobs: createBulkJobs({
        api: new Api(BOT_TOKEN, { apiRoot: telegram.apiRoot }),
        state,
        budget: backgroundBudget(state.counters, 100),
        checker,
        translations,
        buttons: new ButtonStore(state.kv),
        instanceId: "polling-harness",
        timeZone: "UTC",
        logger: logs.logger,
      }),
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
