import { describe, expect, it } from "vitest";
import { NOT_FOUND } from "../../../../src/payments/history/entry.ts";
import { lineText } from "../../../../src/telegram/features/history/history-format.ts";
import { translations } from "../../../support/bot-harness.ts";

const time = () => "24 Nov 2026 15:04:05";

describe("a timeline's folded repeats", () => {
  it("name a payment the service did not know in the reader's language", () => {
    const line = lineText({ type: "repeats", count: 3, people: 2, status: NOT_FOUND }, translations.translatorFor("fr"), time, false);
    expect(line).toContain("introuvable");
    expect(line).not.toContain("not found");
  });

  it("show the provider's status as any service text is shown: no bidi override, bounded", () => {
    const line = lineText({ type: "repeats", count: 2, people: 1, status: `PEND\u202EING${"X".repeat(100)}` }, translations.translatorFor("en"), time, false);
    expect(line).not.toContain("\u202E");
    expect(line.length).toBeLessThan(120);
  });
});
