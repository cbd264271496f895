import { describe, expect, it } from "vitest";
import type { BotSettings } from "../../src/app/bot-settings.ts";
import { botSettings } from "../../src/app/bot-settings.ts";
import { parseConfig, type Config } from "../../src/config/config.ts";

/** Every key of BotSettings: the compiler says when one is added and not listed here. */
const KEYS = {
  telegram: true,
  access: true,
  inviteTtlMs: true,
  rateLimit: true,
  watches: true,
  timeZone: true,
  bulkMaxIds: true,
  backgroundPerSecond: true,
  cacheTtlSeconds: true,
  adminChatId: true,
  adminThreadId: true,
  health: true,
  support: true,
  receipts: true,
  historyDays: true,
} satisfies Record<keyof BotSettings, true>;

const settingsOf = (config: Config): BotSettings => Object.fromEntries(Object.keys(KEYS).map((key) => [key, config[key as keyof BotSettings]])) as BotSettings;

/** What must be set for the bot to start at all; everything else is left unset. */
const MINIMAL_ENV = {
  TELEGRAM_BOT_TOKEN: "123456789:AAH-test-token-never-sent-anywhere_0123",
  ENQUIRY_BASE_URL: "https://api.provider.example",
  ENQUIRY_TOKEN: "service-token",
  ADMIN_USER_IDS: "42",
};

function parsed(env: Record<string, string>): Config {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.config;
}

describe("botSettings", () => {
  it("starts from what an environment that sets nothing else gives, so the warm-up, the demo and the tests cannot drift from production", () => {
    const config = parsed(MINIMAL_ENV);
    expect(botSettings({ telegram: config.telegram, access: { adminUserIds: new Set([42]) } })).toEqual(settingsOf(config));
  });

  it("sets what it is given, nested settings in part, and keeps the default where a value is undefined", () => {
    const config = parsed({ ...MINIMAL_ENV, WATCH_FIRST_CHECK_SECONDS: "1", RATE_LIMIT_MAX: "5", HEALTH_MIN_ENQUIRIES: "3", CACHE_TTL_SECONDS: "0", ALLOW_EVERYONE: "true", ADMIN_CHAT_ID: "-100" });
    const settings = botSettings({
      telegram: config.telegram,
      access: { adminUserIds: new Set([42]), allowEveryone: true },
      watches: { firstCheckMs: 1_000 },
      rateLimit: { maxCost: 5 },
      health: { thresholds: { minEnquiries: 3 } },
      cacheTtlSeconds: 0,
      adminChatId: -100,
      bulkMaxIds: undefined,
    });
    expect(settings).toEqual(settingsOf(config));
  });

  it("gives each bot sets of its own", () => {
    const telegram = { botToken: "1:token", apiRoot: undefined };
    expect(botSettings({ telegram }).access.allowedUserIds).not.toBe(botSettings({ telegram }).access.allowedUserIds);
  });
});
