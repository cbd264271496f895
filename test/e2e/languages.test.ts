import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/payments/enquiry/sandbox/server.ts";
import { Translations } from "../../src/telegram/i18n.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, webhookDeliverers, webhookInstanceEnv, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { deletePrefix, probeRedis, testPrefix } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-languages-e2e-01";
const SECRET = "webhook_secret-languages-e2e-0123456789";
/** An agent whose phone says English (Telegram's apps have no Swahili or Portuguese interface to choose). */
const AGENT = { id: 6201, first_name: "Amina", language_code: "en" };
const PRIVATE = { id: AGENT.id, type: "private" as const, first_name: AGENT.first_name };
const pt = new Translations().translatorFor("pt");

let sandbox: Sandbox;
let telegram: FakeBotApi;
let dir: string;
let bots: BotProcess[] = [];
let prefix: string | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ token: SERVICE_TOKEN, settleMs: 4_000 });
  dir = mkdtempSync(join(tmpdir(), "languages-e2e-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(bots.map((bot) => bot.stop("SIGKILL")));
  bots = [];
  await telegram.close();
  if (prefix && redis.available) await deletePrefix(redis.url, prefix);
  prefix = undefined;
});

function start(extra: Record<string, string>): BotProcess {
  const bot = startBotProcess(
    {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ENQUIRY_BASE_URL: sandbox.url,
      ENQUIRY_TOKEN: SERVICE_TOKEN,
      ALLOWED_USER_IDS: String(AGENT.id),
      WATCH_FIRST_CHECK_SECONDS: "1",
      WATCH_MAX_INTERVAL_SECONDS: "1",
      ...extra,
    },
    startScriptCommand(),
  );
  bots.push(bot);
  return bot;
}

const replyTo = (messageId: number | undefined) => (calls: RecordedCall[]) =>
  calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);
const keyboardOf = (call: RecordedCall | undefined) => call?.payload.reply_markup as InlineKeyboardMarkup | undefined;
const dataOf = (call: RecordedCall | undefined, text: string) =>
  (keyboardOf(call)?.inline_keyboard.flat().find((button) => button.text.endsWith(text)) as { callback_data?: string } | undefined)?.callback_data ?? "";

async function ask(text: string): Promise<RecordedCall> {
  const sent = telegram.sendText(PRIVATE, AGENT, text);
  return telegram.waitFor(replyTo(sent.message?.message_id));
}

describe("a language chosen with /language, through the real process", () => {
  it("is kept in the embedded store: after a restart the agent is still answered in it, and so is a watch that settles later", async () => {
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const env = { STATE_DB: join(dir, "languages.db") };
    const first = start(env);
    await first.waitForLog((entry) => entry.msg === "bot started", 30_000);

    // Watched in English, before the choice: the notice comes in the language chosen since.
    await ask("/watch COL-SETTLE-L1");
    const picker = await ask("/language");
    const message = { message_id: (picker.result as { message_id: number }).message_id, chat: PRIVATE, reply_markup: keyboardOf(picker) };
    telegram.press(AGENT, message, dataOf(picker, "Português"));
    const edited = await telegram.waitFor((calls) => calls.find((call) => call.method === "editMessageText" && call.payload.message_id === message.message_id));
    expect(edited.payload.text).toBe(pt("language-chosen-private", { language: "Português" }));
    await first.stop("SIGTERM");

    const second = start(env);
    await second.waitForLog((entry) => entry.msg === "bot started", 30_000);
    const answer = await ask("/collection COL-SUCCESS-L2");
    expect(answer.payload.text).toContain(pt("label-payment"));
    const notice = await telegram.waitFor(
      (calls) => calls.find((call) => call.method === "sendMessage" && call.payload.chat_id === AGENT.id && String(call.payload.text).includes("COL-SETTLE-L1") && call.payload.reply_parameters !== undefined && call.at > answer.at),
      20_000,
    );
    expect(notice.payload.text).toContain(pt("notice-settled"));
  }, 90_000);
});

describe.skipIf(!redis.available)("a language chosen through one instance sharing Redis", () => {
  it("is used by the other within 2 s", async () => {
    prefix = testPrefix("languages");
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const pair = [0, 1].map(() => start(webhookInstanceEnv(SECRET, redis.available ? redis.url : "", prefix ?? "")));
    const deliver = await webhookDeliverers(pair, SECRET);
    const [a, b] = deliver;
    let nextId = 1;
    const command = (text: string): Update => ({
      update_id: nextId++,
      message: { message_id: 60_000 + nextId, date: 1, chat: PRIVATE, from: { ...AGENT, is_bot: false }, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
    });

    expect(await a?.(command("/language"))).toBe(200);
    const picker = await telegram.waitFor((calls) => calls.find((call) => call.method === "sendMessage" && keyboardOf(call) !== undefined));
    const press: Update = {
      update_id: nextId++,
      callback_query: {
        id: "press-1",
        from: { ...AGENT, is_bot: false },
        chat_instance: "languages",
        data: dataOf(picker, "Kiswahili"),
        message: { message_id: (picker.result as { message_id: number }).message_id, date: 1, chat: PRIVATE, text: String(picker.payload.text), reply_markup: keyboardOf(picker) } as never,
      },
    };
    expect(await a?.(press)).toBe(200);
    const chosenAt = Date.now();
    const sw = new Translations().translatorFor("sw");
    for (;;) {
      const before = telegram.calls.length;
      expect(await b?.(command("/collection COL-SUCCESS-L3"))).toBe(200);
      const reply = await telegram.waitFor((calls) => calls.slice(before).find((call) => call.method === "sendMessage" && call.payload.chat_id === AGENT.id));
      if (String(reply.payload.text).includes(sw("label-payment"))) break;
      expect(Date.now() - chosenAt).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);
});
