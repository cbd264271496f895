import type { InlineQueryResultArticle, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createTestBot } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

let nextId = 700_000;
const inlineQuery = (query: string, from = USER): Update => ({ update_id: nextId++, inline_query: { id: `iq-${nextId}`, from, query, offset: "" } });
const inlinePress = (data: string, from = USER): Update =>
  ({ update_id: nextId++, callback_query: { id: `cb-${nextId}`, from, chat_instance: "inline", inline_message_id: "AgAAAInlineMessage", data } });

const answered = (harness: ReturnType<typeof createTestBot>) => harness.calls.filter((call) => call.method === "answerInlineQuery").at(-1)?.payload as
  | { results: InlineQueryResultArticle[]; cache_time?: number; is_personal?: boolean; button?: { text: string; start_parameter: string } }
  | undefined;

describe("inline answers (@YourBot TX-1 in any chat)", () => {
  it("lists a result for each kind that knows the ID, titled with marker and ID, described by status and MNO reference", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (kind === "collection" ? outcomes.success(kind, id, "MP-77") : outcomes.notFound(kind, id)));
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(inlineQuery("TX-1"));
    const answer = answered(harness);
    expect(answer).toMatchObject({ cache_time: 5, is_personal: true });
    expect(answer?.results.map((result) => [result.title, result.description])).toEqual([["✅ Collection TX-1", "SUCCESS · MNO MP-77"]]);
    const content = answer?.results[0]?.input_message_content as { message_text: string };
    expect(content.message_text).toMatch(/^✅ Collection TX-1\nPayment: SUCCESS\nMNO ref: MP-77/);
    expect(answer?.results[0]?.reply_markup).toBeUndefined();
  });

  it("answers several IDs, separated by spaces or commas, with 🔄 Refresh (and no 🔔) on what is not final", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (id === "TX-2" ? outcomes.pending(kind, id) : outcomes.notFound(kind, id)));
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(inlineQuery("TX-1, TX-2"));
    const answer = answered(harness);
    expect(answer?.results.map((result) => result.title)).toEqual(["🔍 TX-1", "⏳ Collection TX-2", "⏳ Airtime TX-2"]);
    const buttons = answer?.results[1]?.reply_markup?.inline_keyboard.flat().map((button) => button.text);
    expect(buttons).toEqual(["🔄 Refresh"]);
  });

  it("gives an empty or invalid query one hint, and makes no enquiry", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(inlineQuery(""));
    expect(answered(harness)?.results.map((result) => result.title)).toEqual(["Check a payment"]);
    await harness.bot.handleUpdate(inlineQuery("<script>"));
    expect(answered(harness)?.results.map((result) => result.title)).toEqual(["That is not a transaction ID"]);
    expect(enquiry.calls).toHaveLength(0);
  });

  it("gives a stranger no results, and a button to the private chat where /start shows how to get access", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(inlineQuery("TX-1", STRANGER));
    expect(answered(harness)).toMatchObject({ results: [], is_personal: true, button: { text: "How to get access", start_parameter: "access" } });
    expect(enquiry.calls).toHaveLength(0);
  });

  it("counts toward the rate limit: IDs × kinds", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const harness = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 5 } });
    await harness.bot.handleUpdate(inlineQuery("TX-1 TX-2"));
    await harness.bot.handleUpdate(inlineQuery("TX-3 TX-4"));
    expect(enquiry.calls).toHaveLength(4);
    expect(answered(harness)?.button?.text).toBe("Too many requests: wait a minute");
  });

  it("answers only a fast typist's latest query: after a burst of 60 keystrokes, what they end up typing still gets results", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const harness = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 60 } });
    const typed = "TX-1234567890-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuv";
    const keystrokes = Array.from({ length: 60 }, (_, i) => inlineQuery(typed.slice(0, i + 1)));
    await Promise.all(keystrokes.map((update) => harness.bot.handleUpdate(update)));
    const answers = harness.calls.filter((call) => call.method === "answerInlineQuery").map((call) => call.payload as { inline_query_id: string; results: InlineQueryResultArticle[]; button?: unknown });
    expect(answers).toHaveLength(60);
    const last = answers.find((answer) => answer.inline_query_id === keystrokes[59]?.inline_query?.id);
    expect(last?.results.map((result) => result.title)).toEqual([`✅ Collection ${typed.slice(0, 60)}`, `✅ Airtime ${typed.slice(0, 60)}`]);
    // The earlier ones were answered empty, made no enquiry, and cost nothing.
    expect(answers.filter((answer) => answer !== last).every((answer) => answer.results.length === 0 && answer.button === undefined)).toBe(true);
    expect(enquiry.calls.map((call) => call.id)).toEqual([typed.slice(0, 60), typed.slice(0, 60)]);
    // 2 of the 60 spent: a command still goes through.
    await harness.bot.handleUpdate(messageUpdate(`/status ${Array.from({ length: 20 }, (_, i) => `TY-${i}`).join(" ")}`));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/^Collection or airtime: 20 IDs/);
  });

  it("answers within the inline budget even when the service is slow: what is late is 'no answer in time'", async () => {
    const enquiry = scriptedEnquiry(async (kind, id) => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      return outcomes.success(kind, id);
    });
    const harness = createTestBot({ enquiry });
    const started = Date.now();
    await harness.bot.handleUpdate(inlineQuery("TX-1"));
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(answered(harness)?.results.map((result) => result.title)).toEqual(["⌛ Collection TX-1", "⌛ Airtime TX-1"]);
  }, 15_000);
});

describe("🔄 Refresh on an inline message", () => {
  it("re-checks and edits that inline message (it has no chat), deciding access by the person", async () => {
    let status = "PENDING";
    const enquiry = scriptedEnquiry((kind, id) => (kind === "collection" ? outcomes.found(kind, id, status) : outcomes.notFound(kind, id)));
    const harness = createTestBot({ enquiry });
    // The agent posts the result into some chat; Telegram says which (inline feedback).
    await harness.bot.handleUpdate(inlineQuery("TX-9"));
    const [result] = answered(harness)?.results ?? [];
    await harness.bot.handleUpdate({ update_id: nextId++, chosen_inline_result: { result_id: result?.id ?? "", from: USER, query: "TX-9", inline_message_id: "AgAAAInlineMessage" } });
    status = "SUCCESS";
    await harness.bot.handleUpdate(inlinePress("rc:TX-9"));
    const edit = harness.calls.find((call) => call.method === "editMessageText");
    expect(edit?.payload).toMatchObject({ inline_message_id: "AgAAAInlineMessage", text: expect.stringMatching(/^✅ Collection TX-9/) });
    expect(harness.toasts().at(-1)?.payload.text).toBe("Updated");
    await harness.bot.handleUpdate(inlinePress("rc:TX-9", STRANGER));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Sorry, you are not allowed to use this bot here.");
  });
});
