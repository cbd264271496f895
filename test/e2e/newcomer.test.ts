import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { baseEnv } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { REPO_ROOT, startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { signalGroup, spawnGroup } from "../support/child-processes.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";

const AGENT = { id: 5001, first_name: "Ama", language_code: "en" };
const CHAT = { id: AGENT.id, type: "private" as const, first_name: "Ama" };

let sandbox: ChildProcess | undefined;
let telegram: FakeBotApi | undefined;
let bot: BotProcess | undefined;
afterEach(async () => {
  await bot?.stop("SIGKILL");
  signalGroup(sandbox?.pid, "SIGKILL");
  await telegram?.close();
  bot = telegram = sandbox = undefined;
});

/** `npm run sandbox` (on a free port): what it tells a newcomer to put in .env. */
async function startSandboxCommand(): Promise<Record<string, string>> {
  const child = spawnGroup("node", ["--import", "tsx", "src/payments/enquiry/sandbox/main.ts", "--port", "0"], { cwd: REPO_ROOT, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  sandbox = child;
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 20_000;
  while (!/ENQUIRY_TOKEN=\S+/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the sandbox said:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const told: Record<string, string> = {};
  for (const [, name = "", value = ""] of output.matchAll(/^ {2}(ENQUIRY_BASE_URL|ENQUIRY_TOKEN)=(\S+)$/gm)) told[name] = value;
  return told;
}

describe("the README's way to try the bot before the provider's credentials exist", () => {
  it("npm run sandbox gives a JWT-shaped token with an expiry far away: the bot loads it without a warning and answers", async () => {
    const told = await startSandboxCommand();
    expect(told.ENQUIRY_TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    // Only what it told, besides Telegram and who may ask.
    bot = startBotProcess(baseEnv(telegram, { url: told.ENQUIRY_BASE_URL ?? "", token: told.ENQUIRY_TOKEN ?? "" }, { ALLOWED_USER_IDS: String(AGENT.id) }), startScriptCommand());
    await bot.waitForLog((entry) => entry.msg === "bot started", 30_000);
    expect(bot.logs().find((entry) => String(entry.msg).startsWith("service token"))).toMatchObject({ level: "info", msg: "service token loaded" });
    expect(Date.parse(String(bot.logs().find((entry) => entry.msg === "service token loaded")?.expiresAt))).toBeGreaterThan(Date.now() + 10 * 365 * 24 * 3_600_000);
    expect(bot.logs().filter((entry) => entry.level === "warn" || entry.level === "error")).toEqual([]);

    const asked = telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-1");
    const reply = await telegram.waitFor((calls: RecordedCall[]) =>
      calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === asked.message?.message_id),
    );
    expect(reply.payload.text).toMatch(/^✅ Collection COL-SUCCESS-1/);
    expect(bot.stdout.join("\n")).not.toContain(told.ENQUIRY_TOKEN);
  }, 60_000);

  it("README, .env.example and docs/development.md give that very token", async () => {
    const { ENQUIRY_TOKEN: token = "" } = await startSandboxCommand();
    for (const file of ["README.md", ".env.example", "docs/development.md"]) {
      const text = readFileSync(join(REPO_ROOT, file), "utf8");
      expect(text, file).toContain(token);
      expect(text, file).not.toMatch(/ENQUIRY_TOKEN=sandbox-token|Sandbox: sandbox-token/);
    }
  }, 30_000);
});
