import type { Update } from "grammy/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { GROUP, groupMessage, STRANGER, USER } from "../../support/updates.ts";

/** A forum supergroup: every message in a topic says so, and replies (implicitly) to the topic's first message. */
const FORUM = { ...GROUP, is_forum: true };
const TOPIC = 42;

/** A message sent in topic 42 of the forum, as Telegram sends it. */
function inTopic(update: Update, threadId = TOPIC): Update {
  const message = update.message as NonNullable<Update["message"]> & { is_topic_message?: boolean; message_thread_id?: number };
  Object.assign(message, { chat: FORUM, is_topic_message: true, message_thread_id: threadId });
  return update;
}

const harnesses: ReturnType<typeof createTestBot>[] = [];
function harness(options: Parameters<typeof createTestBot>[0]) {
  const created = createTestBot({ access: { allowedChatIds: new Set([GROUP.id]) }, ...options });
  harnesses.push(created);
  return created;
}
afterEach(async () => {
  for (const created of harnesses.splice(0)) await created.assembled.stopBackground(0);
});

const settles = () => {
  let asked = 0;
  return scriptedEnquiry((kind, id) => (asked++ === 0 ? outcomes.pending(kind, id) : outcomes.success(kind, id)));
};

describe("forum topics: whatever a message in a topic makes the bot say goes to that topic", () => {
  it("/whoami in a topic shows the topic's ID, for CHAT_ID:THREAD_ID", async () => {
    const bot = harness({ enquiry: settles() });
    await bot.bot.handleUpdate(inTopic(groupMessage("/whoami")));
    const reply = bot.sent().at(-1)?.payload;
    expect(reply?.message_thread_id).toBe(TOPIC);
    expect(reply?.text).toMatch(/Chat ID: -1001234567890\n.*\nTopic ID: 42/s);
  });

  it("a refusal and a stranger's /whoami, in a group that is not allowed, go to the topic", async () => {
    const bot = harness({ enquiry: settles(), access: {} });
    await bot.bot.handleUpdate(inTopic(groupMessage("/collection TX-1", { from: STRANGER })));
    await bot.bot.handleUpdate(inTopic(groupMessage("/whoami", { from: USER })));
    expect(bot.sent().map((call) => [call.payload.message_thread_id, String(call.payload.text).slice(0, 30)])).toEqual([
      [TOPIC, "This group is not allowed to a"],
      [TOPIC, "User ID: 5001\nChat ID: -100123"],
    ]);
  });

  it("the rate limit's notice goes to the topic", async () => {
    const bot = harness({ enquiry: settles(), rateLimit: { windowSeconds: 60, maxCost: 1 } });
    await bot.bot.handleUpdate(inTopic(groupMessage("/collection TX-1")));
    await bot.bot.handleUpdate(inTopic(groupMessage("/collection TX-2")));
    expect(bot.sent().at(-1)?.payload).toMatchObject({ message_thread_id: TOPIC, text: "You are sending requests too fast. Please wait a minute and try again." });
  });

  it("a watch started in a topic is notified in it; a topic closed meanwhile gets it in General, logged once", async () => {
    for (const closed of [false, true]) {
      const bot = harness({
        enquiry: settles(),
        watches: { firstCheckMs: 20, maxIntervalMs: 50 },
        failWith: (method, payload) => (closed && method === "sendMessage" && payload.message_thread_id !== undefined && String(payload.text).startsWith("🔔") ? { error_code: 400, description: "Bad Request: TOPIC_CLOSED" } : undefined),
      });
      await bot.bot.handleUpdate(inTopic(groupMessage("/watch TX-7")));
      expect(bot.sent().at(-1)?.payload.message_thread_id).toBe(TOPIC);
      bot.assembled.startBackground();
      await vi.waitFor(() => expect(bot.logs.entries().some((entry) => entry.msg === "watch notification sent")).toBe(true), { timeout: 5_000 });
      const notices = bot.sent().filter((call) => String(call.payload.text).startsWith("🔔 Settled"));
      expect(notices.map((call) => call.payload.message_thread_id)).toEqual(closed ? [TOPIC, undefined] : [TOPIC]);
      expect(bot.logs.entries().filter((entry) => entry.msg === "the forum topic was closed or deleted: sent to the chat's General topic instead")).toHaveLength(closed ? 1 : 0);
    }
  });

  it.each(["Bad Request: TOPIC_CLOSED", "Bad Request: message thread not found"])("a direct answer in a topic closed or deleted meanwhile (%s) goes to General, logged once", async (description) => {
    const bot = harness({
      enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)),
      failWith: (method, payload) => (method === "sendMessage" && payload.message_thread_id !== undefined ? { error_code: 400, description } : undefined),
    });
    await bot.bot.handleUpdate(inTopic(groupMessage("/collection TX-1")));
    expect(bot.sent().map((call) => [call.payload.message_thread_id, String(call.payload.text).split("\n")[0]])).toEqual([
      [TOPIC, "✅ Collection TX-1"],
      [undefined, "✅ Collection TX-1"],
    ]);
    expect(bot.logs.entries().filter((entry) => entry.msg === "the forum topic was closed or deleted: sent to the chat's General topic instead")).toHaveLength(1);
    expect(bot.logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
  });

  it("a file checked in a topic: its progress, summary and report stay in the topic", async () => {
    const bot = harness({ enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)) });
    const update = inTopic({
      update_id: 880_001,
      message: {
        message_id: 880_001,
        date: 1,
        chat: GROUP,
        from: USER,
        document: { file_id: "topic-file", file_unique_id: "u-topic-file", file_name: "ids.csv", file_size: 20, mime_type: "text/csv" },
        caption: "/collection",
        caption_entities: [{ type: "bot_command", offset: 0, length: 11 }],
      },
    });
    bot.uploaded.set("topic-file", new TextEncoder().encode("TX-1\nTX-2\n"));
    await bot.bot.handleUpdate(update);
    await vi.waitFor(() => expect(bot.calls.some((call) => call.method === "sendDocument")).toBe(true), { timeout: 5_000 });
    const progress = bot.sent().at(-1)?.payload;
    expect(progress).toMatchObject({ message_thread_id: TOPIC, text: expect.stringMatching(/^Checking 2 collection IDs/) });
    expect(bot.calls.find((call) => call.method === "sendDocument")?.payload.message_thread_id).toBe(TOPIC);
  });
});
