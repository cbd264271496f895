import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-shutdown-e2e-0123";
const AGENT = { id: 5001, first_name: "Ama", language_code: "en" };
const CHAT = { id: AGENT.id, type: "private" as const, first_name: "Ama" };
const GRACE_MS = 3_000;
/** Node's own start-up and exit, the log flushed: what the grace period cannot include. */
const MARGIN_MS = 1_500;

let sandbox: TestSandbox;
let telegram: FakeBotApi;
let bot: BotProcess | undefined;
/** Enquiries the sandbox received (and, stalled, is still holding). */
let received = 0;

beforeAll(async () => {
  // The provider stalls far longer than the bot waits for it by default (10 s per attempt, 25 s in all).
  sandbox = await startTestSandbox({ token: SERVICE_TOKEN, stallMs: 120_000, onEnquiry: () => void received++ });
  sandbox.setTrouble({ mode: "timeouts", kinds: ["collection", "airtime"] });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await bot?.stop("SIGKILL");
  bot = undefined;
  await telegram.close();
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("shutdown with the provider stalled", () => {
  it.each(["polling", "webhook"] as const)("%s: exits within SHUTDOWN_GRACE_MS, not twice it, however much is in flight", async (mode) => {
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    bot = startBotProcess(
      baseEnv(telegram, sandbox, {
        ALLOWED_USER_IDS: String(AGENT.id),
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        ...(mode === "webhook" ? { BOT_MODE: "webhook", HTTP_PORT: "0", WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET: "shutdown-e2e-webhook-secret-0123" } : {}),
      }),
      startScriptCommand(),
    );
    const running = bot;
    const listening = mode === "webhook" ? await running.waitForLog((entry) => entry.msg === "http server listening", 30_000) : undefined;
    await running.waitForLog((entry) => entry.msg === "bot started", 30_000);
    const before = received;
    const updates = [
      telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-1 COL-SUCCESS-2"),
      telegram.sendText(CHAT, AGENT, "/watch AIR-SUCCESS-3"),
      telegram.sendFile(CHAT, AGENT, { name: "ids.csv", content: Array.from({ length: 20 }, (_, i) => `COL-SUCCESS-F${i}`).join("\n"), caption: "/collection" }),
    ];
    if (listening) {
      const url = `http://127.0.0.1:${String(listening.port)}/hook`;
      for (const update of updates) {
        void fetch(url, { method: "POST", body: JSON.stringify(update), headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "shutdown-e2e-webhook-secret-0123" } }).catch(() => undefined);
      }
    }
    // The commands' enquiries and the bulk check's first ones are with the provider, which does not answer.
    await waitUntil(() => received - before >= 4);

    const signalled = performance.now();
    const code = await running.stop("SIGTERM");
    const tookMs = performance.now() - signalled;

    expect(running.logs().some((entry) => entry.msg === "shutdown grace period over; unfinished updates are left to Telegram's redelivery")).toBe(true);
    expect(code).toBe(0);
    expect(running.logs().at(-1)?.msg).toBe("stopped");
    expect(tookMs).toBeLessThanOrEqual(GRACE_MS + MARGIN_MS);
  }, 60_000);
});
