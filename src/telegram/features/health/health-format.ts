import { FormattedString } from "@grammyjs/parse-mode";
import type { EnquiryKind } from "../../../payments/enquiry/types.ts";
import { ENQUIRY_KINDS } from "../../../payments/enquiry/types.ts";
import type { WindowFigures } from "../../../payments/health/counting/counts.ts";
import type { DailyDigest } from "../../../payments/health/reporting/daily-digest.ts";
import { worstLevel, type KindStatus } from "../../../payments/health/judging/monitor.ts";
import { COULD_NOT_CHECK, type HealthOutcome } from "../../../payments/health/counting/outcomes.ts";
import type { HealthChange } from "../../../payments/health/judging/provider-state.ts";
import type { CountedReason } from "../../../payments/health/counting/reasons.ts";
import type { AdminFacts, HealthReport } from "../../../payments/health/reporting/report.ts";
import type { TokenReport } from "../../../payments/service-token/client-credentials-token.ts";
import type { TokenExpiryStage } from "../../../payments/service-token/token-expiry.ts";
import type { StoreTopology } from "../../../state/ports.ts";
import type { CaseFigures } from "../../../payments/cases/case-figures.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import type { Translate } from "../../views/format/translate.ts";
import { formatDuration, type NumberFormats } from "../../views/format/numbers.ts";
import { bold, concat, fitMessage, line, type Clock } from "../../views/format/text.ts";

/** What health messages need besides the figures: the language's words and numbers, and BOT_TIMEZONE's clock. */
export interface HealthFormats {
  t: Translate;
  numbers: NumberFormats;
  /** Time of day in BOT_TIMEZONE. */
  clock: Clock;
  /** A day in BOT_TIMEZONE: "24 Nov 2026". */
  day: (at: number) => string;
}

const SPARKS = "▁▂▃▄▅▆▇█";

/** One character per bucket: ▁ for none not checked, █ for all, · for no enquiry at all. */
export function sparkline(shares: readonly (number | undefined)[]): string {
  return shares.map((share) => (share === undefined ? "·" : SPARKS[share === 0 ? 0 : Math.min(SPARKS.length - 1, 1 + Math.floor(share * (SPARKS.length - 1)))])).join("");
}

/** A time of day, with its day when it was not within the last 20 hours. */
function since(at: number, now: number, f: HealthFormats): string {
  const time = f.clock(new Date(at));
  return now - at < 20 * 3_600_000 ? time : `${f.day(at)} ${time}`;
}

const kindName = (kind: EnquiryKind, t: Translate) => t(kind === "collection" ? "kind-collection" : "kind-airtime");

function reasonText(reason: CountedReason, t: Translate): string {
  if (reason.type === "reason") return cleanServiceText(reason.text, 100);
  return t(reason.type === "other" ? "health-reason-other" : "health-reason-none");
}

/** "timeouts 12, service errors 2": what the enquiries not checked came to. */
function notCheckedDetail(byOutcome: Partial<Record<HealthOutcome, number>>, f: HealthFormats): string {
  return [...COULD_NOT_CHECK]
    .filter((outcome) => (byOutcome[outcome] ?? 0) > 0)
    .map((outcome) => f.t("health-detail-item", { what: f.t(`health-outcome-${outcome}`), count: f.numbers.count(byOutcome[outcome] ?? 0) }))
    .join(", ");
}

const LEVEL_MARKERS = { normal: "🟢", degraded: "🟠", down: "🔴" } as const;

/** A kind's verdict in one line (🟢 normal, 🟠 degraded, 🔴 down, with since when and why), and failures unusually high. */
function kindVerdict(kind: EnquiryKind, status: KindStatus, now: number, f: HealthFormats): string[] {
  const lines: string[] = [];
  if (status.level === "normal") lines.push(`${LEVEL_MARKERS.normal} ${f.t("health-kind-normal", { kind: kindName(kind, f.t) })}`);
  else {
    const sinceText = since(status.startedAt ?? status.since, now, f);
    lines.push(
      `${LEVEL_MARKERS[status.level]} ${
        status.cause === "slow"
          ? f.t("health-kind-slow", { kind: kindName(kind, f.t), since: sinceText, p95: f.numbers.latency(status.window.p95Ms ?? 0) })
          : f.t("health-kind-not-checked", { kind: kindName(kind, f.t), level: status.level, since: sinceText, percent: f.numbers.percent(status.window.share), count: status.window.enquiries })
      }`,
    );
  }
  if (status.failuresHigh && status.failures) lines.push(failuresHigh(kind, status.failures, "health-failures-high", f, since(status.failuresSince, now, f)));
  return lines;
}

function failuresHigh(kind: EnquiryKind, figures: NonNullable<KindStatus["failures"]>, key: string, f: HealthFormats, sinceText = ""): string {
  return f.t(key, {
    kind: kindName(kind, f.t),
    since: sinceText,
    failed: f.numbers.count(figures.failed),
    percent: f.numbers.percent(figures.share),
    baseline: figures.baselineShare === undefined ? f.t("alert-baseline-none") : f.numbers.percent(figures.baselineShare),
    reason: figures.topReason ? reasonText(figures.topReason, f.t) : f.t("health-reason-none"),
  });
}

/** "Collection, last 5 min: 12 enquiries · 0% not checked · p95 850 ms". */
function figuresLine(kind: EnquiryKind, figures: WindowFigures, f: HealthFormats): string {
  const window = f.t("health-window-5m", { kind: kindName(kind, f.t) });
  if (figures.enquiries === 0) return f.t("health-window-empty", { window });
  return f.t("health-window-line", { window, count: figures.enquiries, percent: f.numbers.percent(figures.share), p95: figures.p95Ms === undefined ? "?" : f.numbers.latency(figures.p95Ms) });
}

/**
 * /health, read on a phone by an agent asking "is it this payment, or the provider?": the verdict
 * first, one line per kind; then the figures behind it, a line each (the last 5 minutes, the last
 * hour as a sparkline, today); admins get their part after. Within Telegram's limit.
 */
export function formatHealth(report: HealthReport, f: HealthFormats, admin?: AdminFacts): FormattedString {
  const { t } = f;
  const { status, at } = report;
  const worst = worstLevel(status);
  const troubled = ENQUIRY_KINDS.filter((kind) => status.kinds[kind].level !== "normal");
  const headline =
    worst === "normal" ? t("health-headline-normal") : t("health-headline-trouble", { level: worst, kinds: troubled.map((kind) => kindName(kind, t)).join(", ") });
  const verdicts = ENQUIRY_KINDS.flatMap((kind) => kindVerdict(kind, status.kinds[kind], at, f));
  const sections: FormattedString[] = [concat([line(bold(headline)), ...verdicts.map((text) => line(text))], "\n")];

  const figures = [
    ...ENQUIRY_KINDS.map((kind) => line(figuresLine(kind, report.kinds[kind].last5m, f))),
    line(t("health-sparkline", { bars: sparkline(report.sparkline) })),
    // Numbers, not text: a language chooses its words by them ("0 réussi", "3 réussis").
    line(t("health-today", { since: f.clock(new Date(report.today.since)), success: report.today.success, failed: report.today.failed })),
  ];
  if (report.today.reasons.length > 0) {
    const reasons = report.today.reasons.map(({ reason, count }) => t("health-reason-item", { reason: reasonText(reason, t), count: f.numbers.count(count) })).join(", ");
    figures.push(line(t("health-today-reasons", { reasons })));
  }
  figures.push(
    line(
      report.waiting.count > 0 && report.waiting.oldest !== undefined
        ? t("health-waiting", { count: f.numbers.count(report.waiting.count), since: since(report.waiting.oldest, at, f) })
        : t("health-waiting-none"),
    ),
  );
  sections.push(concat(figures, "\n"));
  if (admin) sections.push(adminSection(admin, at, f));
  return fitMessage(concat(sections, "\n\n"));
}

function adminSection(admin: AdminFacts, at: number, f: HealthFormats): FormattedString {
  const { t } = f;
  const expiry = admin.tokenExpiresAt;
  const token = !expiry
    ? t("health-admin-token-unknown")
    : expiry.getTime() <= at
      ? t("health-admin-token-expired", { day: f.day(expiry.getTime()) })
      : t("health-admin-token-expires", { day: f.day(expiry.getTime()), left: formatDuration(expiry.getTime() - at, t) });
  const store = t("health-admin-store", {
    store: admin.store.shared ? "redis" : "sqlite",
    status: admin.store.health.status === "ok" ? t("health-admin-store-ok") : t("health-admin-store-degraded", { reason: cleanServiceText(admin.store.health.reason, 200) }),
  });
  return concat(
    [
      line(bold(t("health-admin-heading"))),
      line(t("health-admin-token", { expiry: token })),
      ...(admin.token ? tokenOrigin(admin.token, at, f) : []),
      line(store),
      ...(admin.store.topology ? [line(topologyLine(admin.store.topology, t))] : []),
      ...(admin.instances === undefined ? [] : [line(t("health-admin-instances", { count: f.numbers.count(admin.instances) }))]),
      line(t("health-admin-background", { queue: f.numbers.count(admin.backgroundQueue), watches: admin.watches === undefined ? "?" : f.numbers.count(admin.watches) })),
      ...(admin.cases ? [line(casesLine(admin.cases, at, f, { open: "health-admin-cases", none: "health-admin-cases-none" }))] : []),
      line(t("health-figures-note")),
    ],
    "\n",
  );
}

/** Where the service token comes from; when the bot obtains it, when it did, and what stops it now. */
function tokenOrigin(report: TokenReport, at: number, f: HealthFormats): FormattedString[] {
  const { t } = f;
  if (report.source !== "client_credentials") return [line(t("health-admin-token-given", { variable: report.source === "file" ? "ENQUIRY_TOKEN_FILE" : "ENQUIRY_TOKEN" }))];
  // A token with no expiry is not renewed ahead of one: only a refusal brings the next.
  const obtained = report.expiresAt === undefined ? "health-admin-token-obtained-lasting" : "health-admin-token-obtained";
  const lines = [line(report.obtainedAt ? t(obtained, { when: since(report.obtainedAt.getTime(), at, f) }) : t("health-admin-token-not-obtained"))];
  if (report.problem) {
    lines.push(line(t("health-admin-token-problem", { kind: report.problem.kind, since: since(report.problem.since.getTime(), at, f), reason: cleanServiceText(report.problem.reason, 200) })));
  }
  return lines;
}

/** The cases: how many are open and since when the oldest, and how many opened and resolved (today, or that day). */
function casesLine(cases: CaseFigures, now: number, f: HealthFormats, keys: { open: string; none: string }): string {
  // Numbers, not text: a language may choose its words by them ("1 ouvert", "3 ouverts").
  const counts = { opened: cases.opened, resolved: cases.resolved };
  if (cases.open === 0 || cases.oldestOpenedAt === undefined) return f.t(keys.none, counts);
  return f.t(keys.open, { ...counts, open: cases.open, since: since(cases.oldestOpenedAt, now, f) });
}

/** Where Redis is now: the master written to, its replicas online, and with Sentinel the sentinels that see it. */
function topologyLine({ master, replicas, sentinels }: StoreTopology, t: Translate): string {
  return sentinels === undefined ? t("health-admin-topology", { master, replicas }) : t("health-admin-topology-sentinels", { master, replicas, sentinels });
}

/** The message announcing one change of the provider's state. */
export function formatHealthChange(change: HealthChange, f: HealthFormats): FormattedString {
  const { t } = f;
  const kind = kindName(change.kind, t);
  const figures = "figures" in change && "enquiries" in change.figures ? change.figures : undefined;
  const window = figures
    ? { percent: f.numbers.percent(figures.share), count: f.numbers.count(figures.enquiries), detail: notCheckedDetail(figures.byOutcome, f), p95: f.numbers.latency(figures.p95Ms ?? 0) }
    : { percent: "", count: "", detail: "", p95: "" };
  switch (change.type) {
    case "service-started":
      return new FormattedString(t("alert-service-started", { kind, level: change.level, cause: change.cause, since: since(change.at, change.at, f), ...window }));
    case "service-worse":
      return new FormattedString(t("alert-service-worse", { kind, startedAt: since(change.startedAt, change.at, f), ...window }));
    case "service-better":
      return new FormattedString(t("alert-service-better", { kind, startedAt: since(change.startedAt, change.at, f), ...window }));
    case "service-recovered":
      return new FormattedString(t("alert-service-recovered", { kind, since: since(change.at, change.at, f), duration: formatDuration(change.at - change.startedAt, t), worst: change.worst }));
    case "failures-started":
      return new FormattedString(failuresHigh(change.kind, change.figures, "alert-failures-started", f));
    case "failures-ended":
      return new FormattedString(t("alert-failures-ended", { kind, duration: formatDuration(change.at - change.startedAt, t) }));
  }
}

/** The admins' message about the service token's expiry. */
export function formatTokenExpiry(stage: TokenExpiryStage, expiresAt: Date, f: HealthFormats): FormattedString {
  const day = `${f.day(expiresAt.getTime())} ${f.clock(expiresAt)}`;
  return new FormattedString(f.t(stage === "expired" ? "alert-token-expired" : stage === "in-1-day" ? "alert-token-in-1-day" : "alert-token-in-3-days", { day }));
}

/** The daily summary. */
export function formatDigest(digest: DailyDigest, f: HealthFormats): FormattedString {
  const { t, numbers } = f;
  const at = (ms: number) => `${f.day(ms)} ${f.clock(new Date(ms))}`;
  const o = digest.outcomes;
  const notChecked = [...COULD_NOT_CHECK].reduce((sum, outcome) => sum + o[outcome], 0);
  const lines: FormattedString[] = [
    line(bold(t("digest-heading", { from: at(digest.from), to: at(digest.to) }))),
    line(
      t("digest-enquiries", {
        count: digest.enquiries.collection + digest.enquiries.airtime,
        collection: digest.enquiries.collection,
        airtime: digest.enquiries.airtime,
        payments: digest.payments,
      }),
    ),
    line(t("digest-outcomes", { success: o.success, failed: o.failed, pending: o["not-final"], notFound: o["not-found"] })),
    line(notChecked > 0 ? t("digest-not-checked", { count: numbers.count(notChecked), detail: notCheckedDetail(o, f) }) : t("digest-not-checked-none")),
  ];
  if (o["token-rejected"] > 0) lines.push(line(t("digest-token-rejected", { count: numbers.count(o["token-rejected"]) })));
  if (digest.reasons.length > 0) {
    lines.push(line(t("digest-reasons")));
    digest.reasons.forEach(({ reason, count }, index) => lines.push(line(t("health-reason-line", { rank: String(index + 1), reason: reasonText(reason, t), count: numbers.count(count) }))));
  }
  const troubled = ENQUIRY_KINDS.filter((kind) => digest.trouble[kind].serviceMs > 0 || digest.trouble[kind].failuresMs > 0);
  if (troubled.length === 0) lines.push(line(t("digest-trouble-none")));
  for (const kind of troubled) {
    const zero = (ms: number) => (ms > 0 ? formatDuration(ms, t) : "0");
    lines.push(line(t("digest-trouble", { kind: kindName(kind, t), service: zero(digest.trouble[kind].serviceMs), failures: zero(digest.trouble[kind].failuresMs) })));
  }
  lines.push(line(t("digest-watched", { count: numbers.count(digest.watched) })));
  if (digest.cases) lines.push(line(casesLine(digest.cases, digest.to, f, { open: "digest-cases", none: "digest-cases-none" })));
  if (digest.history) lines.push(line(t("digest-history", { checks: numbers.count(digest.history.checks), people: digest.history.people, open: digest.history.open })));
  return fitMessage(concat(lines, "\n"));
}
