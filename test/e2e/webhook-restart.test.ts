import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-webhook-restart-0123";
const SECRET = "webhook_secret-restart-e2e-0123456789";
const AGENT = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };

let telegram: FakeBotApi;
let sandbox: TestSandbox;
let dir: string;
const running: BotProcess[] = [];
let nextId = 500;

const command = (text: string): Update =>
  ({
    update_id: nextId++,
    message: { message_id: nextId, date: 1, chat: { id: AGENT.id, type: "private", first_name: "Ama" }, from: AGENT, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
  });
const repliesTo = (update: Update) => (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === update.message?.message_id);

async function startBot(): Promise<{ bot: BotProcess; deliver: (update: Update) => Promise<number> }> {
  const bot = startBotProcess(
    baseEnv(telegram, sandbox, {
      ENQUIRY_TIMEOUT_MS: "2000",
      ENQUIRY_TOTAL_TIMEOUT_MS: "2000",
      ALLOWED_USER_IDS: String(AGENT.id),
      BOT_MODE: "webhook",
      HTTP_PORT: "0",
      WEBHOOK_URL: "https://bot.example.com/hook",
      WEBHOOK_SECRET: SECRET,
      STATE_DB: join(dir, "bot.db"),
    }),
    startScriptCommand(),
  );
  running.push(bot);
  const listening = await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000);
  await bot.waitForLog((entry) => entry.msg === "bot started", 30_000);
  const url = `http://127.0.0.1:${String(listening.port)}/hook`;
  const deliver = async (update: Update) => {
    try {
      const response = await fetch(url, { method: "POST", body: JSON.stringify(update), headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET } });
      return response.status;
    } catch {
      return 0;
    }
  };
  return { bot, deliver };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "webhook-restart-"));
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  sandbox = await startTestSandbox({ token: SERVICE_TOKEN, stallMs: 20_000 });
});

afterAll(async () => {
  for (const bot of running) await bot.stop("SIGKILL");
  await telegram.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("webhook updates across a crash and a restart (the embedded store)", () => {
  it("answers an update that was being handled when the process was killed once, after the restart, and never answers a handled one twice", async () => {
    const first = await startBot();
    const handled = command("/collection COL-SUCCESS-1");
    expect(await first.deliver(handled)).toBe(200);
    expect(repliesTo(handled)(telegram.calls)).toHaveLength(1);

    const interrupted = command("/collection COL-SLOW-1");
    const before = sandbox.stats.requests;
    const delivery = first.deliver(interrupted);
    await telegram.waitFor(() => sandbox.stats.requests > before);
    await first.bot.stop("SIGKILL");
    // Telegram got no answer, so it will deliver the update again.
    expect(await delivery).toBe(0);
    expect(repliesTo(interrupted)(telegram.calls)).toHaveLength(0);

    const second = await startBot();
    expect(await second.deliver(interrupted)).toBe(200);
    expect(await second.deliver(handled)).toBe(200);
    // Acknowledged only once handled: no reply to either can come after this.
    expect(repliesTo(interrupted)(telegram.calls)).toHaveLength(1);
    expect(repliesTo(interrupted)(telegram.calls)[0]?.payload.text).toMatch(/No answer in time/);
    expect(repliesTo(handled)(telegram.calls)).toHaveLength(1);
    // The log line is written before the answer, but reaches this test through a pipe: wait for it.
    await second.bot.waitForLog((entry) => entry.msg === "update delivered again; already handled" && entry.updateId === handled.update_id, 5_000);
    await second.bot.stop("SIGTERM");
  }, 60_000);
});
