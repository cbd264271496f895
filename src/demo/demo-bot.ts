import type { Transformer } from "grammy";
import { assembleBot } from "../app/assemble.ts";
import { botSettings } from "../app/bot-settings.ts";
import { createLogger, SecretSet } from "../logger.ts";
import { createCaseStore } from "../payments/cases/case-store.ts";
import { createEnquiryClient } from "../payments/enquiry/client.ts";
import { startSandbox, TROUBLE_MODES, type TroubleMode } from "../payments/enquiry/sandbox/server.ts";
import { SANDBOX_TOKEN } from "../payments/enquiry/sandbox/token.ts";
import { IN_MEMORY } from "../state/sqlite/open-database.ts";
import { openSqliteStore } from "../state/sqlite/sqlite-store.ts";
import { DEFAULT_LOCALE, pickLocale, Translations } from "../telegram/i18n.ts";
import { createReceiptRenderer } from "../telegram/render/receipt-picture.ts";
import { createTelegramFetch } from "../telegram/transport/fetch.ts";
import type { TelegramFiles } from "../telegram/transport/files.ts";
import type { Say, DemoPeople } from "./chat/fake-chat.ts";
import { healthActs } from "./health-acts.ts";

/** A case nobody took is recalled in the support chat after this long (15 min in production). */
const DEMO_CASE_REMIND_MS = 2 * 60_000;
/** Short, so that 🔔 Notify me shows its message within seconds: SETTLE IDs settle after this long. */
export const SETTLE_MS = 8_000;
/**
 * The provider is judged on at least 20 enquiries of a kind (each /trouble starts afresh, see
 * health-acts.ts) and recovers quickly, so that /trouble shows it all within a minute: the sample
 * file's 24 IDs that could not be checked make it 🔴, and once they can be again it is back to
 * normal after 10 s, announced within 15 s (the monitor judges every fifth of that, and a machine
 * under load may be late). A newcomer trying the sandbox's IDs one by one (a SLOW one, an ERROR
 * one) makes a handful of enquiries: never enough to call the provider in trouble, by share or by
 * latency (the 95th percentile of 20 leaves the slowest one out).
 */
const DEMO_MIN_ENQUIRIES = 20;
const DEMO_RECOVERY_MS = 10_000;
export const PROMISED_RECOVERY_S = 15;
/** Short, so that the SLOW example shows its timeout within seconds. */
const DEMO_TIMEOUT_MS = 3_000;
const DEMO_TOTAL_TIMEOUT_MS = 4_000;
/**
 * /trouble slow: answers within the demo's timeout, yet slower than it calls slow; slow is above
 * what a BUSY ID takes (its Retry-After: 1 s), so that trying it is no slow provider.
 */
const DEMO_SLOW_ANSWER_MS = 2_500;
const DEMO_SLOW_MS = 2_000;
const BOT_TOKEN = "100000001:demo-token-not-used-anywhere";

export interface DemoBotParts {
  people: DemoPeople;
  lang: string;
  verbose: boolean;
  /** Answers the Bot API calls the bot makes, instead of Telegram. */
  offlineTelegram: Transformer;
  files: TelegramFiles;
  say: Say;
}

/** The real bot, as production assembles it, with the embedded sandbox as the provider and its state in memory. */
export async function startDemoBot({ people, lang, verbose, offlineTelegram, files, say }: DemoBotParts) {
  const { botInfo, user, supportChat } = people;
  const sandbox = await startSandbox({ token: SANDBOX_TOKEN, stallMs: 60_000, settleMs: SETTLE_MS, slowMs: DEMO_SLOW_ANSWER_MS });
  const client = createEnquiryClient({
    baseUrl: sandbox.url,
    token: () => SANDBOX_TOKEN,
    timeoutMs: DEMO_TIMEOUT_MS,
    totalTimeoutMs: DEMO_TOTAL_TIMEOUT_MS,
    retries: 2,
    connections: 4,
  });
  const logger = createLogger({ level: verbose ? "info" : "silent", secrets: new SecretSet() });
  // The embedded store, in memory: the demo leaves nothing behind.
  const state = openSqliteStore({ path: IN_MEMORY });
  const acts = healthActs(state.tallies);
  // The cases as the bot keeps them: /support #N finds a case's card, /reply a case's message.
  const caseStore = createCaseStore(state);
  const translations = new Translations();
  // The bot as production assembles it; the Bot API calls it makes (replies, and messages sent
  // outside any update: notifications, bulk reports) are answered here.
  const assembled = assembleBot({
    settings: botSettings({
      telegram: { botToken: BOT_TOKEN, apiRoot: undefined },
      // The demo's agent is an admin too: alerts about the provider come to this chat, and /health shows the admins' part.
      access: { allowEveryone: true, adminUserIds: new Set([user.id]) },
      rateLimit: { maxCost: 1_000 },
      // Watches checked every few seconds, so that a notification arrives while you watch.
      watches: { firstCheckMs: 3_000, maxIntervalMs: 4_000 },
      // Every check asks the sandbox: an answer cached before /trouble would hide the trouble played.
      cacheTtlSeconds: 0,
      // Cases: 🆘 Ask support and /escalate, their cards in the demo's support chat.
      support: { chatId: supportChat.id, threadId: undefined, remindMs: DEMO_CASE_REMIND_MS },
      health: { thresholds: { minEnquiries: DEMO_MIN_ENQUIRIES, slowMs: DEMO_SLOW_MS, recoveryMs: DEMO_RECOVERY_MS } },
    }),
    state: { ...state, tallies: acts.tallies },
    enquiry: { interactive: client, background: client },
    // The sandbox's token, a JWT that expires in 2100: /health says so, as it would of a real one.
    serviceToken: () => SANDBOX_TOKEN,
    telegram: { fetch: createTelegramFetch(), transformers: [offlineTelegram], botInfo, files },
    translations,
    logger,
    instanceId: "demo",
    // Receipts drawn as production draws them: /receipt writes the PNG to a file.
    receiptRenderers: { picture: createReceiptRenderer() },
  });
  // The agent's app language, as if chosen with /language: what the bot sends outside an update (the
  // admins' alerts, notifications) follows it too, as a real admin's would once they chose theirs.
  const appLocale = pickLocale(lang, translations.locales);
  if (appLocale !== DEFAULT_LOCALE) await assembled.languages.choose({ kind: "user", id: user.id }, { locale: appLocale, by: user.id, at: Date.now() });
  assembled.startBackground();

  /**
   * `/trouble errors` (or timeouts, slow, none): the sandbox plays a provider in trouble, to see
   * /health and its alerts. Each one starts a new act, judged on what happens in it alone (see
   * health-acts.ts); the provider is judged at once, so that a recovery counts from now.
   */
  async function playTrouble(mode: string): Promise<void> {
    if (!(mode in TROUBLE_MODES)) {
      say(`(the sandbox can play: ${Object.keys(TROUBLE_MODES).join(", ")})\n`);
      return;
    }
    await assembled.health.recorder.flush();
    acts.next();
    sandbox.setTrouble({ mode: mode as TroubleMode, kinds: ["collection", "airtime"] });
    say(`(sandbox: ${TROUBLE_MODES[mode as TroubleMode]})\n`);
    await assembled.health.monitor.evaluate();
  }

  async function close(): Promise<void> {
    await assembled.stopBackground(1_000);
    await client.close();
    await state.close();
    await sandbox.close();
  }

  return { assembled, caseStore, playTrouble, close };
}
export type DemoBot = Awaited<ReturnType<typeof startDemoBot>>;
