import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, USER } from "../../support/updates.ts";

const pendingEverywhere = () => scriptedEnquiry((kind, id) => outcomes.pending(kind, id));
const ids = (count: number, prefix = "TX") => Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`).join(" ");
const SLOW_DOWN = "You are sending requests too fast. Please wait a minute and try again.";
const ANONYMOUS_ADMIN = { id: 1087968824, is_bot: true, first_name: "Group", username: "GroupAnonymousBot" };

/** An anonymous admin's command: Telegram shows the group itself as the sender. */
function anonymousCommand(chat: { id: number; type: "supergroup"; title: string }, text: string, updateId: number): Update {
  return {
    update_id: updateId,
    message: { message_id: updateId, date: 1, chat, from: ANONYMOUS_ADMIN, sender_chat: chat, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
  };
}

/** A press of the first button (🔄 Refresh) under an answer the bot sent the user. */
const refreshOf = (answer: { payload: Record<string, unknown> } | undefined) => {
  const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: typeof answer?.payload.text === "string" ? answer.payload.text : "" };
  const data = (answer?.payload.reply_markup as { inline_keyboard: { callback_data: string }[][] } | undefined)?.inline_keyboard[0]?.[0]?.callback_data ?? "";
  return () => callbackUpdate(data, message);
};

describe("the rate limit counts what requests cost", () => {
  it("lets one full 20-ID /status through at the default 60, and refuses the next whole, saying so once", async () => {
    const enquiry = pendingEverywhere();
    const { bot, sent } = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 60 } });
    await bot.handleUpdate(messageUpdate(`/status ${ids(20)}`));
    expect(enquiry.calls).toHaveLength(40);
    await bot.handleUpdate(messageUpdate(`/status ${ids(20, "TY")}`));
    await bot.handleUpdate(messageUpdate(`/status ${ids(20, "TZ")}`));
    expect(enquiry.calls).toHaveLength(40);
    expect(sent().map((call) => call.payload.text?.split("\n")[0])).toEqual(["Collection or airtime: 20 IDs", SLOW_DOWN]);
    // A check command is charged whole before it runs, and a refused one spends nothing: all of what is left (60 - 40) serves a smaller request.
    await bot.handleUpdate(messageUpdate(`/collection ${ids(20, "TW")}`));
    expect(enquiry.calls).toHaveLength(60);
  });

  it("charges a check command whole, with its claim when updates are claimed (one round trip for both)", async () => {
    const enquiry = pendingEverywhere();
    const { bot, sent } = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 60 }, claimUpdates: "middleware" });
    await bot.handleUpdate(messageUpdate(`/status ${ids(20)}`));
    await bot.handleUpdate(messageUpdate(`/status ${ids(20, "TY")}`));
    await bot.handleUpdate(messageUpdate(`/collection ${ids(20, "TW")}`));
    await bot.handleUpdate(messageUpdate("/collection TX-LAST"));
    expect(enquiry.calls).toHaveLength(60);
    expect(sent().map((call) => call.payload.text?.split("\n")[0])).toEqual(["Collection or airtime: 20 IDs", SLOW_DOWN, "Collection: 20 IDs"]);
  });

  it("charges a Refresh for the IDs and kinds it checks again", async () => {
    const enquiry = pendingEverywhere();
    const { bot, sent, toasts } = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 12 } });
    await bot.handleUpdate(messageUpdate(`/status ${ids(3)}`));
    const pressRefresh = refreshOf(sent()[0]);
    await bot.handleUpdate(pressRefresh());
    expect(enquiry.calls).toHaveLength(12);
    await bot.handleUpdate(pressRefresh());
    expect(enquiry.calls).toHaveLength(12);
    expect(toasts().at(-1)?.payload.text).toBe("Too many requests, please wait a moment.");
  });

  it("answers every press refused with the toast, not only the first of the window (a press left unanswered spins on)", async () => {
    const enquiry = pendingEverywhere();
    const { bot, sent, toasts } = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 3 } });
    await bot.handleUpdate(messageUpdate(`/status ${ids(1)}`));
    const pressRefresh = refreshOf(sent()[0]);
    for (let i = 0; i < 3; i++) await bot.handleUpdate(pressRefresh());
    expect(enquiry.calls).toHaveLength(2);
    expect(toasts().map((call) => call.payload.text)).toEqual(["Too many requests, please wait a moment.", "Too many requests, please wait a moment.", "Too many requests, please wait a moment."]);
    // A message over the limit is still told once a window.
    await bot.handleUpdate(messageUpdate("/collection TX-9"));
    await bot.handleUpdate(messageUpdate("/collection TX-10"));
    expect(sent().filter((call) => call.payload.text === SLOW_DOWN)).toHaveLength(1);
  });

  it("never charges plain chatter in a group", async () => {
    const enquiry = pendingEverywhere();
    const { bot } = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) }, rateLimit: { windowSeconds: 60, maxCost: 2 } });
    for (let i = 0; i < 10; i++) await bot.handleUpdate(groupMessage(`good morning ${i}`, { from: USER }));
    await bot.handleUpdate(groupMessage("/collection TX-1", { from: USER }));
    await bot.handleUpdate(groupMessage("/collection TX-2", { from: USER }));
    expect(enquiry.calls).toHaveLength(2);
  });

  it("counts every request at least 1, /help included", async () => {
    const enquiry = pendingEverywhere();
    const { bot, sent } = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 2 } });
    await bot.handleUpdate(messageUpdate("/help"));
    await bot.handleUpdate(messageUpdate("/whoami"));
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(enquiry.calls).toHaveLength(0);
    expect(sent().at(-1)?.payload.text).toBe(SLOW_DOWN);
  });

  it("gives anonymous admins the bucket of the chat they speak as, not one shared by all", async () => {
    const enquiry = pendingEverywhere();
    const A = { id: -100201, type: "supergroup" as const, title: "A" };
    const B = { id: -100202, type: "supergroup" as const, title: "B" };
    const { bot } = createTestBot({ enquiry, access: { allowedChatIds: new Set([A.id, B.id]) }, rateLimit: { windowSeconds: 60, maxCost: 1 } });
    await bot.handleUpdate(anonymousCommand(A, "/collection TX-1", 880001));
    await bot.handleUpdate(anonymousCommand(A, "/collection TX-2", 880002));
    await bot.handleUpdate(anonymousCommand(B, "/collection TX-3", 880003));
    expect(enquiry.calls.map((call) => call.id)).toEqual(["TX-1", "TX-3"]);
  });
});
