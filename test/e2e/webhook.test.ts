import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";

const jwt = (expSeconds: number) =>
  ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify({ sub: "bot", exp: expSeconds })).toString("base64url"), "c2lnbmF0dXJl"].join(".");
const VALID = jwt(Math.floor(Date.now() / 1000) + 7 * 86_400);
const EXPIRED = jwt(Math.floor(Date.now() / 1000) - 3_600);
const SECRET = "hook_secret-e2e-0123456789";
const ADMIN_CHAT = -100_555;
const AGENT = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
const CHAT = { id: AGENT.id, type: "private", first_name: "Ama" };

let telegram: FakeBotApi;
let sandbox: TestSandbox;
let bot: BotProcess;
let dir: string;
let tokenFile: string;
let base: string;
let nextUpdateId = 1;
let nextMessageId = 1;

function commandUpdate(text: string): Update {
  return {
    update_id: nextUpdateId++,
    message: { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: CHAT, from: AGENT, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
  } as Update;
}

/** `secret: null` sends no secret header at all. */
const deliver = (update: unknown, secret: string | null = SECRET, body = JSON.stringify(update)) =>
  fetch(`${base}/tg/hook`, { method: "POST", body, headers: { "content-type": "application/json", ...(secret === null ? {} : { "x-telegram-bot-api-secret-token": secret }) } });

const replyTo = (update: Update) => (calls: RecordedCall[]) =>
  calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === update.message?.message_id);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "webhook-e2e-"));
  tokenFile = join(dir, "token");
  writeFileSync(tokenFile, EXPIRED);
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  telegram.delays.set("getMe", 1_500);
  sandbox = await startTestSandbox({ token: VALID, stallMs: 20_000 });
  bot = startBotProcess(
    baseEnv(telegram, sandbox, {
      // The token from a file, which is rotated below.
      ENQUIRY_TOKEN: "",
      ENQUIRY_TOKEN_FILE: tokenFile,
      ENQUIRY_TIMEOUT_MS: "1500",
      ENQUIRY_TOTAL_TIMEOUT_MS: "1500",
      ALLOWED_USER_IDS: String(AGENT.id),
      ADMIN_CHAT_ID: String(ADMIN_CHAT),
      BOT_MODE: "webhook",
      HTTP_PORT: "0",
      WEBHOOK_URL: "https://bot.example.com/tg/hook",
      WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: "debug",
    }),
    startScriptCommand(),
  );
  const listening = await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000);
  base = `http://127.0.0.1:${String(listening.port)}`;
}, 40_000);

afterAll(async () => {
  await bot.stop("SIGKILL");
  await telegram.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("webhook mode, the real process", () => {
  it("is not ready while starting, leaves updates with Telegram (503) until started, then sets the webhook with its secret and update types", async () => {
    const starting = await fetch(`${base}/readyz`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({ reason: "starting" });
    const early = commandUpdate("/collection COL-SUCCESS-0");
    expect((await deliver(early)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const setWebhook = await telegram.waitFor((calls) => calls.find((call) => call.method === "setWebhook"));
    expect(setWebhook.payload).toEqual({ url: "https://bot.example.com/tg/hook", secret_token: SECRET, allowed_updates: ["message", "callback_query", "inline_query", "chosen_inline_result", "my_chat_member"] });
    expect(telegram.calls.some((call) => call.method === "deleteWebhook")).toBe(false);
    await bot.waitForLog((entry) => entry.msg === "bot started");
    // Telegram delivers it again once the bot answers 200; it is then handled like any other.
    expect((await deliver(early)).status).toBe(200);
    expect((await telegram.waitFor(replyTo(early))).payload.text).toMatch(/Could not check|COL-SUCCESS-0/);
    // It waits for the whole start: the warm-up (1.4-3 s on a loaded machine) and getMe, held 1.5 s above.
  }, 20_000);

  it("reports an expired token: error log, not ready, users told, one admin alert of the expiry and one of the rejection", async () => {
    expect(bot.logs().some((entry) => entry.level === "error" && String(entry.msg).includes("has expired"))).toBe(true);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ reason: "service token expired", token: "expired" });
    const first = commandUpdate("/collection COL-SUCCESS-1");
    const second = commandUpdate("/airtime AIR-SUCCESS-1");
    await deliver(first);
    await deliver(second);
    expect((await telegram.waitFor(replyTo(first))).payload.text).toMatch(/Could not check/);
    await telegram.waitFor(replyTo(second));
    const alerts = telegram.calls.filter((call) => call.payload.chat_id === ADMIN_CHAT).map((call) => String(call.payload.text));
    expect(alerts.sort()).toEqual([expect.stringMatching(/^⚠️ The payment provider rejected the bot's service token \(HTTP 401\)/), expect.stringMatching(/^🔑 The service token expired on /)]);
  });

  it("picks up a rotated token file without a restart", async () => {
    writeFileSync(tokenFile, VALID);
    await bot.waitForLog((entry) => entry.msg === "service token loaded" && entry.source === "file");
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const update = commandUpdate("/collection COL-SUCCESS-2");
    await deliver(update);
    expect((await telegram.waitFor(replyTo(update))).payload.text).toMatch(/^✅ Collection COL-SUCCESS-2/);
  });

  it("answers 401 without the right secret, and 400 to a body that is not an update", async () => {
    const update = commandUpdate("/collection COL-SUCCESS-3");
    expect((await deliver(update, "wrong-secret")).status).toBe(401);
    expect((await deliver(update, null)).status).toBe(401);
    expect((await deliver(undefined, SECRET, "{not json")).status).toBe(400);
    expect((await deliver({ message: {} })).status).toBe(400);
    // A later update, delivered properly, is answered: the refused one was not, nor will be.
    const later = commandUpdate("/collection COL-SUCCESS-4");
    expect((await deliver(later)).status).toBe(200);
    expect(replyTo(later)(telegram.calls)).toBeDefined();
    expect(replyTo(update)(telegram.calls)).toBeUndefined();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("acknowledges an update once it is handled, tells a redelivery during handling to come back, and answers only once", async () => {
    const update = commandUpdate("/collection COL-SLOW-1");
    const before = sandbox.stats.requests;
    const started = Date.now();
    const first = deliver(update);
    await telegram.waitFor(() => sandbox.stats.requests > before);
    const during = await deliver(update);
    expect(during.status).toBe(503);
    const ack = await first;
    expect(ack.status).toBe(200);
    // The slow enquiry (a 1.5 s timeout) was answered before Telegram got its 200: nothing acknowledged is left undone.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(replyTo(update)(telegram.calls)?.payload.text).toMatch(/No answer in time/);
    // Acknowledged only once handled: no reply can come after this.
    expect((await deliver(update)).status).toBe(200);
    expect(telegram.calls.filter((call) => replyTo(update)([call]))).toHaveLength(1);
  });

  it("exposes metrics that moved with the enquiries", async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/payment_bot_enquiries_total\{kind="collection",outcome="found"\} [1-9]/);
    expect(text).toMatch(/payment_bot_enquiries_total\{kind="collection",outcome="unauthorized"\} 2/);
    expect(text).toMatch(/payment_bot_upstream_request_duration_seconds_count\{kind="collection",outcome="timeout"\} [1-9]/);
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });

  it("on SIGTERM, answers every enquiry in flight, then exits 0", async () => {
    const before = sandbox.stats.requests;
    const updates = [commandUpdate("/collection COL-SLOW-2"), commandUpdate("/collection COL-SLOW-3"), commandUpdate("/airtime AIR-SLOW-4")];
    for (const update of updates) await deliver(update);
    await telegram.waitFor(() => sandbox.stats.requests >= before + 3);
    const code = await bot.stop("SIGTERM");
    expect(code).toBe(0);
    for (const update of updates) expect(replyTo(update)(telegram.calls)?.payload.text).toMatch(/No answer in time/);
    expect(bot.stdout.join("\n") + bot.stderr.join("")).not.toMatch(new RegExp(`${BOT_TOKEN}|${VALID}|${EXPIRED}|${SECRET}`));
  }, 20_000);
});
