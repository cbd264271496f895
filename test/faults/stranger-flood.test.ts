import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-stranger-flood-0123";
const AGENT = { id: 5001, first_name: "Ama" };
const SERVICE_LATENCY_MS = 200;
const STRANGERS = 1_000;

let telegram: FakeBotApi;
let sandbox: TestSandbox;
let bot: BotProcess;

beforeAll(async () => {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  sandbox = await startTestSandbox({ token: SERVICE_TOKEN, latencyMs: SERVICE_LATENCY_MS });
  // Telegram answers every reply to a stranger with 429, asking to wait 15 s.
  telegram.chaos.inject = (method, payload) =>
    (method === "sendMessage" || method === "answerCallbackQuery") && payload.chat_id !== AGENT.id
      ? { method, times: 1, response: { status: 429, error_code: 429, description: "Too Many Requests: retry after 15", retry_after: 15 } }
      : undefined;
  bot = startBotProcess(baseEnv(telegram, sandbox, { ALLOWED_USER_IDS: String(AGENT.id) }), startScriptCommand());
  await bot.waitForLog((entry) => entry.msg === "polling for updates", 30_000);
}, 40_000);

afterAll(async () => {
  await bot.stop();
  await telegram.close();
  await sandbox.close();
});

describe("a flood of strangers", () => {
  it("never holds up an allowed user: 1,000 strangers whose replies all get 429, and the agent is answered within the service latency + 1 s", async () => {
    for (let i = 0; i < STRANGERS / 2; i++) {
      const stranger = { id: 700_000 + i, first_name: `S${i}` };
      telegram.sendText({ id: stranger.id, type: "private", first_name: stranger.first_name }, stranger, i % 2 ? "/whoami" : "/collection TX-1");
    }
    const sentAt = Date.now();
    const asked = telegram.sendText({ id: AGENT.id, type: "private", first_name: AGENT.first_name }, AGENT, "/collection COL-SUCCESS-42");
    for (let i = STRANGERS / 2; i < STRANGERS; i++) {
      const stranger = { id: 700_000 + i, first_name: `S${i}` };
      telegram.sendText({ id: -100_000 - i, type: "supergroup", title: `G${i}` }, stranger, "/whoami");
    }
    const reply = await telegram.waitFor(
      (calls: RecordedCall[]) => calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === asked.message?.message_id),
      15_000,
    );
    expect(reply.payload.text).toMatch(/^✅ Collection COL-SUCCESS-42/);
    expect(reply.at - sentAt).toBeLessThan(SERVICE_LATENCY_MS + 1_000);
    // Never a retry: after the first 429, replies to strangers are not even attempted until
    // Telegram's retry_after has passed. And no stranger cost an enquiry. The agent's next
    // command, sent after every stranger's, answered: the bot is past all of them.
    telegram.sendText({ id: AGENT.id, type: "private", first_name: AGENT.first_name }, AGENT, "/whoami");
    await telegram.waitFor((calls: RecordedCall[]) => calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === AGENT.id).length >= 2, 15_000);
    const attempts = telegram.attempts.get("sendMessage") ?? 0;
    expect(attempts).toBeGreaterThanOrEqual(3);
    // Only the first batches, sent before Telegram's first 429 came back.
    expect(attempts).toBeLessThan(STRANGERS / 3);
    expect(sandbox.stats.requests).toBe(1);
  }, 30_000);
});
