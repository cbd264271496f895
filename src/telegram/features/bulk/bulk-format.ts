import type { BulkEnding } from "../../../payments/bulk/bulk-jobs.ts";
import type { Verdict } from "../../../payments/bulk/report.ts";
import type { Scope } from "../../../payments/query.ts";
import type { Translate } from "../../views/format/translate.ts";

const BAR_CELLS = 10;

export function kindWords(scope: Scope, t: Translate): string {
  return t(scope === "collection" ? "bulk-kind-collection" : scope === "airtime" ? "bulk-kind-airtime" : "bulk-kind-status");
}

/** "Checking 1,000 collection IDs… 420/1,000 ▓▓▓▓░░░░░░ 42%" */
export function formatProgress(scope: Scope, done: number, total: number, t: Translate): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.min(BAR_CELLS, Math.floor(share * BAR_CELLS));
  return t("bulk-progress", {
    total,
    kind: kindWords(scope, t),
    done,
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
): string {
  const heading = t(ending === "done" ? "bulk-done" : ending === "cancelled" ? "bulk-cancelled" : "bulk-stopped", {
    total,
    done,
    kind: kindWords(scope, t),
    file,
  });
  // The successes are always told; what went wrong only when something did ("⚠️ 0 could not check" alarms for nothing).
  const lines = [
    t("bulk-count-success", { count: verdicts.success }),
    ...(verdicts.failed > 0 ? [t("bulk-count-failed", { count: verdicts.failed })] : []),
    ...(verdicts.not_final > 0 ? [t("bulk-count-not-final", { count: verdicts.not_final })] : []),
    ...(verdicts.not_found > 0 ? [t("bulk-count-not-found", { count: verdicts.not_found })] : []),
    ...(verdicts.could_not_check > 0 ? [t("bulk-count-unknown", { count: verdicts.could_not_check })] : []),
  ];
  if (invalid.total > invalid.listed) lines.push(t("bulk-count-invalid-some", { count: invalid.total, listed: invalid.listed }));
  else if (invalid.total > 0) lines.push(t("bulk-count-invalid", { count: invalid.total }));
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
