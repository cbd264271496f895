import type { InlineKeyboardMarkup } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Translations } from "../../src/telegram/i18n.ts";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";

const SANDBOX_TOKEN = "sandbox-token-for-e2e-0123456789";
const AGENT = { id: 5001, first_name: "Ama", language_code: "en" };
const MEMBER = { id: 5002, first_name: "Kofi", language_code: "fr" };
const STRANGER = { id: 6666, first_name: "Eve" };
const PRIVATE = { id: AGENT.id, type: "private" as const, first_name: AGENT.first_name };
const GROUP = { id: -1001234567890, type: "supergroup" as const, title: "Payments support" };

let telegram: FakeBotApi;
let sandbox: TestSandbox;
let bot: BotProcess;

const replyTo = (messageId: number) => (calls: RecordedCall[]) =>
  calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);

beforeAll(async () => {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  sandbox = await startTestSandbox({ token: SANDBOX_TOKEN, stallMs: 20_000 });
  // `npm start` itself, as an operator runs it.
  bot = startBotProcess(
    baseEnv(telegram, sandbox, {
      ENQUIRY_TIMEOUT_MS: "1500",
      ENQUIRY_TOTAL_TIMEOUT_MS: "2000",
      ALLOWED_USER_IDS: String(AGENT.id),
      ALLOWED_CHAT_IDS: String(GROUP.id),
      LOG_LEVEL: "debug",
    }),
  );
  await bot.waitForLog((entry) => entry.msg === "polling for updates", 30_000);
}, 40_000);

afterAll(async () => {
  await bot.stop("SIGTERM");
  await telegram.close();
  await sandbox.close();
});

describe("the real bot process, long polling a local Bot API server", () => {
  it("at start, removes any webhook (polling would conflict with it) and registers the command menu", () => {
    const methods = telegram.calls.map((call) => call.method);
    expect(methods).toContain("deleteWebhook");
    // Private chats and groups, each in the default language and in every other one the bot speaks.
    expect(methods.filter((method) => method === "setMyCommands")).toHaveLength(2 * new Translations().locales.length);
  });

  it("answers /collection and /airtime in a private chat", async () => {
    const first = telegram.sendText(PRIVATE, AGENT, "/collection COL-SUCCESS-1");
    const second = telegram.sendText(PRIVATE, AGENT, "/airtime AIR-FAILED-1");
    const success = await telegram.waitFor(replyTo(first.message?.message_id ?? 0));
    const failure = await telegram.waitFor(replyTo(second.message?.message_id ?? 0));
    expect(success.payload).toMatchObject({ chat_id: AGENT.id, text: expect.stringMatching(/^✅ Collection COL-SUCCESS-1\nPayment: SUCCESS\nMNO ref: MP/) });
    expect(failure.payload.text).toMatch(/^❌ Airtime AIR-FAILED-1\nPayment: FAILED\nReason: Insufficient balance/);
  });

  it("answers any member of an allowed group, and Refresh edits the answer in place", async () => {
    const asked = telegram.sendText(GROUP, MEMBER, "/collection@payment_status_bot COL-PENDING-1");
    const reply = await telegram.waitFor(replyTo(asked.message?.message_id ?? 0));
    expect(reply.payload).toMatchObject({ chat_id: GROUP.id, text: expect.stringMatching(/^⏳ Encaissement COL-PENDING-1/) });
    const button = (reply.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0] as { callback_data: string };
    const sentMessage = { message_id: (reply.result as { message_id: number }).message_id, chat: GROUP, text: reply.payload.text };
    telegram.press(AGENT, sentMessage, button.callback_data);
    const toast = await telegram.waitFor((calls) => calls.find((call) => call.method === "answerCallbackQuery"));
    expect(toast.payload.text).toMatch(/No change yet|Updated/);
    expect(telegram.calls.find((call) => call.method === "editMessageText")?.payload).toMatchObject({ chat_id: GROUP.id, message_id: sentMessage.message_id });
  });

  it("several members asking about one ID at the same moment share one request to the service", async () => {
    const before = sandbox.stats.requests;
    const members = [MEMBER, AGENT, { id: 5003, first_name: "Esi", language_code: "en" }, { id: 5004, first_name: "Yaw" }];
    const asked = members.map((member) => telegram.sendText(GROUP, member, "/airtime AIR-PENDING-SHARED"));
    const replies = await Promise.all(asked.map((update) => telegram.waitFor(replyTo(update.message?.message_id ?? 0))));
    expect(replies.map((reply) => reply.payload.chat_id)).toEqual(members.map(() => GROUP.id));
    // PENDING is never cached: one request means the members joined the one in flight.
    expect(replies[2]?.payload.text).toMatch(/^⏳ Airtime AIR-PENDING-SHARED/);
    expect(sandbox.stats.requests - before).toBe(1);
  });

  it("refuses a stranger without asking the service", async () => {
    const before = sandbox.stats.requests;
    const asked = telegram.sendText({ id: STRANGER.id, type: "private", first_name: STRANGER.first_name }, STRANGER, "/collection COL-SUCCESS-2");
    const refusal = await telegram.waitFor(replyTo(asked.message?.message_id ?? 0));
    expect(refusal.payload.text).toContain(String(STRANGER.id));
    expect(sandbox.stats.requests).toBe(before);
  });

  it("never lets one slow enquiry delay another user's answer", async () => {
    const slow = telegram.sendText(PRIVATE, AGENT, "/collection COL-SLOW-1");
    const fast = telegram.sendText(GROUP, MEMBER, "/collection COL-SUCCESS-3");
    const fastReply = await telegram.waitFor(replyTo(fast.message?.message_id ?? 0));
    expect(replyTo(slow.message?.message_id ?? 0)(telegram.calls) ?? "not yet").toBe("not yet");
    const slowReply = await telegram.waitFor(replyTo(slow.message?.message_id ?? 0));
    expect(slowReply.at).toBeGreaterThan(fastReply.at);
    expect(slowReply.payload.text).toMatch(/^⌛ Collection COL-SLOW-1: No answer in time/);
  });

  it("logs one JSON line per enquiry and never a token", () => {
    const enquiries = bot.logs().filter((entry) => entry.msg === "enquiry");
    expect(enquiries.length).toBeGreaterThanOrEqual(5);
    expect(enquiries[0]).toMatchObject({ kind: "collection", transactionId: "COL-SUCCESS-1", chatId: AGENT.id, outcome: "found", latencyMs: expect.any(Number) });
    const everything = bot.stdout.join("\n") + bot.stderr.join("");
    expect(everything).not.toContain(BOT_TOKEN);
    expect(everything).not.toContain(SANDBOX_TOKEN);
  });
});

/** A bot of its own (with its own Telegram: two bots polling one server would steal each other's updates). */
const ownBotEnv = (telegram: FakeBotApi, extra: Record<string, string>) => baseEnv(telegram, sandbox, { ALLOWED_USER_IDS: String(AGENT.id), ...extra });

describe("shutdown", () => {
  it("on SIGTERM, stops polling, finishes the reply in flight, confirms it, and exits 0", async () => {
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const process_ = startBotProcess(ownBotEnv(telegram, { ENQUIRY_TIMEOUT_MS: "1500", ENQUIRY_TOTAL_TIMEOUT_MS: "1500" }), startScriptCommand());
    await process_.waitForLog((entry) => entry.msg === "polling for updates", 30_000);
    const before = sandbox.stats.requests;
    const asked = telegram.sendText(PRIVATE, AGENT, "/collection COL-SLOW-2");
    await telegram.waitFor(() => sandbox.stats.requests > before);
    const code = await process_.stop("SIGTERM");
    expect(replyTo(asked.message?.message_id ?? 0)(telegram.calls)?.payload.text).toMatch(/No answer in time/);
    expect(code).toBe(0);
    // Confirmed before exiting: a restart would not receive (and answer) it again.
    expect(telegram.updateCounts.get(asked.update_id)).toBe(1);
    expect(telegram.pendingUpdates()).toBe(0);
    await telegram.close();
  }, 40_000);
});

describe("start-up and signals", () => {
  it("refuses to start with a bad configuration: names every problem, prints no secret, exits 1", async () => {
    const secretLooking = "not-a-bot-token-but-private-7f3a9c";
    const process_ = startBotProcess({ TELEGRAM_BOT_TOKEN: secretLooking, ENQUIRY_BASE_URL: "not a url", ENQUIRY_TIMEOUT_MS: "soon" });
    const code = await process_.exited;
    const stderr = process_.stderr.join("");
    expect(code).toBe(1);
    expect(stderr).toMatch(/TELEGRAM_BOT_TOKEN must look like/);
    expect(stderr).toMatch(/ENQUIRY_BASE_URL must be an http\(s\) URL/);
    expect(stderr).toMatch(/ENQUIRY_TIMEOUT_MS must be a whole number/);
    expect(stderr).toMatch(/ENQUIRY_TOKEN is required/);
    expect(stderr).toMatch(/ALLOWED_USER_IDS, ALLOWED_CHAT_IDS and ADMIN_USER_IDS are all empty/);
    expect(stderr + process_.stdout.join("")).not.toContain(secretLooking);
  }, 30_000);

  it("a second signal exits at once, without waiting for the grace period", async () => {
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const process_ = startBotProcess(ownBotEnv(telegram, { ENQUIRY_TIMEOUT_MS: "10000" }), startScriptCommand());
    await process_.waitForLog((entry) => entry.msg === "polling for updates", 30_000);
    const before = sandbox.stats.requests;
    telegram.sendText(PRIVATE, AGENT, "/collection COL-SLOW-3");
    await telegram.waitFor(() => sandbox.stats.requests > before);
    process_.child.kill("SIGTERM");
    await process_.waitForLog((entry) => entry.msg === "stopping: finishing in-flight replies");
    const started = Date.now();
    const code = await process_.stop("SIGINT");
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    await telegram.close();
  }, 40_000);
});
