import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it, vi } from "vitest";
import { createTestBot } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, GROUP, STRANGER, USER } from "../../../support/updates.ts";
import { readReport } from "../../../support/csv.ts";
import { decodeEntry } from "../../../../src/payments/history/entry.ts";

let nextId = 800_000;
const PRIVATE = { id: USER.id, type: "private" as const, first_name: USER.first_name };

function fileMessage(options: { name: string; size?: number; caption?: string; chat?: { id: number; type: "private" | "group" | "supergroup"; title?: string }; from?: typeof USER; fileId?: string }): Update {
  const caption = options.caption;
  const command = caption ? /^\/\S+/.exec(caption)?.[0] : undefined;
  return {
    update_id: nextId++,
    message: {
      message_id: nextId,
      date: 1,
      chat: options.chat ?? PRIVATE,
      from: options.from ?? USER,
      document: { file_id: options.fileId ?? `file-${nextId}`, file_unique_id: `u-${nextId}`, file_name: options.name, file_size: options.size ?? 100, mime_type: "text/csv" },
      ...(caption ? { caption } : {}),
      ...(command ? { caption_entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    },
  } as Update;
}

const byStatus = (kind: "collection" | "airtime", id: string) =>
  id.includes("FAILED") ? outcomes.failed(kind, id) : id.includes("PENDING") ? outcomes.pending(kind, id) : id.includes("MISSING") ? outcomes.notFound(kind, id) : outcomes.success(kind, id, `MNO-${id}`);

function upload(harness: ReturnType<typeof createTestBot>, content: string | Uint8Array, options: Parameters<typeof fileMessage>[0]) {
  const update = fileMessage(options);
  harness.uploaded.set(update.message?.document?.file_id ?? "", typeof content === "string" ? new TextEncoder().encode(content) : content);
  return update;
}

const documentOf = (harness: ReturnType<typeof createTestBot>) =>
  harness.calls.find((call) => call.method === "sendDocument")?.payload as { document: { filename: string; content: Buffer }; caption: string; reply_parameters: { message_id: number } } | undefined;

describe("bulk checks from a file", () => {
  it("checks every ID of a .csv sent with /collection: a progress message, then a summary and a CSV report in reply to the file", async () => {
    const enquiry = scriptedEnquiry(byStatus);
    const harness = createTestBot({ enquiry });
    const ids = ["TX-OK-1", "TX-FAILED-2", "TX-PENDING-3", "TX-MISSING-4", "TX-OK-1"];
    const update = upload(harness, `\ufeffDate;Reference;Amount\r\n${ids.map((id) => `2026-11-22;${id};5,00`).join("\r\n")}\r\n2026-11-22;not an id!;1\r\n`, { name: "today.csv", caption: "/collection" });
    await harness.bot.handleUpdate(update);
    const progress = harness.sent().at(-1)?.payload;
    expect(progress?.text).toBe("Checking 4 collection IDs… 0/4 ░░░░░░░░░░ 0%");
    expect((progress?.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0]?.text).toBe("✖ Cancel");
    await vi.waitFor(() => expect(documentOf(harness)).toBeDefined(), { timeout: 5_000 });
    expect(enquiry.calls.map((call) => call.id)).toEqual(["TX-OK-1", "TX-FAILED-2", "TX-PENDING-3", "TX-MISSING-4"]);
    const summary = harness.edits().at(-1)?.payload.text;
    expect(summary).toBe(
      // Nothing could not be checked: no "⚠️ 0 could not check" line.
      ["Checked 4 collection IDs from today.csv:", "✅ 1 success", "❌ 1 failed", "⏳ 1 not final", "🔍 1 not found", "✏️ 1 cell was not an ID (listed in the report)"].join("\n"),
    );
    const document = documentOf(harness);
    expect(document?.document.filename).toMatch(/^statuses-\d{8}-\d{4}\.csv$/);
    expect(document?.reply_parameters.message_id).toBe(update.message?.message_id);
    const rows = readReport(document?.document.content ?? "");
    expect(rows.map((row) => [row.transaction_id, row.outcome, row.payment_status])).toEqual([
      ["TX-OK-1", "success", "SUCCESS"],
      ["TX-FAILED-2", "failed", "FAILED"],
      ["TX-PENDING-3", "not_final", "PENDING"],
      ["TX-MISSING-4", "not_found", ""],
      ["not an id!", "invalid_id", ""],
    ]);
    expect(harness.logs.entries().filter((entry) => entry.msg === "enquiry").every((entry) => entry.via === "bulk")).toBe(true);
    // Each answer is in the history, named for the person who sent the file.
    const entries = (await harness.state.journal.forPerson(String(USER.id), { limit: 10 })).map((row) => decodeEntry(row.data));
    expect(entries.map((entry) => [entry?.transactionId, entry?.how, entry?.who?.name, entry?.where?.title])).toEqual(
      ["TX-MISSING-4", "TX-PENDING-3", "TX-FAILED-2", "TX-OK-1"].map((id) => [id, "bulk", "Ama", "private"]),
    );
  });

  it("offers the kinds for a file sent with no caption in a private chat, then checks with the kind picked", async () => {
    const enquiry = scriptedEnquiry(byStatus);
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\nTX-OK-2\n", { name: "ids.txt" }));
    const question = harness.sent().at(-1)?.payload;
    expect(question?.text).toBe("What kind of transactions are in ids.txt?");
    const buttons = (question?.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat() as { text: string; callback_data: string }[];
    expect(buttons.map((button) => button.text)).toEqual(["Collection", "Airtime", "Both"]);
    await harness.bot.handleUpdate(callbackUpdate(buttons[2]?.callback_data ?? "", { message_id: 9000, chat: PRIVATE }));
    await vi.waitFor(() => expect(documentOf(harness)).toBeDefined(), { timeout: 5_000 });
    expect(enquiry.calls.map((call) => `${call.kind}:${call.id}`).sort()).toEqual(["airtime:TX-OK-1", "airtime:TX-OK-2", "collection:TX-OK-1", "collection:TX-OK-2"]);
  });

  it("works in an allowed group with a command caption, and ignores files sent there without one", async () => {
    const enquiry = scriptedEnquiry(byStatus);
    const harness = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\n", { name: "a.csv", chat: GROUP }));
    expect(harness.calls).toHaveLength(0);
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\n", { name: "a.csv", chat: GROUP, caption: "/airtime@payment_status_bot" }));
    await vi.waitFor(() => expect(documentOf(harness)).toBeDefined(), { timeout: 5_000 });
    expect(enquiry.calls.map((call) => call.kind)).toEqual(["airtime"]);
  });

  it.each([
    ["a file over 1 MB (refused before downloading it)", { name: "big.csv", size: 1_048_577 }, "x", /^That file is too large \(1,025 KB\): send at most 1 MB\.$/],
    ["a spreadsheet", { name: "book.xlsx" }, "x", /^Send the IDs as a \.csv or \.txt file\.$/],
    ["a zip renamed to .csv", { name: "ids.csv" }, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /^That file is not text/],
    ["a file in Latin-1", { name: "ids.csv" }, new Uint8Array([0x54, 0x58, 0xe9, 0x0a]), /^That file is not text/],
    ["an empty file", { name: "ids.csv" }, "", /^That file holds no transaction IDs\.$/],
    ["a header only", { name: "ids.csv" }, "transaction_id,amount\r\n", /^That file holds no transaction IDs\.$/],
    ["1,001 IDs", { name: "ids.csv" }, Array.from({ length: 1_001 }, (_, i) => `TX-${i}`).join("\n"), /^That file holds 1,001 different IDs: at most 1,000 at once/],
  ])("refuses %s with one clear message and no enquiry", async (_, file, content, message) => {
    const enquiry = scriptedEnquiry(byStatus);
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(upload(harness, content, { ...file, caption: "/collection" }));
    expect(harness.sent().map((call) => call.payload.text)).toEqual([expect.stringMatching(message)]);
    expect(enquiry.calls).toHaveLength(0);
    expect(documentOf(harness)).toBeUndefined();
  });

  it("runs one check per user at a time: a second file gets 'already checking', with the Cancel button", async () => {
    const enquiry = scriptedEnquiry(async (kind, id) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return byStatus(kind, id);
    });
    const harness = createTestBot({ enquiry, backgroundPerSecond: 10 });
    await harness.bot.handleUpdate(upload(harness, Array.from({ length: 30 }, (_, i) => `TX-OK-${i}`).join("\n"), { name: "one.csv", caption: "/collection" }));
    await harness.bot.handleUpdate(upload(harness, "TX-OK-99\n", { name: "two.csv", caption: "/collection" }));
    const busy = harness.sent().at(-1)?.payload;
    expect(busy?.text).toBe("You are already checking 30 IDs. Cancel that first, or wait for it to finish.");
    const cancel = (busy?.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0] as { callback_data: string };
    // Some IDs are answered (50 ms each) before the press.
    await vi.waitFor(() => expect(enquiry.calls.length).toBeGreaterThanOrEqual(4));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await harness.bot.handleUpdate(callbackUpdate(cancel.callback_data, { message_id: 1, chat: PRIVATE }));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Cancelled: the report of what was checked follows.");
    const cancelledAt = Date.now();
    await vi.waitFor(() => expect(documentOf(harness)).toBeDefined(), { timeout: 5_000 });
    expect(Date.now() - cancelledAt).toBeLessThan(1_500);
    expect(harness.edits().at(-1)?.payload.text).toMatch(/^Cancelled after \d+ of 30 collection IDs from one\.csv:/);
    expect(enquiry.calls.length).toBeLessThan(30);
    const rows = readReport(documentOf(harness)?.document.content ?? "");
    expect(rows.length).toBeGreaterThan(0);
  });

  it("refuses a second file before downloading it: five files sent at once are downloaded once", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry(byStatus), backgroundPerSecond: 1 });
    const updates = Array.from({ length: 5 }, (_, i) => upload(harness, "TX-OK-1\nTX-OK-2\n", { name: `f${i}.csv`, caption: "/collection" }));
    await Promise.all(updates.map((update) => harness.bot.handleUpdate(update)));
    expect(harness.downloads).toHaveLength(1);
    const texts = harness.sent().map((call) => call.payload.text ?? "");
    expect(texts.filter((text) => text.startsWith("Checking 2 collection IDs"))).toHaveLength(1);
    expect(texts.filter((text) => /^(I am still reading the file you sent just before|You are already checking 2 IDs)/.test(text))).toHaveLength(4);
    await harness.bulkJobs.stop(1_000);
  });

  it("gives the place back when a file is refused: the next file is checked", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry(byStatus) });
    await harness.bot.handleUpdate(upload(harness, "", { name: "empty.csv", caption: "/collection" }));
    expect(harness.sent().at(-1)?.payload.text).toBe("That file holds no transaction IDs.");
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\n", { name: "ids.csv", caption: "/collection" }));
    await vi.waitFor(() => expect(documentOf(harness)).toBeDefined(), { timeout: 5_000 });
  });

  it("shows a file's name cut on a character boundary and without bidi controls, so every message about it is valid text", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry(byStatus) });
    const name = `\u202E\u200F${"a".repeat(97)}😀😀.csv`;
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\n", { name }));
    const question = harness.sent().at(-1)?.payload.text ?? "";
    expect(question.isWellFormed()).toBe(true);
    expect(question).not.toMatch(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    expect(question).toBe(`What kind of transactions are in ${"a".repeat(97)}😀…?`);
  });

  it("lets only the owner cancel a check", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry(byStatus), access: { allowedChatIds: new Set([GROUP.id]) }, backgroundPerSecond: 1 });
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\nTX-OK-2\nTX-OK-3\n", { name: "a.csv", chat: GROUP, caption: "/collection" }));
    const cancel = (harness.sent().at(-1)?.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0] as { callback_data: string };
    await harness.bot.handleUpdate(callbackUpdate(cancel.callback_data, { message_id: 1, chat: GROUP }, { ...USER, id: 5555 }));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Nothing to cancel.");
    await harness.bot.handleUpdate(callbackUpdate(cancel.callback_data, { message_id: 1, chat: GROUP }, USER));
    expect(harness.toasts().at(-1)?.payload.text).toMatch(/^Cancelled/);
  });

  it("answers a photo, or a sticker, in a private chat with what the bot understands", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry(byStatus) });
    await harness.bot.handleUpdate({ update_id: nextId++, message: { message_id: 1, date: 1, chat: PRIVATE, from: USER, photo: [{ file_id: "p", file_unique_id: "p", width: 1, height: 1 }] } });
    await harness.bot.handleUpdate({ update_id: nextId++, message: { message_id: 2, date: 1, chat: PRIVATE, from: USER, sticker: { file_id: "s" } } } as unknown as Update);
    expect(harness.sent().map((call) => call.payload.text)).toEqual([
      "Send the list of IDs as a file (.csv or .txt), not as a photo.",
      "I understand transaction IDs sent as text (TX-12345), commands such as /collection TX-12345, and lists of IDs as .csv or .txt files. /help shows everything.",
    ]);
  });

  it("never checks a stranger's file", async () => {
    const enquiry = scriptedEnquiry(byStatus);
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(upload(harness, "TX-OK-1\n", { name: "a.csv", caption: "/collection", from: STRANGER, chat: { id: STRANGER.id, type: "private" } }));
    expect(enquiry.calls).toHaveLength(0);
    expect(harness.sent()[0]?.payload.text).toMatch(/Sorry, this bot is private/);
  });
});
