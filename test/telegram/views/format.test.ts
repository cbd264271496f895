import type { MessageEntity } from "grammy/types";
import { describe, expect, it } from "vitest";
import { formatAnswer } from "../../../src/telegram/views/format/answer-text.ts";
import { cleanServiceText } from "../../../src/util/service-text.ts";
import { clockIn, fitMessage, TELEGRAM_TEXT_LIMIT } from "../../../src/telegram/views/format/text.ts";
import { FormattedString } from "@grammyjs/parse-mode";
import { Translations } from "../../../src/telegram/i18n.ts";
import type { EnquiryOutcome } from "../../../src/payments/enquiry/types.ts";
import { outcomes } from "../../support/outcomes.ts";

const translations = new Translations();
const en = translations.translatorFor("en");
const fr = translations.translatorFor("fr");

const single = (outcome: EnquiryOutcome, t = en) => formatAnswer(outcome.kind, [{ id: outcome.transactionId, outcomes: [outcome] }], t);
const entityText = (text: string, entities: readonly MessageEntity[], type: MessageEntity["type"]) =>
  entities.filter((e) => e.type === type).map((e) => text.slice(e.offset, e.offset + e.length));

describe("formatAnswer, one ID", () => {
  it("shows a success with its MNO reference in monospace", () => {
    const { message, final } = single(outcomes.success("collection", "TX-1", "MP-REF-1"));
    expect(message.text).toBe(
      [
        "✅ Collection TX-1",
        "Payment: SUCCESS",
        "MNO ref: MP-REF-1",
        "Service ID: 3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90",
        "",
        "Checked 14:05:32 UTC",
      ].join("\n"),
    );
    expect(entityText(message.text, message.entities, "code")).toEqual(["TX-1", "MP-REF-1", "3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90"]);
    expect(entityText(message.text, message.entities, "bold")).toEqual(["Collection", "SUCCESS"]);
    expect(final).toBe(true);
  });

  it("shows a failure with its reason", () => {
    const { message, final } = single(outcomes.failed("airtime", "AT-9", "Subscriber wallet not found"));
    expect(message.text).toContain("❌ Airtime AT-9\nPayment: FAILED\nReason: Subscriber wallet not found\nMNO ref: ");
    expect(final).toBe(true);
  });

  it("says when a failure came without a reason", () => {
    expect(single(outcomes.found("collection", "TX-2", "FAILED")).message.text).toContain("Reason: no reason given");
  });

  it.each(["PENDING", "PROCESSING", "success?", "UNKNOWN"])("shows %s as not final, never as success or failure", (status) => {
    const { message, final } = single(outcomes.found("collection", "TX-3", status));
    expect(message.text).toContain(`⏳ Collection TX-3\nPayment: ${status} (not final yet, check again later)`);
    expect(message.text).not.toMatch(/✅|❌/);
    expect(final).toBe(false);
  });

  it("reads status case-insensitively but shows it exactly as sent", () => {
    expect(single(outcomes.found("collection", "TX-4", "Success")).message.text).toContain("✅ Collection TX-4\nPayment: Success");
  });

  const unknowns: [string, EnquiryOutcome, RegExp][] = [
    ["not found", outcomes.notFound("collection", "TX-5"), /🔍 Collection TX-5: Not found\nThe service does not know this ID\. Check the ID, or try \/airtime TX-5\./],
    ["rejected token", outcomes.unauthorized("collection", "TX-5"), /🔒 Collection TX-5: Could not check\n.*Please tell an admin\./],
    ["timeout", outcomes.timeout("collection", "TX-5"), /⌛ Collection TX-5: No answer in time\n.*Try again shortly\./],
    ["busy", outcomes.busy("collection", "TX-5"), /🚦 Collection TX-5: Service busy/],
    ["service error", outcomes.upstreamError("collection", "TX-5"), /⚠️ Collection TX-5: Service error\n.*Try again shortly\./],
    ["unreadable answer", outcomes.invalid("collection", "TX-5"), /❓ Collection TX-5: Unreadable answer/],
  ];
  it.each(unknowns)("explains a %s without claiming a payment status", (_, outcome, expected) => {
    const { message, final } = single(outcome);
    expect(message.text).toMatch(expected);
    expect(message.text).toContain("this does not mean it failed");
    expect(message.text).not.toMatch(/SUCCESS|FAILED|✅|❌/);
    expect(final).toBe(false);
  });

  it("tells users an admin was alerted when that is configured", () => {
    const outcome = outcomes.unauthorized("airtime", "AT-1");
    const { message } = formatAnswer("airtime", [{ id: "AT-1", outcomes: [outcome] }], en, { adminAlerted: true });
    expect(message.text).toContain("an admin has been told");
  });

  it("never lets service text become markup or links", () => {
    const hostile = '<b>x</b> *bold* _it_ [a](http://evil.example) `c` & ||s|| \u202Eevil\u0000\u0007\nnext';
    const { message } = single(outcomes.failed("collection", "TX-6", hostile, "<i>MNO</i>"));
    expect(message.text).toContain("Reason: <b>x</b> *bold* _it_ [a](http://evil.example) `c` & ||s|| evil next");
    expect(message.entities.map((e) => e.type).sort()).toEqual(["bold", "bold", "code", "code", "code"]);
    expect(message.text).not.toMatch(/[\u202E\u0000\u0007]/);
  });

  it("shortens very long reasons so that the reply stays readable", () => {
    const { message } = single(outcomes.failed("collection", "TX-7", "x".repeat(10_000)));
    expect(message.text.length).toBeLessThan(1_000);
    expect(message.text).toContain("x…");
  });

  it("speaks French to French speakers", () => {
    const { message } = single(outcomes.pending("collection", "TX-8"), fr);
    expect(message.text).toContain("⏳ Encaissement TX-8\nPaiement : PENDING (pas encore définitif");
    expect(message.text).toContain("Vérifié à 14:05:32 UTC");
  });
});

describe("formatAnswer, /status (both kinds asked)", () => {
  it("shows only the kind that knows the ID", () => {
    const { message, final } = formatAnswer("status", [{ id: "X-1", outcomes: [outcomes.notFound("collection", "X-1"), outcomes.success("airtime", "X-1")] }], en);
    expect(message.text).toMatch(/^✅ Airtime X-1\n/);
    expect(message.text).not.toContain("Collection");
    expect(final).toBe(true);
  });

  it("shows both when both know it", () => {
    const { message } = formatAnswer("status", [{ id: "X-2", outcomes: [outcomes.success("collection", "X-2"), outcomes.failed("airtime", "X-2")] }], en);
    expect(message.text).toContain("✅ Collection X-2");
    expect(message.text).toContain("❌ Airtime X-2");
  });

  it("says not found once when neither knows it", () => {
    const { message, final } = formatAnswer("status", [{ id: "X-3", outcomes: [outcomes.notFound("collection", "X-3"), outcomes.notFound("airtime", "X-3")] }], en);
    expect(message.text).toBe("🔍 Collection or airtime X-3\nNot found as a collection or as an airtime purchase. Check the ID.\n\nChecked 14:05:32 UTC");
    expect(final).toBe(false);
  });

  it("never hides a timeout behind the other kind's not found", () => {
    const { message } = formatAnswer("status", [{ id: "X-4", outcomes: [outcomes.notFound("collection", "X-4"), outcomes.timeout("airtime", "X-4")] }], en);
    expect(message.text).toContain("⌛ Airtime X-4: No answer in time");
    expect(message.text).toContain("🔍 Collection X-4: Not found");
  });
});

describe("formatAnswer, several IDs", () => {
  it("summarises one compact line per ID", () => {
    const results = [
      { id: "TX-1", outcomes: [outcomes.success("collection", "TX-1", "MNO-1")] },
      { id: "TX-2", outcomes: [outcomes.failed("collection", "TX-2", "Wrong PIN", "MNO-2")] },
      { id: "TX-3", outcomes: [outcomes.pending("collection", "TX-3")] },
      { id: "TX-4", outcomes: [outcomes.timeout("collection", "TX-4")] },
    ];
    const { message, final } = formatAnswer("collection", results, en);
    expect(message.text).toBe(
      [
        "Collection: 4 IDs",
        "✅ TX-1 · SUCCESS · MNO MNO-1",
        "❌ TX-2 · FAILED · MNO MNO-2 · Wrong PIN",
        "⏳ TX-3 · PENDING",
        "⌛ TX-4 · no answer in time",
        "",
        "Unknown is not failed: check again later.",
        "",
        "Checked 14:05:32 UTC",
      ].join("\n"),
    );
    expect(final).toBe(false);
  });

  it("stays within Telegram's limit for 20 IDs with huge reasons", () => {
    const results = Array.from({ length: 20 }, (_, i) => {
      const id = `${"T".repeat(60)}-${String(i).padStart(3, "0")}`;
      return { id, outcomes: [outcomes.failed("collection", id, "reason ".repeat(2_000), "M".repeat(500))] };
    });
    const { message } = formatAnswer("collection", results, en);
    expect(message.text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
  });
});

describe("text helpers", () => {
  it("never cuts an emoji in half", () => {
    const text = `${"a".repeat(8)}😀😀`;
    expect(cleanServiceText(text, 10)).toBe(`${"a".repeat(8)}…`);
  });
  it("fits any message into the limit, keeping entities inside the text", () => {
    const long = FormattedString.join([FormattedString.bold("x".repeat(5_000)), "tail"]);
    const fitted = fitMessage(long);
    expect(fitted.text.length).toBe(TELEGRAM_TEXT_LIMIT);
    for (const entity of fitted.entities) expect(entity.offset + entity.length).toBeLessThanOrEqual(fitted.text.length);
  });
});

describe("times shown to users", () => {
  it("are UTC by default, and in BOT_TIMEZONE with its short name otherwise", () => {
    const at = new Date("2026-11-22T14:05:32Z");
    expect(clockIn("UTC")(at)).toBe("14:05:32 UTC");
    expect(clockIn("Africa/Lagos")(at)).toBe("15:05:32 GMT+1");
    expect(clockIn("America/Sao_Paulo")(at)).toBe("11:05:32 GMT-3");
  });
});
