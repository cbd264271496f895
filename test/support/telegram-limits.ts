import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import { expect } from "vitest";
import type { ApiCall } from "./fake-telegram-fetch.ts";

/** Telegram's limits: a message's text, a file's caption, a button's data (in bytes). */
export const TELEGRAM_LIMITS = { text: 4096, caption: 1024, callbackData: 64 } as const;

/**
 * Every message the bot sent or edited is one Telegram accepts: text within its length, valid
 * UTF-16, entities inside the text and of the types allowed, button data within 64 bytes.
 */
export function expectSendable(calls: readonly ApiCall[], entityTypes?: readonly string[]): void {
  for (const call of calls) {
    if (call.method !== "sendMessage" && call.method !== "editMessageText" && call.method !== "sendDocument" && call.method !== "answerCallbackQuery") continue;
    const text = (call.method === "sendDocument" ? (call.payload.caption as string | undefined) : call.payload.text) ?? "";
    const limit = call.method === "sendDocument" ? TELEGRAM_LIMITS.caption : call.method === "answerCallbackQuery" ? 200 : TELEGRAM_LIMITS.text;
    if (call.method === "sendMessage" || call.method === "editMessageText") expect(text.length, call.method).toBeGreaterThan(0);
    expect(text.length, text).toBeLessThanOrEqual(limit);
    expect(text.isWellFormed()).toBe(true);
    for (const entity of (call.payload.entities ?? []) as MessageEntity[]) {
      expect(entity.offset).toBeGreaterThanOrEqual(0);
      expect(entity.length).toBeGreaterThan(0);
      expect(entity.offset + entity.length).toBeLessThanOrEqual(text.length);
      if (entityTypes) expect(entityTypes).toContain(entity.type);
    }
    const keyboard = (call.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [];
    for (const button of keyboard.flat()) {
      if ("callback_data" in button && button.callback_data !== undefined) expect(Buffer.byteLength(button.callback_data), button.callback_data).toBeLessThanOrEqual(TELEGRAM_LIMITS.callbackData);
      expect(button.text.length).toBeGreaterThan(0);
    }
  }
}

/** A phone shows about this many characters of a message on a line; a row of buttons is as wide. */
export const PHONE_LINE = 35;

/** How wide a label shows, in characters of a line: an emoji takes about two. */
export function phoneWidth(label: string): number {
  let width = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(label)) width += /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment) ? 2 : 1;
  return width;
}

/**
 * No button label the bot sent is cut on a phone: a row of n buttons gives each of them a
 * n-th of the line (PHONE_LINE), and each label must fit in its share.
 */
export function expectRowsFitPhone(calls: readonly ApiCall[], which: (call: ApiCall) => boolean = () => true): void {
  for (const call of calls) {
    if (!which(call)) continue;
    for (const row of (call.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? []) {
      const share = PHONE_LINE / row.length;
      for (const button of row) expect(phoneWidth(button.text), `"${button.text}" in a row of ${row.length}: ${row.map((b) => b.text).join(" | ")}`).toBeLessThanOrEqual(share);
    }
  }
}
