import { Api, GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { createMessenger } from "../../../src/telegram/notify/messenger.ts";
import { topicFallback } from "../../../src/telegram/notify/topic-fallback.ts";
import { ChatAliases } from "../../../src/telegram/stores/chat-aliases.ts";
import { healthAnnouncer } from "../../../src/telegram/features/health/health-alerts.ts";
import { formatClock } from "../../../src/telegram/views/format/text.ts";
import { BOT_TOKEN, translations } from "../../support/bot-harness.ts";
import { fakeTelegramFetch } from "../../support/fake-telegram-fetch.ts";
import { captureLogs } from "../../support/logs.ts";

const refusal = (error_code: number, description: string, parameters: Record<string, number> = {}) =>
  new GrammyError("Call to 'sendMessage' failed!", { ok: false, error_code, description, parameters }, "sendMessage", {});

const memoryAliases = () => new ChatAliases(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv);

function messengerFor(admins: { chatId: number | undefined; userIds: number[] }, chosen: Record<number, string> = {}) {
  const telegram = fakeTelegramFetch();
  const logs = captureLogs();
  const messenger = createMessenger({
    api: new Api(BOT_TOKEN, { fetch: telegram.fetch }),
    translations,
    languages: { localeFor: ({ chatId }) => (chatId === undefined ? undefined : chosen[chatId]) },
    admins: { chatId: admins.chatId, userIds: new Set(admins.userIds) },
    aliases: memoryAliases(),
    logger: logs.logger,
  });
  return { messenger, telegram, logs };
}

describe("a message that must arrive, sent outside any update", () => {
  it("waits out a 429, follows a group to its supergroup, and says where it went", async () => {
    const { messenger, logs } = messengerFor({ chatId: undefined, userIds: [] });
    const tried: number[] = [];
    const failures = [refusal(429, "Too Many Requests", { retry_after: 1 }), refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", { migrate_to_chat_id: -1002 })];
    const sentTo = await messenger.call("a report", -1, async (chatId) => {
      tried.push(chatId);
      const failure = failures.shift();
      if (failure) throw failure;
    });
    expect(sentTo).toBe(-1002);
    expect(tried).toEqual([-1, -1, -1002]);
    expect(logs.entries().filter((entry) => entry.level !== "debug")).toEqual([]);
    // Later messages go to the new ID at once.
    await messenger.call("a report", -1, async (chatId) => void tried.push(chatId));
    expect(tried.at(-1)).toBe(-1002);
  });

  it("knows the groups upgraded as the whole bot does (ChatAliases): a move learnt elsewhere, or before a restart, is followed at once", async () => {
    const kv = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv;
    // Learnt by another instance (or by this one before a restart), through the store.
    await new ChatAliases(kv).record(-1, -1002);
    const telegram = fakeTelegramFetch();
    const messenger = createMessenger({ api: new Api(BOT_TOKEN, { fetch: telegram.fetch }), translations, admins: { chatId: undefined, userIds: new Set() }, aliases: new ChatAliases(kv), logger: captureLogs().logger });
    const posted = await messenger.post("a report", { chatId: -1 }, { text: "hello", replyTo: 7 }, "once");
    expect(posted).toEqual({ ok: true, chatId: -1002, messageId: expect.any(Number), threadId: undefined });
    expect(telegram.calls.map((call) => [call.payload.chat_id, call.payload.reply_parameters])).toEqual([[-1002, { message_id: 7, allow_sending_without_reply: true }]]);
  });

  it("tried once, hands a failure back unlogged (the watch notifier's queue handles it)", async () => {
    const telegram = fakeTelegramFetch(() => ({ error_code: 429, description: "Too Many Requests", parameters: { retry_after: 3 } }));
    const logs = captureLogs();
    const messenger = createMessenger({ api: new Api(BOT_TOKEN, { fetch: telegram.fetch }), translations, admins: { chatId: undefined, userIds: new Set() }, aliases: memoryAliases(), logger: logs.logger });
    expect(await messenger.post("a notice", { chatId: 5 }, { text: "hello" }, "once")).toEqual({ ok: false, failure: { type: "rate_limited", retryAfterSeconds: 3, description: "429 Too Many Requests" } });
    expect(telegram.calls).toHaveLength(1);
    expect(logs.entries().filter((entry) => entry.level !== "debug")).toEqual([]);
  });

  it("gives up, logging why once: at once for a chat that blocked the bot, after three tries for a failing Telegram", async () => {
    for (const [error, failure, level, attempts] of [[refusal(403, "Forbidden: bot was blocked by the user"), "gone", "error", 1], [refusal(502, "Bad Gateway"), "unavailable", "warn", 3]] as const) {
      const { messenger, logs } = messengerFor({ chatId: undefined, userIds: [] });
      let tries = 0;
      const sentTo = await messenger.call("a report", 5, async () => {
        tries++;
        throw error;
      });
      expect(sentTo).toBeUndefined();
      expect(tries).toBe(attempts);
      expect(logs.entries()).toMatchObject([{ level, failure, msg: "could not send a report" }]);
    }
  });
});

describe("telling the admins", () => {
  it("with ADMIN_CHAT_ID: that chat alone, in its language", async () => {
    const { messenger, telegram } = messengerFor({ chatId: -100, userIds: [7001, 7002] }, { [-100]: "fr", 7001: "sw" });
    const sent = await messenger.send("a test", "admins", (reader) => reader.t("admin-store-emptied"));
    expect(sent).toEqual([{ chatId: -100, messageId: expect.any(Number) }]);
    expect(telegram.calls.map((call) => [call.payload.chat_id, String(call.payload.text).slice(0, 20)])).toEqual([[-100, translations.translatorFor("fr")("admin-store-emptied").slice(0, 20)]]);
    expect(messenger.reachesAdmins).toBe(true);
  });

  it("without it: each admin privately, each in their own language", async () => {
    const { messenger, telegram } = messengerFor({ chatId: undefined, userIds: [7001, 7002] }, { 7001: "sw" });
    await messenger.send("a test", "admins", (reader) => reader.t("admin-store-emptied"));
    expect(telegram.calls.map((call) => [call.payload.chat_id, call.payload.text])).toEqual([
      [7001, translations.translatorFor("sw")("admin-store-emptied")],
      [7002, translations.translatorFor("en")("admin-store-emptied")],
    ]);
  });

  it("a chat among the admins and the recipients gets one message; nobody to tell sends nothing", async () => {
    const { messenger, telegram } = messengerFor({ chatId: -100, userIds: [] });
    await messenger.send("a test", ["admins", { chatId: -100 }, { chatId: -200 }], () => "hello");
    expect(telegram.calls.map((call) => call.payload.chat_id)).toEqual([-100, -200]);
    const nobody = messengerFor({ chatId: undefined, userIds: [] });
    expect(nobody.messenger.reachesAdmins).toBe(false);
    expect(await nobody.messenger.send("a test", "admins", () => "hello")).toEqual([]);
  });

  it("a reader with no chosen language is addressed in the hinted one (the app's language_code), else the default", () => {
    const { messenger } = messengerFor({ chatId: undefined, userIds: [] });
    expect(messenger.readerFor(5, { language: "pt-BR" }).locale).toBe("pt");
    expect(messenger.readerFor(5, { language: "de" }).locale).toBe("en");
    expect(messenger.readerFor(5).locale).toBe("en");
  });
});

describe("forum topics", () => {
  const none = { success: 0, failed: 0, "not-final": 0, "not-found": 0, timeout: 0, busy: 0, "service-error": 0, unreadable: 0, "token-rejected": 0 };
  const quiet = { serviceMs: 0, failuresMs: 0 };
  /** A daily summary of a day with nothing in it. */
  const quietDay = { from: 0, to: 1, outcomes: none, enquiries: { collection: 0, airtime: 0 }, payments: 0, reasons: [], trouble: { collection: quiet, airtime: quiet }, watched: 0 };
  function topicMessenger(failWith?: Parameters<typeof fakeTelegramFetch>[0]) {
    const telegram = fakeTelegramFetch(failWith);
    const logs = captureLogs();
    // As the bot's API is configured: a topic closed or deleted is followed there (notify/topic-fallback.ts).
    const api = new Api(BOT_TOKEN, { fetch: telegram.fetch });
    api.config.use(topicFallback(logs.logger));
    const messenger = createMessenger({ api, translations, admins: { chatId: -100, threadId: 42, userIds: new Set() }, aliases: memoryAliases(), logger: logs.logger });
    return { messenger, telegram, logs };
  }

  it("posts to the admins' topic, and to a chat's topic when a destination names one", async () => {
    const { messenger, telegram } = topicMessenger();
    await messenger.send("a test", ["admins", { chatId: -200, threadId: 7 }, { chatId: -300 }], () => "hello");
    expect(telegram.calls.map((call) => [call.payload.chat_id, call.payload.message_thread_id])).toEqual([
      [-100, 42],
      [-200, 7],
      [-300, undefined],
    ]);
  });

  it("an alert chat that is also ADMIN_CHAT_ID, in another topic, and one chat listed with two topics: each topic is told", async () => {
    const { messenger, telegram } = topicMessenger();
    // ADMIN_CHAT_ID=-100:42, HEALTH_ALERT_CHAT_IDS=-100:5,-200:7,-200:8
    const announcer = healthAnnouncer({ messenger, alertChats: [{ chatId: -100, threadId: 5 }, { chatId: -200, threadId: 7 }, { chatId: -200, threadId: 8 }], clock: formatClock });
    await announcer.digest(quietDay);
    expect(telegram.calls.map((call) => [call.payload.chat_id, call.payload.message_thread_id])).toEqual([
      [-100, 42],
      [-100, 5],
      [-200, 7],
      [-200, 8],
    ]);
  });

  it.each(["Bad Request: TOPIC_CLOSED", "Bad Request: message thread not found"])("a topic refused with %s: the chat's General topic gets it, once, with one log line", async (description) => {
    const { messenger, telegram, logs } = topicMessenger((_, payload) => (payload.message_thread_id !== undefined ? { error_code: 400, description } : undefined));
    const sent = await messenger.send("a test", { chatId: -200, threadId: 7 }, () => "hello");
    expect(sent).toEqual([{ chatId: -200, messageId: expect.any(Number) }]);
    expect(telegram.calls.map((call) => call.payload.message_thread_id)).toEqual([7, undefined]);
    expect(logs.entries().filter((entry) => entry.level !== "debug").map((entry) => entry.msg)).toEqual(["the forum topic was closed or deleted: sent to the chat's General topic instead"]);
  });

  it("never loops: when General refuses too, it gives up with one more line", async () => {
    const { messenger, telegram, logs } = topicMessenger(() => ({ error_code: 400, description: "Bad Request: TOPIC_CLOSED" }));
    expect(await messenger.send("a test", { chatId: -200, threadId: 7 }, () => "hello")).toEqual([]);
    expect(telegram.calls).toHaveLength(2);
    expect(logs.entries().filter((entry) => entry.level !== "debug").map((entry) => [entry.msg, entry.failure])).toEqual([
      ["the forum topic was closed or deleted: sent to the chat's General topic instead", undefined],
      ["could not send a test", "topic_gone"],
    ]);
  });

  it("one chat in two topics gets the message in each; the same topic listed twice, once", async () => {
    const { messenger, telegram } = topicMessenger();
    await messenger.send("a test", ["admins", { chatId: -100, threadId: 5 }, { chatId: -100, threadId: 42 }, { chatId: -100 }, { chatId: -200, threadId: 7 }, { chatId: -200, threadId: 8 }, { chatId: -200, threadId: 7 }], () => "hello");
    expect(telegram.calls.map((call) => [call.payload.chat_id, call.payload.message_thread_id])).toEqual([
      [-100, 42],
      [-100, 5],
      [-100, undefined],
      [-200, 7],
      [-200, 8],
    ]);
  });

  it("sends the daily summary to the admins' topic and to each alert chat's, as HEALTH_ALERT_CHAT_IDS names them", async () => {
    const { messenger, telegram } = topicMessenger();
    const announcer = healthAnnouncer({ messenger, alertChats: [{ chatId: -200, threadId: 5 }, { chatId: -300 }], clock: formatClock });
    await announcer.digest(quietDay);
    expect(telegram.calls.map((call) => [call.payload.chat_id, call.payload.message_thread_id])).toEqual([
      [-100, 42],
      [-200, 5],
      [-300, undefined],
    ]);
  });

  it("tells a caller why a call failed (a chat that blocked the bot)", async () => {
    const { messenger } = topicMessenger();
    const delivery = await messenger.deliver("a relay", { chatId: 5 }, async () => {
      throw refusal(403, "Forbidden: bot was blocked by the user");
    });
    expect(delivery).toMatchObject({ ok: false, failure: { type: "gone" } });
  });
});
