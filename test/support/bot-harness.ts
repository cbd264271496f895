import { Api } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { DEFAULT_WATCH_SETTINGS, type WatchSettings } from "../../src/config.ts";
import type { AccessPolicy } from "../../src/payments/access.ts";
import { createWatchStore } from "../../src/payments/watches/watch-store.ts";
import { createChecker, createEnquiryEvents, type EnquiryListener } from "../../src/payments/check.ts";
import type { EnquiryService } from "../../src/payments/enquiry/types.ts";
import type { StateStore } from "../../src/state/ports.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { backgroundBudget } from "../../src/payments/budget.ts";
import { createBulkJobs } from "../../src/telegram/bulk-jobs.ts";
import { createBot } from "../../src/telegram/create-bot.ts";
import { FileTooLargeError, type TelegramFiles } from "../../src/telegram/transport/files.ts";
import { ButtonStore } from "../../src/telegram/views/callback-data.ts";
import { Translations } from "../../src/telegram/i18n.ts";
import type { AdminAlerts } from "../../src/telegram/notify/admin-alerts.ts";
import { fakeTelegramFetch, type Failure } from "./fake-telegram-fetch.ts";
import { captureLogs } from "./logs.ts";
import { USER } from "./updates.ts";

export const BOT_TOKEN = "123456789:AAH-test-token-never-sent-anywhere_0123";

export const BOT_INFO = {
  id: 123456789,
  is_bot: true,
  first_name: "Payment status",
  username: "payment_status_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
} as UserFromGetMe;

/** Loaded once for the whole test run, as the app does. */
export const translations = new Translations();

export type { ApiCall } from "./fake-telegram-fetch.ts";

export interface HarnessOptions {
  enquiry: EnquiryService;
  access?: Partial<AccessPolicy>;
  rateLimit?: { windowSeconds: number; maxCost: number };
  /** Alerts go to an admin chat (recorded in `alerts`). */
  adminAlerted?: boolean;
  onEnquiry?: EnquiryListener;
  /** A state store of the test's own (shared between two bots, say); an in-memory one otherwise. */
  state?: StateStore;
  watches?: Partial<WatchSettings>;
  /** The clock of the watch store. */
  now?: () => number;
  /** BOT_TIMEZONE. */
  timeZone?: string;
  bulkMaxIds?: number;
  backgroundPerSecond?: number;
  /** Make a Bot API method fail the way Telegram would. */
  failWith?: (method: string, payload: Record<string, unknown>) => Failure | undefined;
}

/**
 * The real bot with its Bot API calls recorded instead of sent (grammY transformer), driven with
 * `bot.handleUpdate`: the fast way to test handlers.
 */
export function createTestBot(options: HarnessOptions) {
  const logs = captureLogs([BOT_TOKEN]);
  const state = options.state ?? openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const watches = createWatchStore({ state, schedule: { ...DEFAULT_WATCH_SETTINGS, ...options.watches }, ...(options.now ? { now: options.now } : {}) });
  const events = createEnquiryEvents();
  if (options.onEnquiry) events.subscribe(options.onEnquiry);
  const alerts: string[] = [];
  const adminAlerts: AdminAlerts = { enabled: options.adminAlerted ?? false, send: async (text) => void alerts.push(text) };
  const telegram = fakeTelegramFetch(options.failWith);
  const { calls } = telegram;
  const checker = createChecker({ enquiry: options.enquiry, events, auditInLog: true });
  // Messages sent outside updates (bulk progress and reports) go through their own API, to the same fake Telegram.
  const outside = new Api(BOT_TOKEN, { fetch: telegram.fetch });
  const bulkJobs = createBulkJobs({
    api: outside,
    state,
    budget: backgroundBudget(state.counters, options.backgroundPerSecond ?? 1000),
    checker,
    translations,
    buttons: new ButtonStore(state.kv),
    instanceId: "test-instance",
    timeZone: options.timeZone ?? "UTC",
    logger: logs.logger,
  });
  const uploaded = new Map<string, Uint8Array>();
  const files: TelegramFiles = {
    download: async (fileId, maxBytes) => {
      const bytes = uploaded.get(fileId);
      if (!bytes) throw new Error("no such file");
      if (bytes.length > maxBytes) throw new FileTooLargeError(maxBytes);
      return bytes;
    },
  };
  const bot = createBot({
    config: {
      telegram: { botToken: BOT_TOKEN, apiRoot: undefined },
      access: { allowedUserIds: new Set([USER.id]), allowedChatIds: new Set(), allowEveryone: false, ...options.access },
      rateLimit: options.rateLimit ?? { windowSeconds: 60, maxCost: 1000 },
      watches: { ...DEFAULT_WATCH_SETTINGS, ...options.watches },
      timeZone: options.timeZone ?? "UTC",
      bulkMaxIds: options.bulkMaxIds ?? 1000,
    },
    services: {
      checker,
      state,
      watches,
      bulkJobs,
      files,
      translations,
      alerts: adminAlerts,
      logger: logs.logger,
    },
    botInfo: BOT_INFO,
    client: { fetch: telegram.fetch },
  });
  const byMethod = (method: string) => calls.filter((call) => call.method === method);
  return {
    bot,
    calls,
    logs,
    state,
    watches,
    bulkJobs,
    /** Files "uploaded" to Telegram: what the bot downloads for a file_id. */
    uploaded,
    alerts,
    sent: () => byMethod("sendMessage"),
    edits: () => byMethod("editMessageText"),
    toasts: () => byMethod("answerCallbackQuery"),
  };
}
