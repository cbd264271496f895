import { afterEach, describe, expect, it } from "vitest";
import { baseEnv, NOWHERE, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-for-startup-e2e-0123";
const WEBHOOK_SECRET = "webhook_secret-startup-e2e-0123456789";

let telegram: FakeBotApi | undefined;
let sandbox: TestSandbox | undefined;
let bot: BotProcess | undefined;
afterEach(async () => {
  await bot?.stop("SIGKILL");
  await telegram?.close();
  await sandbox?.close();
  bot = telegram = sandbox = undefined;
});

async function startWith(mode: "polling" | "webhook", failing: string): Promise<{ code: number | null; output: string; bot: BotProcess }> {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  const provider = await startTestSandbox({ token: SERVICE_TOKEN });
  sandbox = provider;
  telegram.failNext({ method: failing, times: 100, response: { status: 400, error_code: 400, description: `Bad Request: ${failing} refused for this test` } });
  const process_ = startBotProcess(baseEnv(telegram, provider, mode === "webhook" ? { BOT_MODE: "webhook", HTTP_PORT: "0", WEBHOOK_URL: "https://bot.example.com/hook", WEBHOOK_SECRET } : {}), startScriptCommand());
  bot = process_;
  const code = await Promise.race([process_.exited, process_.waitForLog((entry) => entry.msg === "bot started", 20_000).then(() => "started" as const)]);
  return { code: code === "started" ? null : code, output: process_.stdout.join("\n") + process_.stderr.join(""), bot: process_ };
}

const noSecrets = (output: string) => {
  for (const secret of [BOT_TOKEN, SERVICE_TOKEN, WEBHOOK_SECRET]) expect(output).not.toContain(secret);
};

describe("a start-up call that fails", () => {
  it.each([
    ["polling", "getMe"],
    ["polling", "deleteWebhook"],
    ["webhook", "getMe"],
    ["webhook", "setWebhook"],
  ] as const)("%s, %s: logs only Telegram's description, prints no secret, exits 1", async (mode, method) => {
    const { code, output } = await startWith(mode, method);
    expect(code).toBe(1);
    expect(output).toContain(`${method} failed: 400 Bad Request: ${method} refused for this test`);
    expect(output).not.toMatch(/secret_token|payload/);
    noSecrets(output);
  }, 30_000);

  it.each(["polling", "webhook"] as const)("%s, setMyCommands: costs only the menu; the bot starts and says so", async (mode) => {
    const { code, output } = await startWith(mode, "setMyCommands");
    expect(code).toBeNull();
    expect(output).toMatch(/could not register the command menu; commands still work/);
    noSecrets(output);
  }, 30_000);
});

describe("a webhook Telegram would refuse", () => {
  it("is refused at configuration time, before any call: plain http, or a short secret", async () => {
    const process_ = startBotProcess(
      baseEnv(undefined, { url: NOWHERE, token: SERVICE_TOKEN }, { BOT_MODE: "webhook", HTTP_PORT: "0", WEBHOOK_URL: "http://bot.example.com/hook", WEBHOOK_SECRET: "too-short" }),
      startScriptCommand(),
    );
    bot = process_;
    expect(await process_.exited).toBe(1);
    const output = process_.stdout.join("\n") + process_.stderr.join("");
    expect(output).toMatch(/WEBHOOK_URL must be an https:\/\/ URL/);
    expect(output).toMatch(/WEBHOOK_SECRET must be 16-256 characters/);
    expect(output).not.toContain("too-short");
    noSecrets(output);
  }, 30_000);
});
