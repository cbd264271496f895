import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { SandboxOptions } from "../../src/payments/enquiry/sandbox/server.ts";
import { baseEnv, startTestSandbox, type TestSandbox } from "./bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "./bot-harness.ts";
import { startBotProcess, startScriptCommand, webhookDeliverers, webhookInstanceEnv, type BotProcess } from "./bot-process.ts";
import { repliesTo, startFakeBotApi, type FakeBotApi, type RecordedCall } from "./fake-bot-api.ts";
import { deletePrefix, testPrefix, type RedisAvailability } from "./redis.ts";

/** The line the bot logs once it takes updates. */
export const BOT_STARTED = (entry: Record<string, unknown>) => entry.msg === "bot started";

/** Delivers an update to a webhook instance as Telegram does (with the secret); the HTTP status. */
export type Deliver = (update: unknown) => Promise<number>;

export interface BotProcessSuiteOptions {
  /** The provider's stand-in: one for the whole file, its token in every bot's environment. */
  sandbox: SandboxOptions;
  /** Added to every bot's environment in the file, before what a test adds. */
  env?: Record<string, string>;
}

export interface BotProcessSuite {
  readonly sandbox: TestSandbox;
  /** This test's Telegram stand-in: a fresh one for each test, closed after it. */
  readonly telegram: FakeBotApi;
  /** A folder for the file's state files (STATE_DB), removed after the file. */
  readonly dir: string;
  /** The bot as `npm start` runs it, on `baseEnv`, the file's `env` and `extra`; killed after the test. */
  start(extra?: Record<string, string>): BotProcess;
  /** `start`, then waits for it to take updates. */
  started(extra?: Record<string, string>): Promise<BotProcess>;
  /** REDIS_URL and a key prefix of this test's own, whose keys are deleted after it. */
  sharedRedis(redis: RedisAvailability, name: string): Record<string, string>;
  /** Two instances behind a webhook sharing Redis (as behind a load balancer), once both take updates. */
  webhookPair(redis: RedisAvailability, name: string, extra?: Record<string, string>): Promise<{ bots: BotProcess[]; deliver: Deliver[] }>;
}

const PAIR_SECRET = "webhook_secret-e2e-pair-0123456789";

/**
 * The start and teardown of end-to-end tests, written once: call it at the top of a test file.
 * A sandbox for the file, a Telegram stand-in for each test, and every bot a test starts killed
 * after it (with its Redis keys deleted), whether the test passed or not.
 */
export function useBotProcesses(options: BotProcessSuiteOptions): BotProcessSuite {
  let sandbox: TestSandbox | undefined;
  let telegram: FakeBotApi | undefined;
  let dir: string | undefined;
  const bots: BotProcess[] = [];
  const prefixes: { url: string; prefix: string }[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox(options.sandbox);
    dir = mkdtempSync(join(tmpdir(), "e2e-"));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  });
  afterEach(async () => {
    await Promise.all(bots.splice(0).map((bot) => bot.stop("SIGKILL")));
    await telegram?.close();
    await Promise.all(prefixes.splice(0).map(({ url, prefix }) => deletePrefix(url, prefix)));
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what} outside a test of this file`);
    return value;
  };
  const suite: BotProcessSuite = {
    get sandbox() {
      return ready(sandbox, "sandbox");
    },
    get telegram() {
      return ready(telegram, "Telegram stand-in");
    },
    get dir() {
      return ready(dir, "folder");
    },
    start(extra = {}) {
      const bot = startBotProcess(baseEnv(suite.telegram, suite.sandbox, { ...options.env, ...extra }), startScriptCommand());
      bots.push(bot);
      return bot;
    },
    async started(extra = {}) {
      const bot = suite.start(extra);
      await bot.waitForLog(BOT_STARTED, 30_000);
      return bot;
    },
    sharedRedis(redis, name) {
      if (!redis.available) throw new Error(`no Redis here: ${redis.reason}`);
      const prefix = testPrefix(name);
      prefixes.push({ url: redis.url, prefix });
      return { REDIS_URL: redis.url, REDIS_PREFIX: prefix };
    },
    async webhookPair(redis, name, extra = {}) {
      const shared = suite.sharedRedis(redis, name);
      const pair = [0, 1].map(() => suite.start({ ...webhookInstanceEnv(PAIR_SECRET, shared.REDIS_URL ?? "", shared.REDIS_PREFIX ?? ""), ...extra }));
      return { bots: pair, deliver: await webhookDeliverers(pair, PAIR_SECRET) };
    },
  };
  return suite;
}

/** A user sends a text (a /command gets its entity); resolves with the bot's first reply to it. */
export async function ask(telegram: FakeBotApi, chat: Parameters<FakeBotApi["sendText"]>[0], from: Parameters<FakeBotApi["sendText"]>[1], text: string, timeoutMs?: number): Promise<RecordedCall> {
  const sent = telegram.sendText(chat, from, text);
  return telegram.waitFor((calls) => repliesTo(sent.message?.message_id)(calls)[0], timeoutMs);
}

/**
 * Resolves, with the time of the last, once the bot has checked a watched payment `count` times
 * after `since` (its "enquiry" log lines, via a watch). A payment that stays pending is checked at
 * every turn of the watch loop: a test that asserts something did not happen in the loop waits
 * for these turns, not for a time.
 */
export async function watchChecks(bot: BotProcess, transactionId: string, since: number, count = 1, timeoutMs = 15_000): Promise<number> {
  const after = (entry: Record<string, unknown>) => entry.msg === "enquiry" && entry.via === "watch" && entry.transactionId === transactionId && Date.parse(String(entry.time)) > since;
  await vi.waitFor(
    () => {
      if (bot.logs().filter(after).length < count) throw new Error(`${transactionId} not checked ${count} times after ${new Date(since).toISOString()}`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
  return Math.max(...bot.logs().filter(after).map((entry) => Date.parse(String(entry.time))));
}
