import type { AccessLists } from "../access/policy.ts";
import { DEFAULT_WATCH_SETTINGS, type WatchSettings } from "../config/areas/watches.ts";
import { HEALTH_DEFAULTS, type HealthSettings } from "../config/areas/health.ts";
import { type Config } from "../config/config.ts";
import { HISTORY_DAYS_DEFAULT } from "../config/areas/history.ts";
import { RECEIPT_DEFAULTS } from "../config/areas/receipts.ts";
import type { HealthThresholds } from "../payments/health/judging/thresholds.ts";

/** The configuration the bot itself needs (the process's own, transport and ports, stays with the app). */
export type BotSettings = Pick<
  Config,
  "telegram" | "access" | "inviteTtlMs" | "rateLimit" | "watches" | "timeZone" | "bulkMaxIds" | "backgroundPerSecond" | "cacheTtlSeconds" | "adminChatId" | "health" | "historyDays" | "receipts"
> &
  /** Topics and cases: absent where nobody configured them (the warm-up, the demo, most tests). */
  Partial<Pick<Config, "adminThreadId" | "support">>;

type Nested = "telegram" | "access" | "rateLimit" | "watches" | "health";

/** Settings to change, nested ones in part; a key left out, or undefined, keeps what was there. */
export type SettingsLayer = Partial<Omit<BotSettings, Nested>> & {
  telegram?: BotSettings["telegram"];
  access?: Partial<AccessLists>;
  rateLimit?: Partial<BotSettings["rateLimit"]>;
  watches?: Partial<WatchSettings>;
  health?: Partial<Omit<HealthSettings, "thresholds">> & { thresholds?: Partial<HealthThresholds> };
};

/** What a bot built outside production (the warm-up, the demo, the tests) sets: the Telegram token always, there is no default one. */
export type BotSettingsOverrides = SettingsLayer & { telegram: BotSettings["telegram"] };

/**
 * The bot's settings as an environment that sets nothing else gives them (src/config/), with
 * `overrides` on top, then each of `more` in turn (the tests' own defaults, then a test's).
 * test/app/bot-settings.test.ts holds these defaults equal to what `parseConfig` gives, so that
 * the warm-up, the demo and the tests cannot drift from production.
 */
export function botSettings(overrides: BotSettingsOverrides, ...more: SettingsLayer[]): BotSettings {
  const unset: BotSettings = {
    telegram: overrides.telegram,
    // Fresh sets each time: no two bots share what either may be handed.
    access: { allowedUserIds: new Set(), allowedChatIds: new Set(), allowEveryone: false, adminUserIds: new Set() },
    inviteTtlMs: 24 * 3_600_000,
    rateLimit: { windowSeconds: 60, maxCost: 60 },
    watches: DEFAULT_WATCH_SETTINGS,
    timeZone: "UTC",
    bulkMaxIds: 1_000,
    backgroundPerSecond: 10,
    cacheTtlSeconds: 30,
    adminChatId: undefined,
    health: HEALTH_DEFAULTS,
    receipts: RECEIPT_DEFAULTS,
    historyDays: HISTORY_DAYS_DEFAULT,
  };
  return [overrides, ...more].reduce(withLayer, unset);
}

function withLayer(settings: BotSettings, layer: SettingsLayer): BotSettings {
  const { access, rateLimit, watches, health, ...rest } = layer;
  return {
    ...settings,
    ...defined(rest),
    access: { ...settings.access, ...defined(access) },
    rateLimit: { ...settings.rateLimit, ...defined(rateLimit) },
    watches: { ...settings.watches, ...defined(watches) },
    health: {
      ...settings.health,
      ...defined({ ...health, thresholds: undefined }),
      thresholds: { ...settings.health.thresholds, ...defined(health?.thresholds) },
    },
  };
}

/** Only the keys given a value: `{ cacheTtlSeconds: undefined }` keeps what was there, as an unset variable does. */
function defined<T extends object>(values: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}
