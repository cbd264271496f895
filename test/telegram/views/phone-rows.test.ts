import type { InlineKeyboard } from "grammy";
import { afterAll, describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";
import { answerKeyboard, kindKeyboard } from "../../../src/telegram/views/keyboards.ts";
import { labelWidth, PHONE_LINE, phoneRows } from "../../../src/telegram/views/phone-rows.ts";
import { translations } from "../../support/bot-harness.ts";

const labels = (...texts: string[]) => texts.map((text) => ({ text }));
const shown = (rows: { text: string }[][]) => rows.map((row) => row.map((button) => button.text));

describe("buttons laid out for a phone", () => {
  it("counts an emoji as two characters", () => {
    expect(labelWidth("✅ Resolved")).toBe(11);
    expect(labelWidth("🇬🇭 Ghana")).toBe(8);
    expect(labelWidth("Résolu")).toBe(6);
  });

  it("keeps a row whose labels fit, and breaks one whose labels would be cut, in order", () => {
    expect(shown(phoneRows(labels("✋ Take", "✅ Resolved", "🔄 Refresh")))).toEqual([["✋ Take", "✅ Resolved", "🔄 Refresh"]]);
    expect(shown(phoneRows(labels("✋ Prendre en charge", "✅ Résolu", "🔄 Actualiser")))).toEqual([["✋ Prendre en charge"], ["✅ Résolu", "🔄 Actualiser"]]);
    expect(shown(phoneRows(labels("✋ Chukua", "✅ Imetatuliwa", "🔄 Sasisha")))).toEqual([["✋ Chukua", "✅ Imetatuliwa"], ["🔄 Sasisha"]]);
    expect(shown(phoneRows(labels("a", "b", "c", "d"), 3))).toEqual([["a", "b", "c"], ["d"]]);
    // Too long for any line: a row of its own all the same.
    expect(shown(phoneRows(labels("x".repeat(50), "y")))).toEqual([["x".repeat(50)], ["y"]]);
    expect(phoneRows([])).toEqual([]);
  });
});

const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
afterAll(() => state.close());
const buttons = new ButtonStore(state.kv);
/** The rows of a keyboard with a label a phone would cut (each of n buttons gets a n-th of the line). */
const cutRows = (keyboard: InlineKeyboard) =>
  keyboard.inline_keyboard.map((row) => row.map((button) => button.text)).filter((row) => row.some((label) => labelWidth(label) > PHONE_LINE / row.length));

describe("the kind picker and an answer's buttons", () => {
  it("the kinds share a row in English, and not in Swahili or French, whose labels it would cut", async () => {
    const rows = async (locale: string) => (await kindKeyboard(translations.translatorFor(locale), (scope) => Promise.resolve(scope))).inline_keyboard.map((row) => row.map((button) => button.text));
    expect(await rows("en")).toEqual([["Collection", "Airtime", "Both"]]);
    expect(await rows("sw")).toEqual([["Makusanyo", "Muda wa maongezi"], ["Zote mbili"]]);
    expect(await rows("fr")).toEqual([["Encaissement", "Crédit d'appel"], ["Les deux"]]);
  });

  describe.each(translations.locales)("in %s", (locale) => {
    const t = translations.translatorFor(locale);
    it.each([
      ["a private chat, not watched", { chatType: "private", subscribers: 0, mine: false }],
      ["a private chat, watched", { chatType: "private", subscribers: 1, mine: true }],
      ["a group, nobody watching", { chatType: "group", subscribers: 0, mine: false }],
      ["a group, 12 watching", { chatType: "supergroup", subscribers: 12, mine: false }],
    ] as const)("an answer's buttons in %s: no label cut", async (_, watch) => {
      expect(cutRows(await answerKeyboard({ scope: "collection", ids: ["COL-PENDING-1"] }, t, buttons, watch))).toEqual([]);
    });
  });
});
