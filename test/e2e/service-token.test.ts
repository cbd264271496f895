import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, clientCredentialsEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";

const CLIENT_ID = "e2e-client";
const CLIENT_SECRET = "e2e-client-secret-0123456789abcdef";
const SUBSCRIPTION_KEY = "e2e-subscription-key-fedcba9876543210";
const STATIC_TOKEN = "e2e-static-token-0123456789";
/** Every token the sandbox hands out looks like this: none may show anywhere. */
const ISSUED_TOKEN = /sbx-[0-9a-f]{32}/;
const AGENT = { id: 6101, first_name: "Kofi", language_code: "en" };
const ADMIN_CHAT = -1008888888888;
const privateChat = { id: AGENT.id, type: "private" as const, first_name: AGENT.first_name };

let sandbox: TestSandbox;
let telegram: FakeBotApi;
let bot: BotProcess | undefined;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "service-token-e2e-"));
  // Tokens live 2 s at the sandbox, which the bot counts as 30 s (a lifetime under 30 s is not taken
  // as said): the sandbox refuses one the bot still holds good, and the bot renews it at that first refusal.
  sandbox = await startTestSandbox({ token: STATIC_TOKEN, tokenEndpoint: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, lifetimeSeconds: 2 } });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await bot?.stop("SIGKILL");
  bot = undefined;
  await telegram.close();
  sandbox.tokenEndpoint?.setMode("normal");
});

async function start(extra: Record<string, string> = {}): Promise<{ bot: BotProcess; http: string }> {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  bot = startBotProcess(
    baseEnv(telegram, sandbox, {
      ...clientCredentialsEnv(sandbox, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }),
      ENQUIRY_HEADERS: JSON.stringify({ "Ocp-Apim-Subscription-Key": SUBSCRIPTION_KEY }),
      ENQUIRY_TIMEOUT_MS: "1000",
      CACHE_TTL_SECONDS: "0",
      ADMIN_USER_IDS: String(AGENT.id),
      ADMIN_CHAT_ID: String(ADMIN_CHAT),
      HTTP_PORT: "0",
      // Every line the bot can write, so that no level hides a leak.
      LOG_LEVEL: "trace",
      STATE_DB: join(dir, `bot-${Date.now()}.db`),
      ...extra,
    }),
    startScriptCommand(),
  );
  const listening = await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000);
  await bot.waitForLog((entry) => entry.msg === "bot started", 30_000);
  return { bot, http: `http://127.0.0.1:${String(listening.port)}` };
}

const replyTo = (messageId: number | undefined) => (calls: RecordedCall[]) =>
  calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);

async function ask(text: string): Promise<string> {
  const sent = telegram.sendText(privateChat, AGENT, text);
  return String((await telegram.waitFor(replyTo(sent.message?.message_id), 20_000)).payload.text);
}

const adminMessages = () => telegram.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === ADMIN_CHAT).map((call) => String(call.payload.text));
const obtainedLogs = (process: BotProcess) => process.logs().filter((entry) => entry.msg === "service token obtained");

/** Not the client secret (in any spelling), the header's value or a token, in any log line, reply, /readyz or /metrics. */
function expectNoSecret(...outputs: string[]) {
  const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");
  for (const output of outputs) {
    for (const secret of [CLIENT_SECRET, SUBSCRIPTION_KEY, basic, BOT_TOKEN]) expect(output).not.toContain(secret);
    expect(output).not.toMatch(ISSUED_TOKEN);
  }
}

const everything = (process: BotProcess) => [process.stdout.join("\n"), process.stderr.join(""), JSON.stringify(telegram.calls.map((call) => call.payload))];

describe("the bot obtaining its own service token (the real process, the sandbox's token endpoint)", () => {
  it("obtains a token, renews it when the provider refuses it, answers throughout, shows where it comes from; no secret in any output at any level", async () => {
    const { bot: process_, http } = await start();
    expect(await ask("/collection COL-SUCCESS-1")).toMatch(/SUCCESS/);
    // At least the first token; on a loaded machine the first answer may come after the sandbox refused it already.
    const before = obtainedLogs(process_).length;
    expect(before).toBeGreaterThanOrEqual(1);
    // The sandbox's 2 s are over (time itself is the rule here): it refuses the token the bot counts good for 30 s.
    const latest = Date.parse(String(obtainedLogs(process_).at(-1)?.obtainedAt));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, latest + 2_200 - Date.now())));
    expect(await ask("/collection COL-SUCCESS-2")).toMatch(/SUCCESS/);
    // Renewed at that first refusal, and the enquiry tried again with the new token.
    await process_.waitForLog((entry) => entry.msg === "service token obtained" && obtainedLogs(process_).length > before, 10_000);
    expect(process_.logs().filter((entry) => entry.msg === "the token endpoint's expires_in cannot be taken as said: a lifetime under 30 s counts as 30 s, one past a year as no expiry")).toEqual([
      expect.objectContaining({ level: "warn", lifetimeNote: "expires_in says 2 s, under 30 s: counted as 30 s" }),
    ]);

    const readyz = await fetch(`${http}/readyz`);
    const readiness = (await readyz.json()) as Record<string, string>;
    expect(readyz.status).toBe(200);
    expect(readiness).toMatchObject({ status: "ready", token: "ok", tokenSource: "client_credentials", tokenObtainedAt: expect.any(String), tokenExpiresAt: expect.any(String) });
    const expiresAt = Date.parse(readiness.tokenExpiresAt ?? "");
    expect(expiresAt - Date.parse(readiness.tokenObtainedAt ?? "")).toBe(30_000);

    const metrics = await (await fetch(`${http}/metrics`)).text();
    const gauge = /^payment_bot_service_token_expiry_timestamp_seconds (\S+)$/m.exec(metrics)?.[1];
    // The gauge follows the current token.
    expect(Number(gauge) * 1000).toBe(expiresAt);
    expect(metrics).toMatch(/^payment_bot_service_token_renewed_by_bot 1$/m);

    const health = await ask("/health");
    expect(health).toMatch(/Obtained by the bot \(client credentials\) at /);
    expect(health).not.toMatch(/NOT RENEWED|refuses/);
    // No expiry warnings for a token the bot renews itself, and no alert at all.
    expect(adminMessages()).toEqual([]);
    // One request at start, and one per refusal: never one per enquiry.
    expect(sandbox.tokenEndpoint?.stats.issued).toBeLessThanOrEqual(obtainedLogs(process_).length + 1);
    expectNoSecret(...everything(process_), JSON.stringify(readiness), metrics, health);
  }, 60_000);

  it("the credentials refused: starts anyway, not ready and why, 'could not check' to users, the admins told once; no secret anywhere", async () => {
    sandbox.tokenEndpoint?.setMode("refuse");
    const { bot: process_, http } = await start();
    await telegram.waitFor(() => adminMessages().length > 0, 10_000);
    const readyz = await fetch(`${http}/readyz`);
    const body = await readyz.text();
    expect(readyz.status).toBe(503);
    expect(JSON.parse(body)).toMatchObject({ status: "not ready", reason: "no service token: HTTP 401 invalid_client", token: "missing", tokenSource: "client_credentials", tokenProblem: expect.stringMatching(/^credentials refused since .*: HTTP 401 invalid_client$/) });

    const replies = [await ask("/collection COL-SUCCESS-1"), await ask("/airtime AIR-SUCCESS-1"), await ask("/collection COL-FAILED-1")];
    for (const reply of replies) {
      expect(reply).toMatch(/Could not check/);
      expect(reply).toMatch(/The service refused the bot's credentials, so the payment was not asked about; an admin has been told/);
      expect(reply).not.toMatch(/❌|Payment: FAILED/);
    }
    const health = await ask("/health");
    expect(health).toMatch(/The provider has refused the credentials since .*: HTTP 401 invalid_client/);
    expect(adminMessages()).toEqual([expect.stringMatching(/^⚠️ The payment provider refused the bot's credentials when it asked for a service token \(HTTP 401 invalid_client\)/)]);
    expectNoSecret(...everything(process_), body, health);
  }, 60_000);

  it("ENQUIRY_TOKEN=x: one warning at start naming it (never its value), and the logs whole around it ('expiry', not 'e[REDACTED]piry')", async () => {
    const { bot: process_ } = await start({ ENQUIRY_TOKEN_URL: "", ENQUIRY_CLIENT_ID: "", ENQUIRY_CLIENT_SECRET: "", ENQUIRY_TOKEN: "x" });
    expect(process_.logs().filter((entry) => entry.msg === "a secret too short to be real (a placeholder?): it is masked in the logs only where it stands alone")).toEqual([
      expect.objectContaining({ level: "warn", variable: "ENQUIRY_TOKEN", characters: 1 }),
    ]);
    expect(process_.logs().map((entry) => entry.msg)).toContain("service token is not JWT-shaped; its expiry cannot be checked");
    expect(process_.stdout.join("\n")).not.toContain("e[REDACTED]piry");
  }, 60_000);

  it("a wrong address (a web server's HTML 404): 'could not check' with the hint, never 'not found'; the admins told once; /health counts it as not checked", async () => {
    const { bot: process_ } = await start({ ENQUIRY_BASE_URL: `${sandbox.url}/momo/v2`, ENQUIRY_TOKEN_URL: "", ENQUIRY_CLIENT_ID: "", ENQUIRY_CLIENT_SECRET: "", ENQUIRY_TOKEN: STATIC_TOKEN });
    const first = await ask("/collection COL-SUCCESS-1");
    expect(first).toMatch(/Could not check/);
    expect(first).toMatch(/the service's address seems wrong, and the payment was not asked about/);
    expect(first).not.toMatch(/Not found|🔍/);
    await ask("/airtime AIR-SUCCESS-1");
    await ask("/collection COL-SUCCESS-2");
    await telegram.waitFor(() => adminMessages().length > 0, 10_000);
    expect(adminMessages()).toEqual([expect.stringMatching(/^⚠️ The payment service's address looks wrong: an enquiry \(Collection\) was answered HTTP 404 with a web page, not by the API/)]);
    const health = await ask("/health");
    expect(health).toMatch(/Collection, last 5 min: 2 enquiries · 100% not checked/);
    expect(health).toMatch(/Airtime, last 5 min: 1 enquiry · 100% not checked/);
    expectNoSecret(...everything(process_));
    expect(process_.stdout.join("\n")).not.toContain(STATIC_TOKEN);
  }, 60_000);
});
