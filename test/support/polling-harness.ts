import { Agent } from "undici";
import { assembleBot } from "../../src/app/assemble.ts";
import type { EnquiryService } from "../../src/payments/enquiry/types.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { InFlightUpdates } from "../../src/telegram/transport/in-flight.ts";
import { createTelegramFetch } from "../../src/telegram/transport/fetch.ts";
import { startPolling } from "../../src/telegram/transport/polling.ts";
import { BOT_TOKEN, testSettings, translations } from "./bot-harness.ts";
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
  const connections = new Agent();
  const { bot } = assembleBot({
    settings: testSettings({
      telegram: { botToken: BOT_TOKEN, apiRoot: telegram.apiRoot },
      access: { allowedUserIds: new Set(allowedUserIds) },
      backgroundPerSecond: 100,
    }),
    state,
    enquiry: { interactive: enquiry, background: enquiry },
    telegram: { fetch: createTelegramFetch(connections) },
    translations,
    logger: logs.logger,
    instanceId: "polling-harness",
    inFlight,
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
      await connections.close();
      return result;
    },
  };
}
