import { InlineKeyboard } from "grammy";
import { afterAll, describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";
import { answerKeyboard, kindKeyboard } from "../../../src/telegram/views/keyboards.ts";
import { inRowsThatFit, labelsCut, labelWidth } from "../../../src/telegram/views/phone-rows.ts";
import { translations } from "../../support/bot-harness.ts";

const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
afterAll(() => state.close());
const buttons = new ButtonStore(state.kv);
const labels = (keyboard: InlineKeyboard) => keyboard.inline_keyboard.map((row) => row.map((button) => button.text));
const cutRows = (keyboard: InlineKeyboard) => labels(keyboard).filter((row) => labelsCut(row).length > 0);

describe("a phone's width", () => {
  it("counts an emoji as two characters, and accents and apostrophes as one", () => {
    expect(labelWidth("Collection")).toBe(10);
    expect(labelWidth("🔕 Stop")).toBe(7);
    expect(labelWidth("Crédit d'appel")).toBe(14);
  });

  it("cuts a label longer than its share of the row: the row of three kinds in Swahili and French, not in English", () => {
    expect(labelsCut(["Collection", "Airtime", "Both"])).toEqual([]);
    expect(labelsCut(["Makusanyo", "Muda wa maongezi", "Zote mbili"])).toEqual(["Muda wa maongezi"]);
    expect(labelsCut(["Encaissement", "Crédit d'appel", "Les deux"])).toEqual(["Encaissement", "Crédit d'appel"]);
    expect(labelsCut(["🔄 Actualiser", "🔕 Ne plus me prévenir"])).toEqual(["🔕 Ne plus me prévenir"]);
    expect(labelsCut(["🔕 Ne plus me prévenir"])).toEqual([]);
  });

  it("lays buttons out as many to a row as fit, in order, and gives a label too long for any row one of its own", () => {
    const button = (text: string) => InlineKeyboard.text(text, text);
    expect(labels(inRowsThatFit(["Makusanyo", "Muda wa maongezi", "Zote mbili"].map(button)))).toEqual([["Makusanyo", "Muda wa maongezi"], ["Zote mbili"]]);
    expect(labels(inRowsThatFit(["A", "B", "C", "D"].map(button)))).toEqual([["A", "B", "C"], ["D"]]);
    expect(labels(inRowsThatFit(["A", "B", "C"].map(button), new InlineKeyboard(), 2))).toEqual([["A", "B"], ["C"]]);
    expect(labels(inRowsThatFit([button("x".repeat(60)), button("A")]))).toEqual([["x".repeat(60)], ["A"]]);
  });
});

describe.each(translations.locales)("the keyboards in %s", (locale) => {
  const t = translations.translatorFor(locale);

  it("the kind picker: no label cut", async () => {
    const keyboard = await kindKeyboard(t, (scope) => Promise.resolve(scope));
    expect(keyboard.inline_keyboard.flat()).toHaveLength(3);
    expect(cutRows(keyboard)).toEqual([]);
  });

  it.each([
    ["a private chat, not watched", { chatType: "private", subscribers: 0, mine: false }],
    ["a private chat, watched", { chatType: "private", subscribers: 1, mine: true }],
    ["a group, nobody watching", { chatType: "group", subscribers: 0, mine: false }],
    ["a group, 12 watching", { chatType: "supergroup", subscribers: 12, mine: false }],
  ] as const)("an answer's buttons in %s: no label cut", async (_, watch) => {
    const keyboard = await answerKeyboard({ scope: "collection", ids: ["COL-PENDING-1"] }, t, buttons, watch);
    expect(cutRows(keyboard)).toEqual([]);
  });
});
