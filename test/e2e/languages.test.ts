import { join } from "node:path";
import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { Translations } from "../../src/telegram/i18n.ts";
import { ask, useBotProcesses } from "../support/e2e.ts";
import type { RecordedCall } from "../support/fake-bot-api.ts";
import { probeRedis } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-languages-e2e-01";
/** An agent whose phone says English (Telegram's apps have no Swahili or Portuguese interface to choose). */
const AGENT = { id: 6201, first_name: "Amina", language_code: "en" };
const PRIVATE = { id: AGENT.id, type: "private" as const, first_name: AGENT.first_name };
const pt = new Translations().translatorFor("pt");

const suite = useBotProcesses({
  sandbox: { token: SERVICE_TOKEN, settleMs: 4_000 },
  env: { ALLOWED_USER_IDS: String(AGENT.id), WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1" },
});

const keyboardOf = (call: RecordedCall | undefined) => call?.payload.reply_markup as InlineKeyboardMarkup | undefined;
const dataOf = (call: RecordedCall | undefined, text: string) =>
  (keyboardOf(call)?.inline_keyboard.flat().find((button) => button.text.endsWith(text)) as { callback_data?: string } | undefined)?.callback_data ?? "";

const askAgent = (text: string) => ask(suite.telegram, PRIVATE, AGENT, text);

describe("a language chosen with /language, through the real process", () => {
  it("is kept in the embedded store: after a restart the agent is still answered in it, and so is a watch that settles later", async () => {
    const { telegram } = suite;
    const env = { STATE_DB: join(suite.dir, "languages.db") };
    const first = await suite.started(env);

    // Watched in English, before the choice: the notice comes in the language chosen since.
    await askAgent("/watch COL-SETTLE-L1");
    const picker = await askAgent("/language");
    const message = { message_id: (picker.result as { message_id: number }).message_id, chat: PRIVATE, reply_markup: keyboardOf(picker) };
    telegram.press(AGENT, message, dataOf(picker, "Português"));
    const edited = await telegram.waitFor((calls) => calls.find((call) => call.method === "editMessageText" && call.payload.message_id === message.message_id));
    expect(edited.payload.text).toBe("✅ A partir de agora, respondo-lhe em português.");
    await first.stop("SIGTERM");

    await suite.started(env);
    const answer = await askAgent("/collection COL-SUCCESS-L2");
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
    const { telegram } = suite;
    const [a, b] = (await suite.webhookPair(redis, "languages")).deliver;
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
