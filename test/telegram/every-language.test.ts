import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it, vi } from "vitest";
import { createTestBot, translations, type ApiCall } from "../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { expectSendable } from "../support/telegram-limits.ts";
import { callbackUpdate, messageUpdate, USER } from "../support/updates.ts";

const LONG_REASON = "Insufficient balance on the payer's wallet; the operator declined the debit after 3 attempts. ".repeat(8);
const enquiry = () =>
  scriptedEnquiry((kind, id) =>
    id.includes("FAILED")
      ? outcomes.failed(kind, id, LONG_REASON)
      : id.includes("PENDING")
        ? outcomes.pending(kind, id)
        : id.includes("MISSING")
          ? outcomes.notFound(kind, id)
          : id.includes("SLOW")
            ? outcomes.timeout(kind, id)
            : id.includes("BUSY")
              ? outcomes.busy(kind, id)
              : outcomes.success(kind, id),
  );

const PRIVATE = { id: USER.id, type: "private" as const, first_name: USER.first_name };
let nextId = 900_000;
const fileUpdate = (fileId: string): Update =>
  ({
    update_id: nextId++,
    message: {
      message_id: nextId,
      date: 1,
      chat: PRIVATE,
      from: USER,
      document: { file_id: fileId, file_unique_id: `u-${fileId}`, file_name: "today.csv", file_size: 100, mime_type: "text/csv" },
      caption: "/collection",
      caption_entities: [{ type: "bot_command", offset: 0, length: 11 }],
    },
  });

const TEXTS = [
  "/start",
  "/help",
  "/whoami",
  "/language",
  "/health",
  "/collection TX-OK-1",
  "/airtime TX-FAILED-2",
  "/status TX-MISSING-3",
  "/collection TX-PENDING-4",
  "/collection TX-SLOW-5",
  "/airtime TX-BUSY-6",
  "/collection TX-OK-7 TX-FAILED-8 TX-PENDING-9 TX-MISSING-10",
  "/collection",
  "/collection !!!",
  "TX-OK-11",
  "/nothing",
  "/watch TX-PENDING-4",
  "/watches",
  "/unwatch TX-PENDING-4",
  "/invite",
  "/invites",
  "/users",
  "/allow 4242",
  "/revoke 4242",
];

/** Every flow an admin can take, in one language chosen with /language: what the bot sent. */
async function everyFlow(locale: string): Promise<ApiCall[]> {
  const bot = createTestBot({ enquiry: enquiry(), access: { adminUserIds: new Set([USER.id]) }, adminAlerted: true });
  try {
    await bot.state.records.update("languages", `user:${USER.id}`, () => JSON.stringify({ locale, by: USER.id, at: 1 }));
    await bot.assembled.prepare();
    for (const text of TEXTS) await bot.bot.handleUpdate(messageUpdate(text));
    // Every button the bot showed, pressed once (the access buttons too), on the message that carries it.
    const shown = bot.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === USER.id && call.payload.reply_markup);
    for (const call of shown) {
      const keyboard = call.payload.reply_markup as InlineKeyboardMarkup;
      for (const button of keyboard.inline_keyboard.flat()) {
        if (!("callback_data" in button) || button.callback_data === undefined || button.callback_data.startsWith("L:")) continue;
        await bot.bot.handleUpdate(callbackUpdate(button.callback_data, { message_id: 9_500, chat: PRIVATE, text: call.payload.text ?? "", reply_markup: keyboard }));
      }
    }
    bot.uploaded.set(`file-${locale}`, new TextEncoder().encode("TX-OK-20\nTX-FAILED-21\nTX-PENDING-22\nnot an id!\n"));
    await bot.bot.handleUpdate(fileUpdate(`file-${locale}`));
    await vi.waitFor(() => expect(bot.calls.some((call) => call.method === "sendDocument")).toBe(true), { timeout: 5_000 });
    return [...bot.calls];
  } finally {
    await bot.assembled.stopBackground(0);
    await bot.state.close();
  }
}

/** What the agent read (the admin chat and people without a language of their own are answered in the default one). */
const textsOf = (calls: readonly ApiCall[]) =>
  calls
    .filter((call) => call.method === "answerCallbackQuery" || (["sendMessage", "editMessageText", "sendDocument"].includes(call.method) && call.payload.chat_id === USER.id))
    .map((call) => call.payload.text ?? (call.payload.caption as string | undefined) ?? "");

describe("every flow, in every language", () => {
  it("fits Telegram's limits (text, entities, button data) and says nothing in English outside English", async () => {
    const english = textsOf(await everyFlow("en"));
    expect(english.length).toBeGreaterThan(40);
    for (const locale of translations.locales.filter((l) => l !== "en")) {
      const calls = await everyFlow(locale);
      expectSendable(calls);
      const texts = textsOf(calls);
      // The same flows, so the same messages in the same order; none of them the English one.
      expect(texts.length, locale).toBe(english.length);
      const same = texts.filter((text, index) => text !== "" && text === english[index]);
      expect(same, locale).toEqual([]);
    }
  }, 60_000);
});
