import { describe, expect, it } from "vitest";
import type { EnquiryOutcome, UpstreamHint } from "../../../src/payments/enquiry/types.ts";
import { Translations } from "../../../src/telegram/i18n.ts";
import { formatAnswer } from "../../../src/telegram/views/format/answer-text.ts";
import { CHECKED_AT } from "../../support/outcomes.ts";

const translations = new Translations();
const withHint = (hint: UpstreamHint, id = "TX-1"): EnquiryOutcome => ({
  kind: "collection",
  transactionId: id,
  checkedAt: CHECKED_AT,
  type: "upstream_error",
  httpStatus: hint === "wrong_address" ? 404 : undefined,
  reason: hint === "wrong_address" ? "HTTP 404 with a page that is not the API's (HTML)" : "no service token: HTTP 500",
  hint,
});

describe("answers when the bot knows why it could not check", () => {
  it.each([
    ["wrong_address", "⚠️ Collection TX-1: Could not check\nThe bot reached a web page, not the payment service: the service's address seems wrong, and the payment was not asked about. An admin has been told."],
    ["token_refused", "⚠️ Collection TX-1: Could not check\nThe service refused the bot's credentials, so the payment was not asked about; an admin has been told."],
    ["no_token", "⚠️ Collection TX-1: Could not check\nThe bot could not get its access token from the service just now, so the payment was not asked about. Try again shortly."],
  ] as const)("%s: says so, and that unknown is not failed", (hint, expected) => {
    const { text } = formatAnswer("collection", [{ id: "TX-1", outcomes: [withHint(hint)] }], translations.translatorFor("en"), { adminAlerted: true }).message;
    expect(text).toContain(expected);
    expect(text).toContain("The payment's status is unknown: this does not mean it failed.");
    expect(text).not.toMatch(/Not found|Service error/);
  });

  it("tells the user to tell an admin when no admin is told", () => {
    const { text } = formatAnswer("collection", [{ id: "TX-1", outcomes: [withHint("wrong_address")] }], translations.translatorFor("en"), { adminAlerted: false }).message;
    expect(text).toContain("Please tell an admin.");
  });

  it("in a summary of several IDs, a few words each, in every language, and once who was told", () => {
    const expected: Record<string, { words: string[]; told: string; tell: string }> = {
      en: { words: ["wrong service address", "credentials refused", "no access token, try again shortly"], told: "An admin has been told.", tell: "Please tell an admin." },
      fr: { words: ["adresse du service erronée", "identifiants refusés", "pas de jeton d'accès, réessayez dans un instant"], told: "Un administrateur a été prévenu.", tell: "Prévenez un administrateur." },
      pt: { words: ["endereço do serviço errado", "credenciais recusadas", "sem token de acesso, tente novamente daqui a pouco"], told: "Um administrador já foi avisado.", tell: "Por favor, avise um administrador." },
      sw: { words: ["anwani ya huduma si sahihi", "vitambulisho vimekataliwa", "hakuna tokeni ya ufikiaji, jaribu tena baada ya muda mfupi"], told: "Msimamizi amejulishwa.", tell: "Tafadhali mjulishe msimamizi." },
    };
    for (const [locale, { words, told, tell }] of Object.entries(expected)) {
      const results = (["wrong_address", "token_refused", "no_token"] as const).map((hint, i) => ({ id: `TX-${i}`, outcomes: [withHint(hint, `TX-${i}`)] }));
      const t = translations.translatorFor(locale);
      const alerted = formatAnswer("collection", results, t, { adminAlerted: true }).message.text;
      for (const word of words) expect(alerted, locale).toContain(word);
      expect(alerted.split(told).length - 1, locale).toBe(1);
      expect(alerted, locale).not.toContain(tell);
      const notAlerted = formatAnswer("collection", results, t, { adminAlerted: false }).message.text;
      expect(notAlerted.split(tell).length - 1, locale).toBe(1);
      expect(notAlerted, locale).not.toContain(told);
    }
  });

  it("in a summary where nothing is for an admin, names nobody", () => {
    const results = [{ id: "TX-1", outcomes: [withHint("no_token", "TX-1")] }, { id: "TX-2", outcomes: [withHint("no_token", "TX-2")] }];
    const { text } = formatAnswer("collection", results, translations.translatorFor("en"), { adminAlerted: true }).message;
    expect(text).not.toMatch(/admin/);
  });
});

describe("a rejected token", () => {
  const rejected = (kind: "collection" | "airtime", id: string): EnquiryOutcome => ({ kind, transactionId: id, checkedAt: CHECKED_AT, type: "unauthorized", httpStatus: 401 });

  it("on both kinds of one ID: says once why and who was told, under both", () => {
    const { text } = formatAnswer("status", [{ id: "ANY-TOKEN-2", outcomes: [rejected("collection", "ANY-TOKEN-2"), rejected("airtime", "ANY-TOKEN-2")] }], translations.translatorFor("en"), { adminAlerted: true }).message;
    expect(text).toMatch(
      /^🔒 Collection ANY-TOKEN-2: Could not check\n🔒 Airtime ANY-TOKEN-2: Could not check\nThe service rejected the bot's access token; an admin has been told\.\nThe payment's status is unknown: this does not mean it failed\.\n\nChecked /,
    );
  });

  it("for several IDs: each line says the token was rejected, and the answer once that an admin was told", () => {
    const results = ["COL-TOKEN-1", "COL-TOKEN-2"].map((id) => ({ id, outcomes: [rejected("collection", id)] }));
    const { text } = formatAnswer("collection", results, translations.translatorFor("en"), { adminAlerted: true }).message;
    expect(text).toContain("🔒 COL-TOKEN-1 · token rejected\n🔒 COL-TOKEN-2 · token rejected\n");
    expect(text.match(/admin/g)).toEqual(["admin"]);
    expect(text).toContain("An admin has been told.");
  });
});
