import type { BulkEnding } from "../../../payments/bulk/bulk-jobs.ts";
import type { Verdict } from "../../../payments/bulk/report.ts";
import type { Scope } from "../../../payments/query.ts";
import type { Translate } from "../../i18n.ts";

const BAR_CELLS = 10;

/** "1,000" in English, "1 000" in French: counts are read at a glance. */
export function count(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function kindWords(scope: Scope, t: Translate): string {
  return t(scope === "collection" ? "bulk-kind-collection" : scope === "airtime" ? "bulk-kind-airtime" : "bulk-kind-status");
}

/** "Checking 1,000 collection IDs… 420/1,000 ▓▓▓▓░░░░░░ 42%" */
export function formatProgress(scope: Scope, done: number, total: number, t: Translate, locale: string): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.min(BAR_CELLS, Math.floor(share * BAR_CELLS));
  return t("bulk-progress", {
    total: count(total, locale),
    kind: kindWords(scope, t),
    done: count(done, locale),
    bar: "▓".repeat(filled) + "░".repeat(BAR_CELLS - filled),
    percent: String(Math.floor(share * 100)),
  });
}

/** What the progress message becomes: how the check ended, and the counts by verdict. */
export function formatSummary(
  ending: BulkEnding,
  scope: Scope,
  file: string,
  done: number,
  total: number,
  verdicts: Readonly<Record<Verdict, number>>,
  invalid: { total: number; listed: number },
  t: Translate,
  locale: string,
): string {
  const heading = t(ending === "done" ? "bulk-done" : ending === "cancelled" ? "bulk-cancelled" : "bulk-stopped", {
    total: count(total, locale),
    done: count(done, locale),
    kind: kindWords(scope, t),
    file,
  });
  const lines = [
    t("bulk-count-success", { count: count(verdicts.success, locale) }),
    t("bulk-count-failed", { count: count(verdicts.failed, locale) }),
    t("bulk-count-not-final", { count: count(verdicts.not_final, locale) }),
    t("bulk-count-not-found", { count: count(verdicts.not_found, locale) }),
    t("bulk-count-unknown", { count: count(verdicts.could_not_check, locale) }),
  ];
  if (invalid.total > invalid.listed) lines.push(t("bulk-count-invalid-some", { count: count(invalid.total, locale), listed: count(invalid.listed, locale) }));
  else if (invalid.total > 0) lines.push(t("bulk-count-invalid", { count: count(invalid.total, locale) }));
  return [heading, ...lines].join("\n");
}

/** `statuses-20261122-1405.csv`, by BOT_TIMEZONE's calendar. */
export function reportFileName(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `statuses-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}.csv`;
}
