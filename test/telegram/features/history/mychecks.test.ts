import type { InlineKeyboardMarkup } from "grammy/types";
import { describe, expect, it, vi } from "vitest";
import { createTestBot } from "../../../support/bot-harness.ts";
import { readReport } from "../../../support/csv.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

const BOB = { id: 5002, is_bot: false, first_name: "Bob", language_code: "en" };
const settle = () => new Promise((resolve) => setImmediate(resolve));
const buttonsOf = (markup: unknown) => (markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? [];
const dataOf = (markup: unknown, text: string | RegExp) => {
  const button = buttonsOf(markup).find((candidate) => (typeof text === "string" ? candidate.text === text : text.test(candidate.text)));
  return button && "callback_data" in button ? (button.callback_data ?? "") : undefined;
};

function bot(statuses: Record<string, string> = {}, extra: Partial<Parameters<typeof createTestBot>[0]> = {}) {
  const asked: string[] = [];
  const enquiry = scriptedEnquiry((kind, id) => {
    asked.push(`${kind}:${id}`);
    return kind === "collection" ? outcomes.found(kind, id, statuses[id] ?? "PENDING") : outcomes.notFound(kind, id);
  });
  const harness = createTestBot({ enquiry, access: { allowedUserIds: new Set([USER.id, BOB.id]), allowedChatIds: new Set([GROUP.id]) }, ...extra });
  const ask = async (text: string, from = USER) => {
    const before = harness.sent().length;
    await harness.bot.handleUpdate(messageUpdate(text, { from }));
    await settle();
    return harness.sent().slice(before);
  };
  const press = async (data: string, from = USER) => {
    const before = harness.calls.length;
    await harness.bot.handleUpdate(callbackUpdate(data, { message_id: 1, chat: { id: from.id, type: "private" } }, from));
    await settle();
    return harness.calls.slice(before);
  };
  return { ...harness, ask, press, asked };
}

describe("/mychecks", () => {
  it("lists the agent's own checks, newest first, with the status as last known, and nobody else's", async () => {
    const statuses: Record<string, string> = { "TX-1": "PENDING", "TX-2": "SUCCESS" };
    const t = bot(statuses);
    await t.ask("/collection TX-1");
    await t.ask("/collection TX-2");
    await t.ask("/collection TX-3", BOB);
    statuses["TX-1"] = "FAILED";
    await t.ask("/collection TX-1", BOB);
    const [reply] = await t.ask("/mychecks");
    const lines = String(reply?.payload.text).split("\n");
    expect(lines[0]).toBe("🧾 Your checks, newest first · page 1");
    expect(lines.slice(2).map((line) => line.split(" · ").slice(1))).toEqual([
      ["TX-2", "collection", "SUCCESS"],
      ["TX-1", "collection", "FAILED"],
    ]);
    expect(buttonsOf(reply?.payload.reply_markup).map((button) => button.text)).toEqual(["📄 Last 30 days (CSV)"]);
  });

  it("pages 10 at a time with ◀ ▶, and re-checks the page's payments still open through the rate limit", async () => {
    const t = bot({ "TX-0": "SUCCESS" });
    for (let i = 0; i < 12; i++) await t.ask(`/collection TX-${i}`);
    const [first] = await t.ask("/mychecks");
    expect(String(first?.payload.text).split("\n").slice(2)).toHaveLength(10);
    expect(buttonsOf(first?.payload.reply_markup).map((button) => button.text)).toEqual(["▶", "🔄 Re-check the 10 still open", "📄 Last 30 days (CSV)"]);
    const edited = (await t.press(dataOf(first?.payload.reply_markup, "▶") ?? "")).find((call) => call.method === "editMessageText");
    expect(String(edited?.payload.text).split("\n").slice(2).map((line) => line.split(" · ")[1])).toEqual(["TX-1", "TX-0"]);
    expect(buttonsOf(edited?.payload.reply_markup).map((button) => button.text)).toEqual(["◀", "🔄 Re-check the one still open", "📄 Last 30 days (CSV)"]);
    t.asked.length = 0;
    const calls = await t.press(dataOf(edited?.payload.reply_markup, /Re-check/) ?? "");
    expect(t.asked).toEqual(["collection:TX-1"]);
    expect(calls.filter((call) => call.method === "sendMessage").map((call) => String(call.payload.text))).toEqual([expect.stringContaining("TX-1")]);
  });

  it("re-checks both kinds for what both cost together: past the limit, none is asked and the press says to slow down", async () => {
    const asked: string[] = [];
    const enquiry = scriptedEnquiry((kind, id) => (asked.push(`${kind}:${id}`), outcomes.pending(kind, id)));
    // 2 + 2 + 1 spent on the checks and /mychecks: 3 left, and the re-check of four payments costs 4.
    const t = bot({}, { enquiry, rateLimit: { windowSeconds: 60, maxCost: 8 } });
    await t.ask("/collection TX-1 TX-2");
    await t.ask("/airtime AIR-1 AIR-2");
    const [reply] = await t.ask("/mychecks");
    asked.length = 0;
    const calls = await t.press(dataOf(reply?.payload.reply_markup, /Re-check/) ?? "");
    expect(asked).toEqual([]);
    expect(calls.filter((call) => call.method === "answerCallbackQuery").map((call) => call.payload.text)).toEqual(["Too many requests, please wait a moment."]);
  });

  it("sends the last 30 days as a CSV file that parses", async () => {
    const t = bot();
    await t.ask("/collection TX-1");
    await t.ask("/collection -TX-9", BOB);
    await t.ask("/collection TX-2");
    const [reply] = await t.ask("/mychecks");
    await t.press(dataOf(reply?.payload.reply_markup, /CSV/) ?? "");
    await vi.waitFor(() => expect(t.calls.some((call) => call.method === "sendDocument")).toBe(true));
    const document = t.calls.find((call) => call.method === "sendDocument")?.payload as { document: { filename: string; content: Buffer }; caption: string };
    expect(document.document.content.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = readReport(document.document.content);
    expect(rows.map((row) => [row.transaction_id, row.status, row.user_id, row.how])).toEqual([
      ["TX-2", "PENDING", String(USER.id), "command"],
      ["TX-1", "PENDING", String(USER.id), "command"],
    ]);
    expect(document.caption).toBe("Your checks of the last 30 days");
  });

  it("sends the CSV whole again when Telegram asks it to wait after the upload (a 429)", async () => {
    let refused = 0;
    const t = bot({}, { failWith: (method) => (method === "sendDocument" && refused++ === 0 ? { error_code: 429, description: "Too Many Requests: retry after 0", parameters: { retry_after: 0 } } : undefined) });
    await t.ask("/collection TX-1");
    const [reply] = await t.ask("/mychecks");
    await t.press(dataOf(reply?.payload.reply_markup, /CSV/) ?? "");
    await vi.waitFor(() => expect(t.calls.filter((call) => call.method === "sendDocument")).toHaveLength(2));
    const retried = t.calls.filter((call) => call.method === "sendDocument")[1]?.payload as { document: { content: Buffer } };
    expect(readReport(retried.document.content).map((row) => row.transaction_id)).toEqual(["TX-1"]);
  });

  it("works in private only, says when there is nothing, and gives strangers nothing", async () => {
    const t = bot();
    expect((await t.ask("/mychecks"))[0]?.payload.text).toBe("No checks of yours are recorded yet.");
    await t.bot.handleUpdate(groupMessage("/mychecks"));
    await settle();
    expect(t.sent().at(-1)?.payload.text).toBe("/mychecks lists your own checks: send it to me in a private chat.");
    const stranger = await t.ask("/mychecks", STRANGER);
    expect(stranger.map((reply) => String(reply.payload.text))).not.toContainEqual(expect.stringContaining("Your checks"));
    expect(stranger.map((reply) => String(reply.payload.text))).not.toContainEqual(expect.stringContaining("No checks"));
  });
});
