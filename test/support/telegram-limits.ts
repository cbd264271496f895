import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import { expect } from "vitest";
import { labelsCut } from "../../src/telegram/views/phone-rows.ts";
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


/**
 * The rows of every keyboard in these calls (sent, edited, changed alone, or under inline results)
 * whose labels a phone would cut (src/telegram/views/phone-rows.ts measures them), each once, with
 * the labels cut.
 */
export function rowsCutOnAPhone(calls: readonly ApiCall[]): { row: string[]; cut: string[] }[] {
  const found = new Map<string, { row: string[]; cut: string[] }>();
  for (const call of calls) {
    const results = (call.payload.results ?? []) as { reply_markup?: InlineKeyboardMarkup }[];
    const keyboards = [call.payload.reply_markup as InlineKeyboardMarkup | undefined, ...results.map((result) => result.reply_markup)];
    for (const buttons of keyboards.flatMap((keyboard) => keyboard?.inline_keyboard ?? [])) {
      const row = buttons.map((button) => button.text);
      const cut = labelsCut(row);
      if (cut.length > 0) found.set(JSON.stringify(row), { row, cut });
    }
  }
  return [...found.values()];
}
