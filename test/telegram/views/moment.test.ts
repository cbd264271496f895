import { describe, expect, it } from "vitest";
import { momentIn } from "../../../src/telegram/views/format/moment.ts";
import { translations } from "../../support/bot-harness.ts";

const at = (iso: string) => Date.parse(iso);

describe("a moment as a person reads it", () => {
  const english = momentIn("UTC", "en-GB", translations.translatorFor("en"));

  it("says today, tomorrow, the day of the week within a week, and the date further off", () => {
    const now = at("2026-11-24T17:27:21Z");
    expect(english(at("2026-11-24T23:59:00Z"), now)).toBe("today at 23:59 UTC");
    expect(english(at("2026-11-25T17:27:21Z"), now)).toBe("tomorrow at 17:27 UTC");
    expect(english(at("2026-11-27T08:00:00Z"), now)).toBe("Fri 27 Nov at 08:00 UTC");
    expect(english(at("2026-12-08T08:00:00Z"), now)).toBe("8 Dec 2026 at 08:00 UTC");
    expect(english(at("2026-11-23T08:00:00Z"), now)).toBe("23 Nov 2026 at 08:00 UTC");
  });

  it("counts days in BOT_TIMEZONE: 22:30 UTC is already tomorrow in Nairobi", () => {
    const nairobi = momentIn("Africa/Nairobi", "en-GB", translations.translatorFor("en"));
    expect(nairobi(at("2026-11-24T22:30:00Z"), at("2026-11-24T20:00:00Z"))).toBe("tomorrow at 01:30 GMT+3");
  });

  it("speaks each language", () => {
    const now = at("2026-11-24T09:00:00Z");
    const tomorrow = at("2026-11-25T17:27:00Z");
    expect(momentIn("UTC", "fr", translations.translatorFor("fr"))(tomorrow, now)).toBe("demain à 17:27 UTC");
    expect(momentIn("UTC", "pt-PT", translations.translatorFor("pt"))(tomorrow, now)).toBe("amanhã às 17:27 UTC");
    expect(momentIn("UTC", "sw", translations.translatorFor("sw"))(tomorrow, now)).toBe("kesho saa 17:27 UTC");
  });
});
