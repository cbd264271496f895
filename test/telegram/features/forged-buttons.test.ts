import type { InlineKeyboardMarkup, InlineQueryResultArticle, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, USER } from "../../support/updates.ts";

const MALLORY = { id: 5007, is_bot: false, first_name: "Mallory", language_code: "en" };
const byId = scriptedEnquiry((kind, id) =>
  id.includes("FAILED") ? outcomes.failed(kind, id) : id.includes("SUCCESS") ? outcomes.success(kind, id) : outcomes.pending(kind, id),
);
const keyboardOf = (payload: Record<string, unknown> | undefined) => (payload?.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [];
const dataOf = (payload: Record<string, unknown> | undefined) => keyboardOf(payload).flat().map((button) => (button as { callback_data: string }).callback_data);

describe("a button press is acted on only when the message it was pressed on carries that very button", () => {
  it("a forged Refresh cannot rewrite another agent's answer in a group", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (id.includes("FAILED") ? outcomes.pending(kind, id) : outcomes.success(kind, id)));
    const harness = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await harness.bot.handleUpdate(groupMessage("/collection COL-FAILED-9"));
    const answer = harness.sent()[0]?.payload;
    const message = { message_id: 9000, chat: GROUP, text: answer?.text, reply_markup: answer?.reply_markup };
    const calls = enquiry.calls.length;
    await harness.bot.handleUpdate(callbackUpdate("rc:COL-SUCCESS-9", message, MALLORY));
    expect(harness.edits()).toHaveLength(0);
    expect(enquiry.calls).toHaveLength(calls);
    expect(harness.toasts().at(-1)?.payload.text).toBe("This button is not on this message any more. Please try again.");
    // The genuine button still works.
    await harness.bot.handleUpdate(callbackUpdate(dataOf(answer)[0] ?? "", message, MALLORY));
    expect(harness.edits()).toHaveLength(1);
  });

  it.each([
    ["🔕 of the /watches list (uc:)", "uc:TX-1"],
    ["🔄 Refresh (xc:)", "xc:TX-1"],
    ["🔔 Notify me (nc:)", "nc:TX-1"],
  ])("a forged %s on a bulk progress message changes nothing, and keeps its ✖ Cancel", async (_, forged) => {
    const harness = createTestBot({ enquiry: byId, backgroundPerSecond: 1 });
    const update = messageUpdate("x");
    const upload = {
      update_id: update.update_id,
      message: {
        ...update.message,
        text: undefined,
        document: { file_id: "f-1", file_unique_id: "u-1", file_name: "ids.csv", file_size: 30, mime_type: "text/csv" },
        caption: "/collection",
        caption_entities: [{ type: "bot_command", offset: 0, length: 11 }],
      },
    } as unknown as Update;
    harness.uploaded.set("f-1", new TextEncoder().encode("TX-1\nTX-2\nTX-3\n"));
    await harness.bot.handleUpdate(upload);
    const progress = harness.sent().at(-1)?.payload;
    const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: progress?.text, reply_markup: progress?.reply_markup };
    const edits = harness.calls.filter((call) => call.method.startsWith("edit")).length;
    await harness.bot.handleUpdate(callbackUpdate(forged, message));
    expect(harness.calls.filter((call) => call.method.startsWith("edit"))).toHaveLength(edits);
    expect(await harness.watches.watchesOf(USER.id, USER.id)).toEqual([]);
    await harness.bulkJobs.stop(1_000);
  });

  it("forged 🔔 presses on a /help message start no watch and cost nothing but the press", async () => {
    const harness = createTestBot({ enquiry: byId });
    await harness.bot.handleUpdate(messageUpdate("/help"));
    const help = harness.sent()[0]?.payload;
    const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: help?.text, reply_markup: help?.reply_markup };
    for (let i = 0; i < 3; i++) await harness.bot.handleUpdate(callbackUpdate(`nc:TX-${i},TX-${i + 10},TX-${i + 20}`, message));
    expect(await harness.watches.activeTargets()).toBe(0);
  });

  it("🔔 costs what /watch costs for the same IDs: 2 each", async () => {
    const harness = createTestBot({ enquiry: byId, rateLimit: { windowSeconds: 60, maxCost: 9 } });
    await harness.bot.handleUpdate(messageUpdate("/collection TX-1 TX-2 TX-3"));
    const answer = harness.sent()[0]?.payload;
    const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: answer?.text, reply_markup: answer?.reply_markup };
    const notify = dataOf(answer).find((data) => data.startsWith("n")) ?? "";
    // 3 for the command, then 6 for the three watches: 9 of 9.
    await harness.bot.handleUpdate(callbackUpdate(notify, message));
    expect(await harness.watches.activeTargets()).toBe(3);
    await harness.bot.handleUpdate(messageUpdate("/collection TX-4"));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/sending requests too fast/);
  });

  it("🔔 is refused on a message that does not show the IDs it would watch", async () => {
    const harness = createTestBot({ enquiry: byId });
    const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: "Something else entirely" };
    await harness.bot.handleUpdate(callbackUpdate("nc:TX-1", message));
    expect(await harness.watches.activeTargets()).toBe(0);
    expect(harness.toasts().at(-1)?.payload.text).toBe("This button is not on this message any more. Please try again.");
  });
});

describe("buttons on inline messages are checked against what the bot posted there", () => {
  let nextId = 710_000;
  const inlineQuery = (query: string): Update => ({ update_id: nextId++, inline_query: { id: `iq-${nextId}`, from: USER, query, offset: "" } });
  const chosen = (resultId: string, inlineMessageId: string, from = USER): Update => ({ update_id: nextId++, chosen_inline_result: { result_id: resultId, from, query: "", inline_message_id: inlineMessageId } });
  const press = (data: string, inlineMessageId: string, from = USER): Update => ({ update_id: nextId++, callback_query: { id: `cb-${nextId}`, from, chat_instance: "x", inline_message_id: inlineMessageId, data } });

  it("Refresh works on the answer posted from a result, and a forged button on it changes nothing", async () => {
    let status = "PENDING";
    const harness = createTestBot({ enquiry: scriptedEnquiry((kind, id) => (kind === "collection" ? outcomes.found(kind, id, status) : outcomes.notFound(kind, id))) });
    await harness.bot.handleUpdate(inlineQuery("TX-9"));
    const [result] = (harness.calls.find((call) => call.method === "answerInlineQuery")?.payload.results ?? []) as InlineQueryResultArticle[];
    const refresh = (result?.reply_markup?.inline_keyboard.flat()[0] as { callback_data: string } | undefined)?.callback_data ?? "";
    await harness.bot.handleUpdate(chosen(result?.id ?? "", "AgAAAPosted"));
    await harness.bot.handleUpdate(press("rc:TX-OTHER", "AgAAAPosted"));
    expect(harness.edits()).toHaveLength(0);
    status = "SUCCESS";
    await harness.bot.handleUpdate(press(refresh, "AgAAAPosted"));
    expect(harness.edits()[0]?.payload).toMatchObject({ inline_message_id: "AgAAAPosted", text: expect.stringMatching(/^✅ Collection TX-9/) });
  });

  it("a press on an inline message the bot knows nothing of is refused with a way forward", async () => {
    const harness = createTestBot({ enquiry: byId });
    await harness.bot.handleUpdate(press("rc:TX-9", "AgAAAUnknown"));
    expect(harness.edits()).toHaveLength(0);
    expect(harness.toasts().at(-1)?.payload.text).toBe("This answer cannot be refreshed here: type @payment_status_bot and the ID again.");
  });
});
