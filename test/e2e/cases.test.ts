import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, webhookDeliverers, webhookInstanceEnv, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { deletePrefix, probeRedis, testPrefix } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-cases-e2e-0123";
const SECRET = "webhook_secret-cases-e2e-0123456789";
const SUPPORT = { id: -1005555555555, type: "supergroup" as const, title: "Support desk" };
const AGENT = { id: 6001, first_name: "Abena", language_code: "en" };
const KOFI = { id: 7001, first_name: "Kofi", language_code: "en" };
const AGENT_CHAT = { id: AGENT.id, type: "private" as const, first_name: AGENT.first_name };
/** The sandbox's SETTLE payments turn SUCCESS this long after they are first asked about. */
const SETTLE_MS = 7_000;

let sandbox: TestSandbox;
let telegram: FakeBotApi | undefined;
let dir: string;
let bots: BotProcess[] = [];
let prefix: string | undefined;

beforeAll(async () => {
  sandbox = await startTestSandbox({ token: SERVICE_TOKEN, settleMs: SETTLE_MS });
  dir = mkdtempSync(join(tmpdir(), "cases-e2e-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(bots.map((bot) => bot.stop("SIGKILL")));
  bots = [];
  await telegram?.close();
  if (prefix && redis.available) await deletePrefix(redis.url, prefix);
  prefix = undefined;
});

function start(api: FakeBotApi, extra: Record<string, string>): BotProcess {
  const bot = startBotProcess(
    baseEnv(api, sandbox, {
      ALLOWED_USER_IDS: String(AGENT.id),
      SUPPORT_CHAT_ID: String(SUPPORT.id),
      WATCH_FIRST_CHECK_SECONDS: "1",
      WATCH_MAX_INTERVAL_SECONDS: "1",
      ...extra,
    }),
    startScriptCommand(),
  );
  bots.push(bot);
  return bot;
}

const sent = (chatId: number, starts: string) => (calls: RecordedCall[]) => calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === chatId && String(call.payload.text).startsWith(starts));
const first = (chatId: number, starts: string) => (calls: RecordedCall[]) => sent(chatId, starts)(calls)[0];
const idOf = (call: RecordedCall | undefined) => (call?.result as { message_id: number } | undefined)?.message_id ?? 0;
const button = (call: RecordedCall | undefined, label: string) =>
  ((call?.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat().find((candidate) => candidate.text === label) as { callback_data: string } | undefined)?.callback_data ?? "";

describe("cases through the real process", () => {
  it("escalate → a card in a topic of its own → take → a restart → the conversation both ways → the payment settles → resolve", async () => {
    const api = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO, forums: [SUPPORT.id] });
    telegram = api;
    const env = { STATE_DB: join(dir, "cases.db") };
    const bot = start(api, env);
    await bot.waitForLog((entry) => entry.msg === "bot started", 30_000);

    api.sendText(AGENT_CHAT, AGENT, "/escalate COL-SETTLE-E2E the customer was charged twice");
    expect((await api.waitFor(first(AGENT.id, "🆘"))).payload.text).toMatch(/^🆘 Case #1 opened/);
    const card = await api.waitFor(first(SUPPORT.id, "🆘 Case #1"));
    const topic = api.calls.find((call) => call.method === "createForumTopic");
    expect(topic?.payload.name).toBe("#1 · COL-SETTLE-E2E");
    const threadId = (topic?.result as { message_thread_id: number }).message_thread_id;
    expect(card.payload).toMatchObject({ message_thread_id: threadId, text: expect.stringMatching(/⏳ Collection COL-SETTLE-E2E[\s\S]*Customer says: the customer was charged twice/) });

    api.press(KOFI, { message_id: idOf(card), chat: SUPPORT }, button(card, "✋ Take"));
    await api.waitFor(first(AGENT.id, "✋ Kofi from support is on case #1."));

    // A restart in the middle: the case, its card, its topic and its agent are all in the store.
    expect(await bot.stop()).toBe(0);
    const again = start(api, env);
    await again.waitForLog((entry) => entry.msg === "bot started", 30_000);

    api.write(SUPPORT, KOFI, "Which number did the customer use?", { threadId });
    const relayed = await api.waitFor(first(AGENT.id, "💬 Kofi (support), case #1:"));
    expect(relayed.payload.text).toBe("💬 Kofi (support), case #1:\nWhich number did the customer use?");
    api.write(AGENT_CHAT, AGENT, "0244 123 456", { replyTo: idOf(relayed) });
    const answer = await api.waitFor(first(SUPPORT.id, "💬 Abena (agent), case #1:"));
    expect(answer.payload).toMatchObject({ message_thread_id: threadId, text: "💬 Abena (agent), case #1:\n0244 123 456" });

    // The payment settles while the case is open: the agent and support are told, once.
    await api.waitFor(first(SUPPORT.id, "🔔 Case #1: the payment settled"), SETTLE_MS + 10_000);
    await api.waitFor(first(AGENT.id, "🔔 Case #1: the payment settled"));

    api.press(KOFI, { message_id: idOf(card), chat: SUPPORT }, button(card, "✅ Resolved"));
    await api.waitFor(first(AGENT.id, "✅ Kofi from support resolved case #1."));
    await api.waitFor((calls) => calls.some((call) => call.method === "closeForumTopic" && call.payload.message_thread_id === threadId));
    for (const [chatId, text] of [[AGENT.id, "🔔 Case #1"], [SUPPORT.id, "🔔 Case #1"], [AGENT.id, "✋ Kofi"], [SUPPORT.id, "🆘 Case #1"]] as const) expect(sent(chatId, text)(api.calls), text).toHaveLength(1);
    expect(api.calls.filter((call) => call.method === "createForumTopic")).toHaveLength(1);
    const audit = [bot, again].flatMap((process) => process.logs()).filter((entry) => entry.event === "case").map((entry) => entry.action);
    // Should one be missing, the errors and warnings either process logged say why.
    const trouble = [bot, again].flatMap((process) => process.logs()).filter((entry) => Number(entry.level) >= 40 || entry.level === "warn" || entry.level === "error");
    expect(audit, JSON.stringify(trouble).slice(0, 4_000)).toEqual(expect.arrayContaining(["opened", "taken", "relayed", "settled", "resolved"]));
  }, 60_000);

  describe.skipIf(!redis.available)("two webhook instances sharing Redis", () => {
    it("a case opened through A is taken through B, and its reminder is sent once", async () => {
      const api = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
      telegram = api;
      prefix = testPrefix("cases-pair");
      const pair = [0, 1].map(() => start(api, { ...webhookInstanceEnv(SECRET, redis.available ? redis.url : "", prefix ?? ""), CASE_REMIND_MINUTES: "0.02" }));
      const [toA, toB] = await webhookDeliverers(pair, SECRET);
      let nextId = 1;
      const message = (chat: typeof AGENT_CHAT | typeof SUPPORT, from: typeof AGENT, text: string): Update =>
        ({ update_id: nextId++, message: { message_id: nextId, date: 1, chat, from: { is_bot: false, ...from }, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });

      expect(await toA?.(message(AGENT_CHAT, AGENT, "/escalate COL-FAILED-PAIR"))).toBe(200);
      const card = await api.waitFor(first(SUPPORT.id, "🆘 Case #1"));
      // CASE_REMIND_MINUTES is 1.2 s here: both instances look every second; one reminds.
      const reminder = await api.waitFor(first(SUPPORT.id, "⏰ Case #1"), 10_000);
      expect((reminder.payload.reply_parameters as { message_id: number }).message_id).toBe(idOf(card));

      const take = { update_id: nextId++, callback_query: { id: "cb-take", from: { is_bot: false, ...KOFI }, chat_instance: "x", data: button(card, "✋ Take"), message: { message_id: idOf(card), date: 1, chat: SUPPORT, text: card.payload.text, reply_markup: card.payload.reply_markup } } } as Update;
      expect(await toB?.(take)).toBe(200);
      await api.waitFor(first(AGENT.id, "✋ Kofi from support is on case #1."));
      expect(api.calls.find((call) => call.method === "answerCallbackQuery")?.payload.text).toBe("You took case #1.");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(sent(SUPPORT.id, "⏰")(api.calls)).toHaveLength(1);
      expect(pair.flatMap((process) => process.logs()).filter((entry) => entry.event === "case" && entry.action === "reminded")).toHaveLength(1);
    }, 60_000);
  });
});
