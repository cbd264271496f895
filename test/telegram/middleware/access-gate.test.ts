import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, STRANGER, USER } from "../../support/updates.ts";

const successEverywhere = () => scriptedEnquiry((kind, id) => outcomes.success(kind, id));
const stranger = (id: number) => ({ ...STRANGER, id, first_name: `Stranger ${id}` });
const OTHER_GROUP = { id: -1009999, type: "supergroup" as const, title: "Somewhere else" };

describe("replies to strangers", () => {
  it("answers a stranger's /whoami once per window, whatever else they sent", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate("/collection TX-1", { from: STRANGER }));
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    await bot.handleUpdate(messageUpdate("/collection TX-2", { from: STRANGER }));
    const texts = sent().map((call) => call.payload.text ?? "");
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`allow your user ID: ${STRANGER.id}`);
    expect(texts[1]).toContain(`User ID: ${STRANGER.id}`);
    expect(texts[1]).toContain("You may not ask for payment statuses here yet");
  });

  it("answers at most once per window in a group, however many strangers ask there", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    for (let i = 0; i < 50; i++) await bot.handleUpdate(groupMessage("/whoami", { chat: OTHER_GROUP, from: stranger(7000 + i) }));
    for (let i = 0; i < 50; i++) await bot.handleUpdate(groupMessage("/collection TX-1", { chat: OTHER_GROUP, from: stranger(7000 + i) }));
    expect(sent().map((call) => call.payload.chat_id)).toEqual([OTHER_GROUP.id, OTHER_GROUP.id]);
  });

  it("answers again once the window has passed", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere(), rateLimit: { windowSeconds: 1, maxCost: 60 } });
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    expect(sent()).toHaveLength(2);
  });

  it("gives a stranger's button press a toast, which does not use the window", async () => {
    const { bot, sent, toasts } = createTestBot({ enquiry: successEverywhere() });
    const press = callbackUpdate("rc:TX-7", { message_id: 1, chat: { id: STRANGER.id, type: "private" } }, STRANGER);
    await bot.handleUpdate(press);
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    expect(toasts().map((call) => call.payload.text)).toEqual(["Sorry, you are not allowed to use this bot here."]);
    expect(sent()).toHaveLength(1);
  });

  it("sends to strangers once, without waiting out a 429, so a flood never holds up anyone", async () => {
    const { bot, calls } = createTestBot({
      enquiry: successEverywhere(),
      failWith: (_, payload) => (payload.chat_id === STRANGER.id ? { error_code: 429, description: "Too Many Requests: retry after 15", parameters: { retry_after: 15 } } : undefined),
    });
    const started = Date.now();
    await bot.handleUpdate(messageUpdate("/whoami", { from: STRANGER }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls).toHaveLength(1);
  });

  it("after a 429, does not even try to answer strangers until Telegram's retry_after has passed", async () => {
    const { bot, calls, sent } = createTestBot({
      enquiry: successEverywhere(),
      failWith: (_, payload) => (payload.chat_id !== USER.id ? { error_code: 429, description: "Too Many Requests: retry after 15", parameters: { retry_after: 15 } } : undefined),
    });
    for (let i = 0; i < 20; i++) await bot.handleUpdate(messageUpdate("/whoami", { from: stranger(7100 + i) }));
    expect(calls).toHaveLength(1);
    // Allowed users are not affected: their replies are retried and waited out as usual.
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(sent().at(-1)?.payload.chat_id).toBe(USER.id);
  });

  it("answers an allowed user's /whoami as allowed", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate("/whoami"));
    expect(sent()[0]?.payload.text).toContain("You may ask for payment statuses here.");
  });
});

describe("private chats", () => {
  it("never answers a private chat whose ID is not its sender's, even for an allowed sender", async () => {
    const enquiry = successEverywhere();
    const { bot, calls, logs } = createTestBot({ enquiry });
    const forged = messageUpdate("/collection TX-1");
    (forged.message as { chat: { id: number } }).chat.id = 424242;
    await bot.handleUpdate(forged);
    await bot.handleUpdate(callbackUpdate("rc:TX-1", { message_id: 3, chat: { id: 424242, type: "private" } }, USER));
    expect(enquiry.calls).toHaveLength(0);
    expect(calls.filter((call) => call.method === "sendMessage" || call.method === "editMessageText")).toHaveLength(0);
    expect(logs.entries().some((entry) => entry.msg === "private chat that is not its sender's: ignored")).toBe(true);
  });
});

describe("a group upgraded to a supergroup", () => {
  const FORMER = { id: -4001, type: "group" as const, title: "Payments support" };
  const UPGRADED = { id: -1004001, type: "supergroup" as const, title: "Payments support" };
  const migrateFrom: Update = { update_id: 990001, message: { message_id: 1, date: 1, chat: UPGRADED, from: USER, migrate_from_chat_id: FORMER.id } };
  const migrateTo: Update = { update_id: 990002, message: { message_id: 2, date: 1, chat: FORMER, from: USER, migrate_to_chat_id: UPGRADED.id } };

  it("keeps answering under the new ID, warns once with both IDs, and tells the admins once", async () => {
    const enquiry = successEverywhere();
    const { bot, sent, logs, alerts } = createTestBot({ enquiry, adminAlerted: true, access: { allowedChatIds: new Set([FORMER.id]) } });
    await bot.handleUpdate(groupMessage("/collection TX-1", { chat: UPGRADED }));
    expect(enquiry.calls).toHaveLength(0);
    await bot.handleUpdate(migrateTo);
    await bot.handleUpdate(migrateFrom);
    await bot.handleUpdate(groupMessage("/collection TX-2", { chat: UPGRADED }));
    expect(enquiry.calls.map((call) => call.id)).toEqual(["TX-2"]);
    expect(sent().at(-1)?.payload).toMatchObject({ chat_id: UPGRADED.id, text: expect.stringMatching(/^✅ Collection TX-2/) });
    const warnings = logs.entries().filter((entry) => entry.level === "warn" && entry.formerChatId === FORMER.id);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ newChatId: UPGRADED.id });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain(`${FORMER.id} → ${UPGRADED.id}`);
  });

  it("remembers the new ID in the state store, so a restart (a new bot on the same store) keeps answering", async () => {
    const first = createTestBot({ enquiry: successEverywhere(), access: { allowedChatIds: new Set([FORMER.id]) } });
    await first.bot.handleUpdate(migrateFrom);
    const enquiry = successEverywhere();
    const second = createTestBot({ enquiry, state: first.state, access: { allowedChatIds: new Set([FORMER.id]) } });
    await second.bot.handleUpdate(groupMessage("/airtime TX-3", { chat: UPGRADED }));
    expect(enquiry.calls).toHaveLength(1);
  });

  it("moves the group's watches to its new ID", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.pending(kind, id)), access: { allowedChatIds: new Set([FORMER.id]) } });
    await harness.watches.subscribe([{ scope: "collection", transactionId: "TX-5" }], { chatId: FORMER.id, chatType: "group", messageId: 3, locale: "en", subscriber: { userId: USER.id, name: "Ama" } }, 50);
    await harness.bot.handleUpdate(migrateFrom);
    expect((await harness.watches.load({ scope: "collection", transactionId: "TX-5" }))?.watches.map((watch) => watch.chatId)).toEqual([UPGRADED.id]);
  });

  it("ignores the upgrade of a group that was not allowed", async () => {
    const enquiry = successEverywhere();
    const { bot, alerts } = createTestBot({ enquiry, adminAlerted: true, access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(migrateFrom);
    await bot.handleUpdate(groupMessage("/collection TX-1", { chat: UPGRADED }));
    expect(enquiry.calls).toHaveLength(0);
    expect(alerts).toHaveLength(0);
  });
});
