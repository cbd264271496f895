import { afterEach, describe, expect, it } from "vitest";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { startPollingBot } from "../support/polling-harness.ts";

const USER = { id: 5001, first_name: "Ama" };
const CHAT = { id: USER.id, type: "private" as const, first_name: "Ama" };
const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));

let telegram: FakeBotApi;
let running: Awaited<ReturnType<typeof startPollingBot>> | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await telegram.close();
});

async function start() {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  running = await startPollingBot(telegram, enquiry, [USER.id]);
  return running;
}

const repliesTo = (messageId: number | undefined) => (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);
const oneReplyTo = (messageId: number | undefined) => (calls: RecordedCall[]) => repliesTo(messageId)(calls)[0];
/** Resolves once every update taken is handled, retries included: nothing more can be sent for them. */
const handled = async () => expect(await running?.inFlight.idle(10_000)).toBe(true);

describe("Telegram faults", () => {
  it("429 with retry_after on sendMessage: the reply is delivered once, after waiting", async () => {
    await start();
    telegram.failNext({ method: "sendMessage", times: 1, response: { status: 429, error_code: 429, description: "Too Many Requests: retry after 1", retry_after: 1 } });
    const started = Date.now();
    const update = telegram.sendText(CHAT, USER, "/collection TX-1");
    await telegram.waitFor(oneReplyTo(update.message?.message_id));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await handled();
    expect(repliesTo(update.message?.message_id)(telegram.calls)).toHaveLength(1);
    expect(telegram.attempts.get("sendMessage")).toBe(2);
  });

  it("5xx and a dropped connection on sending are retried, never duplicated", async () => {
    await start();
    telegram.failNext({ method: "sendMessage", times: 1, response: { status: 502, error_code: 502, description: "Bad Gateway" } });
    telegram.failNext({ method: "sendMessage", times: 1, response: "drop" });
    const update = telegram.sendText(CHAT, USER, "/collection TX-2");
    await telegram.waitFor(oneReplyTo(update.message?.message_id), 20_000);
    await handled();
    expect(repliesTo(update.message?.message_id)(telegram.calls)).toHaveLength(1);
    expect(telegram.attempts.get("sendMessage")).toBe(3);
  }, 30_000);

  it("getUpdates failing for a while: polling resumes by itself, no update lost or handled twice", async () => {
    const { logs } = await start();
    telegram.failNext({ method: "getUpdates", times: 3, response: { status: 500, error_code: 500, description: "Internal Server Error" } });
    telegram.failNext({ method: "getUpdates", times: 2, response: "drop" });
    const updates = [1, 2, 3].map((n) => telegram.sendText(CHAT, USER, `/collection TX-G${n}`));
    for (const update of updates) await telegram.waitFor(oneReplyTo(update.message?.message_id), 30_000);
    await handled();
    for (const update of updates) {
      expect(repliesTo(update.message?.message_id)(telegram.calls)).toHaveLength(1);
    }
    expect(logs.entries().some((entry) => entry.msg === "polling failed; retrying")).toBe(true);
    expect(logs.lines.join("")).not.toContain(BOT_TOKEN);
  }, 40_000);

  it("403 'bot was blocked by the user' is logged and not retried", async () => {
    const { logs } = await start();
    telegram.failNext({ method: "sendMessage", times: 1, response: { status: 403, error_code: 403, description: "Forbidden: bot was blocked by the user" } });
    telegram.sendText(CHAT, USER, "/collection TX-3");
    await telegram.waitFor(() => logs.entries().find((entry) => entry.msg === "Telegram refused a call"));
    const line = logs.entries().find((entry) => entry.msg === "Telegram refused a call");
    expect(line).toMatchObject({ level: "warn", code: 403, method: "sendMessage" });
    await handled();
    expect(telegram.attempts.get("sendMessage")).toBe(1);
    const next = telegram.sendText(CHAT, USER, "/collection TX-4");
    await telegram.waitFor(oneReplyTo(next.message?.message_id));
  });

  it("'query is too old' on a button is swallowed and logged at debug", async () => {
    const { logs } = await start();
    telegram.failNext({ method: "answerCallbackQuery", times: 1, response: { status: 400, error_code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid" } });
    telegram.press(USER, { message_id: 77, chat: CHAT, text: "old answer\n\nChecked 10:00:00 UTC", reply_markup: { inline_keyboard: [[{ text: "🔄 Refresh", callback_data: "rc:TX-5" }]] } }, "rc:TX-5");
    await telegram.waitFor((calls) => calls.find((call) => call.method === "editMessageText"));
    await handled();
    expect(logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
    expect(logs.entries().some((entry) => entry.level === "debug" && entry.msg === "harmless Telegram error ignored")).toBe(true);
  });
});
