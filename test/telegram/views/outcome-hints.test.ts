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

  it("in a summary of several IDs, a few words each, in every language", () => {
    const expected: Record<string, string[]> = {
      en: ["wrong service address, tell an admin", "credentials refused, tell an admin", "no access token, try again shortly"],
      fr: ["adresse du service erronée, prévenez un administrateur", "identifiants refusés, prévenez un administrateur", "pas de jeton d'accès, réessayez dans un instant"],
      pt: ["endereço do serviço errado, avise um administrador", "credenciais recusadas, avise um administrador", "sem token de acesso, tente novamente daqui a pouco"],
      sw: ["anwani ya huduma si sahihi, mjulishe msimamizi", "vitambulisho vimekataliwa, mjulishe msimamizi", "hakuna tokeni ya ufikiaji, jaribu tena baada ya muda mfupi"],
    };
    for (const [locale, words] of Object.entries(expected)) {
      const results = (["wrong_address", "token_refused", "no_token"] as const).map((hint, i) => ({ id: `TX-${i}`, outcomes: [withHint(hint, `TX-${i}`)] }));
      const { text } = formatAnswer("collection", results, translations.translatorFor(locale)).message;
      for (const word of words) expect(text, locale).toContain(word);
    }
  });
});
