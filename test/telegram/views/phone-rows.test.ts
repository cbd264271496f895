import { describe, expect, it } from "vitest";
import { labelWidth, phoneRows } from "../../../src/telegram/views/phone-rows.ts";

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
