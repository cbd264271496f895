import { describe, expect, it } from "vitest";
import { figuresOf } from "../../../../src/payments/health/counting/counts.ts";
import type { DailyDigest } from "../../../../src/payments/health/reporting/daily-digest.ts";
import { Translations } from "../../../../src/telegram/i18n.ts";
import { formatDigest, formatHealthChange, formatTokenExpiry, sparkline, type HealthFormats } from "../../../../src/telegram/features/health/health-format.ts";
import { formatDuration } from "../../../../src/telegram/views/format/numbers.ts";
import { formatClock } from "../../../../src/telegram/views/format/text.ts";
import { kindCounts } from "../../../support/health-counts.ts";

const translations = new Translations();
const formats = (locale: string): HealthFormats => ({
  t: translations.translatorFor(locale),
  numbers: translations.numbersFor(locale),
  clock: formatClock,
  day: (at) => new Date(at).toISOString().slice(0, 10),
});
/** French puts a narrow space before %, of whichever kind this Node's ICU uses. */
const frenchPercent = new Intl.NumberFormat("fr", { style: "percent" }).format(0.33);
const T0 = Date.parse("2026-11-24T09:00:00Z");
const HOUR = 3_600_000;

describe("health messages", () => {
  it("draws the last hour in one line: nothing, a little, all, and no enquiry at all", () => {
    expect(sparkline([0, 0.01, 0.5, 1, undefined, 0.99])).toBe("▁▂▅█·█");
  });

  it("says what changed, with the figures, in the reader's language", () => {
    const figures = figuresOf(kindCounts({ success: 30, timeout: 12, "service-error": 3 }, 400));
    const started = { type: "service-started" as const, kind: "collection" as const, level: "degraded" as const, cause: "not-checked" as const, figures, at: T0 };
    expect(formatHealthChange(started, formats("en")).text).toBe(
      "🟠 Collection: the payment provider is degraded since 09:00:00 UTC. In the last 5 minutes 33% of 45 enquiries could not be checked (no answer in time: 12, service errors: 3).",
    );
    expect(formatHealthChange(started, formats("fr")).text).toBe(
      `🟠 Encaissement : le fournisseur de paiement est dégradé depuis 09:00:00 UTC. Ces 5 dernières minutes, ${frenchPercent} des 45 demandes n'ont pas pu être vérifiées (pas de réponse à temps : 12, erreurs du service : 3).`,
    );
    const slow = { ...started, cause: "slow" as const, figures: figuresOf(kindCounts({ success: 40 }, 9_000)) };
    expect(formatHealthChange(slow, formats("en")).text).toMatch(/Answers are slow: 95 % within 9\.9 secs over the last 5 minutes \(40 enquiries\)\.$/);
    const recovered = { type: "service-recovered" as const, kind: "airtime" as const, worst: "down" as const, figures, startedAt: T0, at: T0 + 2 * HOUR + 5 * 60_000 };
    expect(formatHealthChange(recovered, formats("en")).text).toBe("🟢 Airtime: the payment provider is back to normal since 11:05:00 UTC, after 2 h 5 min of trouble (at worst down).");
  });

  it.each([
    ["en", 11_000, "after 11 s of trouble"],
    ["en", 59_400, "after 59 s of trouble"],
    ["en", 90_000, "after 2 min of trouble"],
    ["fr", 11_000, "après 11 s de difficultés"],
    ["sw", 11_000, "sekunde 11"],
  ])("in %s, a recovery after %i ms says %j, not a minute it never lasted", (locale, lasted, expected) => {
    const figures = figuresOf(kindCounts({ success: 30 }, 400));
    const recovered = { type: "service-recovered" as const, kind: "collection" as const, worst: "degraded" as const, figures, startedAt: T0, at: T0 + lasted };
    expect(formatHealthChange(recovered, formats(locale)).text).toContain(expected);
  });

  it.each([
    ["en", 73, "73 years"],
    ["en", 1, "1 year"],
    ["fr", 73, "73 ans"],
    ["pt", 73, "73 anos"],
    ["sw", 73, "miaka 73"],
    ["sw", 1, "mwaka 1"],
  ])("in %s, a time %i years away (a token that expires in 2100) reads %j, not thousands of days", (locale, years, expected) => {
    expect(formatDuration(years * 365.25 * 24 * HOUR + 3 * HOUR, translations.translatorFor(locale))).toBe(expected);
  });

  it("warns of the token's expiry by stage", () => {
    const expires = new Date(T0 + 3 * 24 * HOUR);
    expect(formatTokenExpiry("in-3-days", expires, formats("en")).text).toBe(
      "🔑 The service token expires in 3 days (2026-11-27 09:00:00 UTC). Replace it before then (ENQUIRY_TOKEN or ENQUIRY_TOKEN_FILE), or nobody will be able to check payments.",
    );
    expect(formatTokenExpiry("expired", expires, formats("en")).text).toMatch(/^🔑 The service token expired on 2026-11-27/);
  });

  it("sums up a day", () => {
    const digest: DailyDigest = {
      from: T0 - 24 * HOUR,
      to: T0,
      outcomes: { success: 1204, failed: 87, "not-final": 40, "not-found": 9, timeout: 30, busy: 0, "service-error": 2, "token-rejected": 0, unreadable: 0 },
      enquiries: { collection: 1200, airtime: 172 },
      payments: 1100,
      reasons: [{ reason: { type: "reason", text: "Insufficient balance" }, count: 41 }, { reason: { type: "other" }, count: 3 }],
      trouble: { collection: { serviceMs: 45 * 60_000, failuresMs: 0 }, airtime: { serviceMs: 0, failuresMs: 0 } },
      watched: 14,
    };
    expect(formatDigest(digest, formats("en")).text).toBe(
      [
        "📊 Daily summary, 2026-11-23 09:00:00 UTC to 2026-11-24 09:00:00 UTC",
        "Enquiries: 1,372 (1,200 collection, 172 airtime), about 1,100 distinct payments",
        "✅ 1,204 succeeded · ❌ 87 failed · ⏳ 40 not final · 🔍 9 not found",
        "Could not be checked: 32 (no answer in time: 30, service errors: 2)",
        "Most frequent failure reasons:",
        "1. Insufficient balance (41)",
        "2. other reasons (3)",
        "Collection: 45 min degraded or down · 0 with failures unusually high",
        "Payments watched now: 14",
      ].join("\n"),
    );
    // In each language's plural forms: French says 0 and 1 in the singular, Portuguese (European) 0 in the plural.
    const quiet: DailyDigest = { ...digest, outcomes: { ...digest.outcomes, success: 1, failed: 0, "not-final": 0, "not-found": 0 } };
    expect(formatDigest(quiet, formats("fr")).text.split("\n")[2]).toBe("✅ 1 réussi · ❌ 0 échoué · ⏳ 0 non définitif · 🔍 0 introuvable");
    expect(formatDigest(quiet, formats("pt")).text.split("\n")[2]).toBe("✅ 1 com sucesso · ❌ 0 com falha · ⏳ 0 sem estado definitivo · 🔍 0 não encontrados");
    expect(formatDigest(digest, formats("fr")).text.split("\n")[2]).toBe("✅ 1\u202f204 réussis · ❌ 87 échoués · ⏳ 40 non définitifs · 🔍 9 introuvables");
    // With SUPPORT_CHAT_ID: the day's cases, in each language's plural forms.
    const withCases = { ...digest, cases: { open: 3, oldestOpenedAt: T0 - 2 * HOUR, opened: 5, resolved: 1 } };
    expect(formatDigest(withCases, formats("en")).text.split("\n").at(-1)).toBe("Cases: 5 opened, 1 resolved; open now: 3, the oldest since 07:00:00 UTC");
    expect(formatDigest(withCases, formats("fr")).text.split("\n").at(-1)).toBe("Dossiers : 5 ouverts, 1 résolu ; encore ouverts : 3, le plus ancien depuis 07:00:00 UTC");
    expect(formatDigest({ ...digest, cases: { open: 0, oldestOpenedAt: undefined, opened: 1, resolved: 1 } }, formats("en")).text.split("\n").at(-1)).toBe("Cases: 1 opened, 1 resolved; none open now");
    // With HISTORY_DAYS: the checks people made, and what is still not final a day later.
    const withHistory = { ...digest, history: { checks: 1234, people: 1, open: 0 } };
    expect(formatDigest(withHistory, formats("en")).text.split("\n").at(-1)).toBe("Checks yesterday: 1,234 by one person; no payment still not final after 24 hours");
    expect(formatDigest({ ...digest, history: { checks: 9, people: 4, open: 2 } }, formats("fr")).text.split("\n").at(-1)).toBe("Vérifications hier : 9, par 4 personnes ; 2 paiements toujours pas définitifs après 24 heures");
    // French counts 0 in the singular, and a quiet day names no one as "une personne".
    expect(formatDigest({ ...digest, history: { checks: 0, people: 0, open: 0 } }, formats("fr")).text.split("\n").at(-1)).toBe("Vérifications hier : 0, par 0 personne ; aucun paiement n'est resté plus de 24 heures sans statut définitif");
  });
});

describe("what admins see of Redis", () => {
  it("the master, the replicas online, and with Sentinel the sentinels that see it", () => {
    const en = translations.translatorFor("en");
    expect(en("health-admin-topology-sentinels", { master: "10.0.0.5:6379", replicas: 1, sentinels: 3 })).toBe("Redis master 10.0.0.5:6379, 1 replica online, seen by 3 sentinels");
    expect(en("health-admin-topology", { master: "127.0.0.1:6379", replicas: 0 })).toBe("Redis master 127.0.0.1:6379, 0 replicas online");
    expect(translations.translatorFor("fr")("health-admin-topology", { master: "h:1", replicas: 0 })).toBe("Maître Redis h:1, 0 réplique en ligne");
  });
});
