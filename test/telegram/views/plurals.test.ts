import { describe, expect, it } from "vitest";
import { formatSummary } from "../../../src/telegram/features/bulk/bulk-format.ts";
import { translations } from "../../support/bot-harness.ts";

const t = (locale: string) => translations.translatorFor(locale);
const verdicts = (counts: Partial<Record<"success" | "failed" | "not_final" | "not_found" | "could_not_check", number>>) => ({ success: 0, failed: 0, not_final: 0, not_found: 0, could_not_check: 0, ...counts });

describe("numbers next to nouns, in every language", () => {
  it.each([
    ["en", 1, "✏️ 1 cell was not an ID (listed in the report)"],
    ["en", 3, "✏️ 3 cells were not IDs (listed in the report)"],
    ["fr", 1, "✏️ 1 cellule n'était pas un ID (listée dans le rapport)"],
    ["fr", 3, "✏️ 3 cellules n'étaient pas des ID (listées dans le rapport)"],
    ["pt", 1, "✏️ 1 célula não era um ID (listada no relatório)"],
    ["pt", 3, "✏️ 3 células não eram IDs (listadas no relatório)"],
    ["sw", 1, "✏️ Kisanduku 1 hakikuwa ID (kimeorodheshwa kwenye ripoti)"],
    ["sw", 3, "✏️ Visanduku 3 havikuwa ID (vimeorodheshwa kwenye ripoti)"],
  ])("%s: %i cells that were not IDs", (locale, count, text) => {
    expect(t(locale)("bulk-count-invalid", { count })).toBe(text);
  });

  it.each([
    ["en", 1, "1 enquiry"],
    ["en", 2, "2 enquiries"],
    ["fr", 1, "1 demande"],
    ["pt", 1, "1 consulta"],
    ["pt", 0, "0 consultas"],
    ["sw", 1, "ulizo 1"],
    ["sw", 12045, "maulizo 12,045"],
  ])("%s: /health's %i enquiries", (locale, count, words) => {
    expect(t(locale)("health-window-line", { window: "5 min", count, percent: "0%", p50: "1 s", p95: "1 s" })).toContain(words);
  });

  it("writes the number as the language does: 12 045 in Portuguese (Mozambique, Angola) and French", () => {
    expect(t("pt")("bulk-count-invalid", { count: 12045 })).toBe(`✏️ ${translations.numbersFor("pt").count(12045)} células não eram IDs (listadas no relatório)`);
    expect(t("fr")("bulk-count-invalid", { count: 12045 })).toContain(translations.numbersFor("fr").count(12045));
    expect(t("en")("bulk-count-invalid", { count: 12045 })).toContain("12,045");
  });

  it("leaves out the lines that say zero of something bad, and agrees in number", () => {
    expect(formatSummary("done", "collection", "a.csv", 2, 2, verdicts({ success: 2 }), { total: 0, listed: 0 }, t("en")).split("\n")).toEqual(["Checked 2 collection IDs from a.csv:", "✅ 2 success"]);
    expect(formatSummary("done", "collection", "a.csv", 1, 1, verdicts({ failed: 1 }), { total: 0, listed: 0 }, t("fr")).split("\n")).toEqual(["1 ID d'encaissement vérifié depuis a.csv :", "✅ 0 réussi", "❌ 1 échoué"]);
    expect(formatSummary("done", "airtime", "a.csv", 1, 1, verdicts({ not_found: 1 }), { total: 0, listed: 0 }, t("pt")).split("\n")).toEqual(["Verificado 1 ID de recarga do ficheiro a.csv:", "✅ 0 com sucesso", "🔍 1 não encontrado"]);
  });
});
