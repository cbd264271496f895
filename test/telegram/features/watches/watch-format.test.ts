import { describe, expect, it } from "vitest";
import type { Notice } from "../../../../src/payments/watches/target.ts";
import { formatNotice, formatWatchList } from "../../../../src/telegram/features/watches/watch-format.ts";
import { translations } from "../../../support/bot-harness.ts";
import { CHECKED_AT, outcomes } from "../../../support/outcomes.ts";

const en = translations.translatorFor("en");
const fr = translations.translatorFor("fr");
const times = { maxHours: 24, notFoundMinutes: 30 };
const notice = (overrides: Partial<Notice>): Notice => ({
  id: "n",
  reason: "settled",
  chatId: 5001,
  chatType: "private",
  messageId: 70,
  locale: "en",
  subscribers: [{ userId: 5001, name: "Ama" }],
  outcomes: [outcomes.success("collection", "TX-1", "MP-REF-1")],
  startedAt: CHECKED_AT.getTime(),
  attempts: 0,
  ...overrides,
});

describe("the message a watch ends with", () => {
  it("carries the full final answer when the payment settled", () => {
    const text = formatNotice(notice({ outcomes: [outcomes.failed("collection", "TX-1", "Wrong PIN", "MNO-9")] }), "collection", en, times).text;
    expect(text).toBe(["🔔 Settled", "", "❌ Collection TX-1", "Payment: FAILED", "Reason: Wrong PIN", "MNO ref: MNO-9", "Service ID: 3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90"].join("\n"));
  });

  it("says the bot gave up after WATCH_MAX_HOURS, with every reference to quote to the provider", () => {
    const pending = { ...outcomes.pending("airtime", "AT-7"), transaction: { status: "PENDING", message: undefined, mnoTransactionId: "MNO-77" } };
    const text = formatNotice(notice({ reason: "max_age", outcomes: [pending] }), "airtime", en, times).text;
    expect(text).toBe(
      [
        "⏳ Still not final after 24 h: I have stopped watching it. Ask the provider about it, quoting these references:",
        "",
        "Airtime AT-7",
        "Transaction ID: AT-7",
        "Service ID: 3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90",
        "MNO ref: MNO-77",
        "Last status: PENDING",
      ].join("\n"),
    );
  });

  it("says the bot gave up on an ID the service never knew, on both kinds for /watch", () => {
    const text = formatNotice(
      notice({ reason: "not_found", chatType: "supergroup", chatId: -5, outcomes: [outcomes.notFound("collection", "TX-9"), outcomes.notFound("airtime", "TX-9")] }),
      "status",
      fr,
      times,
    ).text;
    expect(text).toMatch(/^🔍 Toujours introuvable après 30 min/);
    expect(text).toContain("Encaissement ou crédit d'appel TX-9");
    expect(text).toContain("Dernier statut : introuvable (Encaissement)");
    expect(text).toMatch(/Pour : Ama$/);
  });

  it("never lets a subscriber's name break the message", () => {
    const text = formatNotice(notice({ chatType: "group", chatId: -5, subscribers: [{ userId: 1, name: "<b>*x*</b>\u202E" }] }), "collection", en, times);
    expect(text.text).toMatch(/For: <b>\*x\*<\/b>$/);
  });
});

describe("/watches", () => {
  it("lists each watch with its kind, last status, start and next check", () => {
    const target = {
      scope: "collection" as const,
      transactionId: "TX-1",
      checks: 2,
      nextCheckAt: Date.parse("2026-11-22T14:35:00Z"),
      last: [outcomes.pending("collection", "TX-1")],
      watches: [],
      notices: [],
    };
    const watch = { chatId: 1, chatType: "private" as const, messageId: 1, startedAt: Date.parse("2026-11-22T14:05:00Z"), locale: "en", subscribers: [] };
    expect(formatWatchList([{ target, watch }], en).text).toBe("Payments I watch for you here (1):\n⏳ TX-1 · Collection · PENDING · since 14:05:00 UTC · next check 14:35:00 UTC");
  });
});
