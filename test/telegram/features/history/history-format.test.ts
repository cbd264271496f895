import { describe, expect, it } from "vitest";
import { NOT_FOUND } from "../../../../src/payments/history/entry.ts";
import { lineText, saidText } from "../../../../src/telegram/features/history/history-format.ts";
import { historyRequest } from "../../../../src/telegram/features/history/history.ts";
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

describe("a check that could not say", () => {
  it("gives the reason in the reader's words, never the internal code", () => {
    const fr = translations.translatorFor("fr");
    const text = saidText({ type: "unknown", cause: "upstream_error" }, fr);
    expect(text).not.toContain("upstream_error");
    expect(text).toContain(fr("summary-upstream-error"));
  });
});

describe("/history's words", () => {
  it("take a kind written first as the kind, not as the ID", () => {
    expect(historyRequest("collection TX-1")).toEqual({ id: "TX-1", scope: "collection" });
    expect(historyRequest("TX-1 airtime")).toEqual({ id: "TX-1", scope: "airtime" });
    expect(historyRequest("TX-1")).toEqual({ id: "TX-1", scope: "status" });
  });
});
