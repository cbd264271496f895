import type { UserFromGetMe } from "grammy/types";
import { assembleBot } from "../../src/app/assemble.ts";
import { botSettings, type BotSettings, type SettingsLayer } from "../../src/app/bot-settings.ts";
import type { HealthSettings } from "../../src/config/areas/health.ts";
import type { SupportSettings } from "../../src/config/areas/cases.ts";
import type { WatchSettings } from "../../src/config/areas/watches.ts";
import type { TokenReport } from "../../src/payments/service-token/client-credentials-token.ts";
import type { AccessLists } from "../../src/access/policy.ts";
import type { EnquiryListener } from "../../src/payments/check.ts";
import type { EnquiryService } from "../../src/payments/enquiry/types.ts";
import type { StateStore } from "../../src/state/ports.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { Translations } from "../../src/telegram/i18n.ts";
import { FileTooLargeError, type TelegramFiles } from "../../src/telegram/transport/files.ts";
import { updateClaims } from "../../src/telegram/transport/update-claims.ts";
import { fakeTelegramFetch, type Failure } from "./fake-telegram-fetch.ts";
import { captureLogs } from "./logs.ts";
import { USER } from "./updates.ts";

import type { ReceiptSettings } from "../../src/config/areas/receipts.ts";
import type { ReceiptLayout } from "../../src/telegram/render/receipt-layout.ts";
import type { ReceiptRenderers } from "../../src/app/areas/receipts.ts";
import type { Metrics } from "../../src/ops/metrics.ts";

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
  access?: Partial<AccessLists>;
  inviteTtlMs?: number;
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
  /** The service token in use (a rejection is alerted once per token). */
  serviceToken?: () => string | undefined;
  /** Where the token comes from, when it was obtained and expires, as production reports it (the admins' /health). */
  serviceTokenReport?: () => TokenReport;
  /** How long settled answers are reused; 0 (no cache) unless a test wants one. */
  cacheTtlSeconds?: number;
  /** Telegram's answer to a Bot API method (getChatMember, say); the usual one otherwise. */
  answerWith?: (method: string, payload: Record<string, unknown>) => unknown;
  /** Holds Telegram's answer to a method until the promise settles (a slow upload, say); the call's abort ends the wait. */
  holdTelegram?: (method: string) => Promise<void> | undefined;
  /** Make a Bot API method fail the way Telegram would. */
  failWith?: (method: string, payload: Record<string, unknown>) => Failure | undefined;
  /** How the provider's health is judged (HEALTH_*); the defaults otherwise. */
  health?: Partial<HealthSettings>;
  /** SUPPORT_CHAT_ID (with its topic and CASE_REMIND_MINUTES): cases on; off without it. */
  support?: SupportSettings;
  /**
   * Each update claimed in the store before it is handled, as production does (app/app.ts): in the
   * middleware list (polling), or by whoever hands the update over (`receiver`: a webhook receiver
   * built on `claims`, with `assembled.claimAlong`); none otherwise.
   */
  claimUpdates?: "middleware" | "receiver";
  /** RECEIPT_TITLE, RECEIPT_DAYS, RECEIPT_VERIFY_URL as configured; the defaults otherwise. */
  receipts?: ReceiptSettings;
  /** Draws a receipt (PNG); without it, receipts are sent as text. */
  receiptPicture?: (layout: ReceiptLayout) => Promise<Buffer>;
  /** Where the bot counts what it does (receipts made and checked, say); none otherwise. */
  metrics?: Metrics;
  /** Writes a receipt's check page; without it, GET /r/<code> is not served. */
  receiptPage?: ReceiptRenderers["page"];
}

/**
 * The settings of a bot under test: production's defaults (app/bot-settings.ts), then what tests
 * want unless they say otherwise (this token, USER allowed, no cache, room in the rate limit and
 * the background budget), then `overrides`.
 */
export function testSettings(overrides: SettingsLayer = {}): BotSettings {
  return botSettings(
    {
      telegram: { botToken: BOT_TOKEN, apiRoot: undefined },
      access: { allowedUserIds: new Set([USER.id]) },
      rateLimit: { maxCost: 1_000 },
      backgroundPerSecond: 1_000,
      cacheTtlSeconds: 0,
    },
    overrides,
  );
}

/** Where admin alerts go when a test turns them on. */
export const ADMIN_CHAT = -1009999999999;

/**
 * The real bot, assembled as production assembles it (app/assemble.ts), with its Bot API calls
 * recorded instead of sent (at the bottom of grammY's client), driven with `bot.handleUpdate`:
 * the fast way to test handlers.
 */
export function createTestBot(options: HarnessOptions) {
  const logs = captureLogs([BOT_TOKEN]);
  const state = options.state ?? openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const alerts: string[] = [];
  const telegram = fakeTelegramFetch(
    options.failWith,
    (call) => {
      if (call.method === "sendMessage" && call.payload.chat_id === ADMIN_CHAT && typeof call.payload.text === "string") alerts.push(call.payload.text);
    },
    options.answerWith,
    options.holdTelegram,
  );
  const { calls } = telegram;
  const uploaded = new Map<string, Uint8Array>();
  const downloads: string[] = [];
  const files: TelegramFiles = {
    download: async (fileId, maxBytes) => {
      downloads.push(fileId);
      const bytes = uploaded.get(fileId);
      if (!bytes) throw new Error("no such file");
      if (bytes.length > maxBytes) throw new FileTooLargeError(maxBytes);
      return bytes;
    },
  };
  const claims = options.claimUpdates ? updateClaims({ claims: state.claims, instanceId: "test-instance", logger: logs.logger }) : undefined;
  const assembled = assembleBot({
    settings: testSettings({
      access: options.access,
      inviteTtlMs: options.inviteTtlMs,
      rateLimit: options.rateLimit,
      watches: options.watches,
      timeZone: options.timeZone,
      bulkMaxIds: options.bulkMaxIds,
      backgroundPerSecond: options.backgroundPerSecond,
      cacheTtlSeconds: options.cacheTtlSeconds,
      adminChatId: options.adminAlerted ? ADMIN_CHAT : undefined,
      health: options.health,
      support: options.support,
      receipts: options.receipts,
    }),
    state,
    enquiry: { interactive: options.enquiry, background: options.enquiry },
    telegram: { fetch: telegram.fetch, botInfo: BOT_INFO, files },
    translations,
    logger: logs.logger,
    instanceId: "test-instance",
    ...(claims && options.claimUpdates ? { updateClaims: { claims, claimedBy: options.claimUpdates } } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onEnquiry ? { enquiryListeners: [options.onEnquiry] } : {}),
    ...(options.serviceToken ? { serviceToken: options.serviceToken } : {}),
    ...(options.serviceTokenReport ? { serviceTokenReport: options.serviceTokenReport } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    receiptRenderers: { ...(options.receiptPicture ? { picture: options.receiptPicture } : {}), ...(options.receiptPage ? { page: options.receiptPage } : {}) },
  });
  const byMethod = (method: string) => calls.filter((call) => call.method === method && call.payload.chat_id !== ADMIN_CHAT);
  return {
    bot: assembled.bot,
    assembled,
    /** The updates' claims, when `claimUpdates` is set. */
    claims,
    calls,
    logs,
    state,
    watches: assembled.watches,
    bulkJobs: assembled.bulkJobs,
    /** Files "uploaded" to Telegram: what the bot downloads for a file_id. */
    uploaded,
    /** The file_ids the bot downloaded, in order. */
    downloads,
    /** What was sent to the admin chat. */
    alerts,
    sent: () => byMethod("sendMessage"),
    edits: () => byMethod("editMessageText"),
    toasts: () => byMethod("answerCallbackQuery"),
    photos: () => byMethod("sendPhoto"),
  };
}
