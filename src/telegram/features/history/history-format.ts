import type { MyChecksPage } from "../../../payments/history/my-checks.ts";
import { NOT_FOUND, type HistoryEntry, type HistoryPerson, type Said } from "../../../payments/history/entry.ts";
import type { Timeline, TimelineLine } from "../../../payments/history/timeline.ts";
import type { Shown } from "../../../payments/history/visibility.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import type { Translate } from "../../views/format/translate.ts";

/** A page fits a phone's screen or two, well inside Telegram's 4,096 characters. */
const PAGE_LINES = 20;
const PAGE_CHARS = 3_000;

const whoText = (who: Shown<HistoryPerson>, t: Translate): string =>
  who.type === "named" ? cleanServiceText(who.person.name || String(who.person.id), 64) : t(who.type === "you" ? "history-you" : "history-someone");

/** Why a check could not say, in the words the answers' summaries use (never the internal code). */
const CAUSE_KEYS: Record<Extract<Said, { type: "unknown" }>["cause"], string> = {
  unauthorized: "summary-unauthorized",
  busy: "summary-busy",
  timeout: "summary-timeout",
  upstream_error: "summary-upstream-error",
  invalid_response: "summary-invalid",
};

export function saidText(said: Said | undefined, t: Translate): string {
  if (said === undefined) return "";
  switch (said.type) {
    case "found":
      return [cleanServiceText(said.status, 40), said.mnoReference ? `MNO ${cleanServiceText(said.mnoReference, 100)}` : "", said.reason ? cleanServiceText(said.reason, 120) : ""].filter(Boolean).join(" · ");
    case "not_found":
      return t("history-said-not-found");
    case "unknown":
      return t("history-said-unknown", { cause: t(CAUSE_KEYS[said.cause]) });
  }
}

function eventText(entry: HistoryEntry, who: Shown<HistoryPerson>, t: Translate): string {
  const args = { who: whoText(who, t), number: String(entry.caseNumber ?? entry.receiptNumber ?? "") };
  switch (entry.event) {
    case "watch-started":
      return t("history-event-watch-started", args);
    case "watch-notified":
      return t("history-event-watch-notified", args);
    case "case-opened":
      return t("history-event-case-opened", args);
    case "case-taken":
      return t("history-event-case-taken", args);
    case "case-resolved":
      return t("history-event-case-resolved", args);
    case "receipt-made":
      return t("history-event-receipt-made", { ...args, said: saidText(entry.said, t) });
    case "receipt-revoked":
      return t("history-event-receipt-revoked", args);
    case "answer":
      return "";
  }
}

/** A status as last known, as the reader reads it: "not found" in their language, the provider's text cleaned. */
const statusText = (status: string, t: Translate): string => (status === NOT_FOUND ? t("history-said-not-found") : cleanServiceText(status, 40));

/** One line of the timeline, in the reader's language; times in BOT_TIMEZONE ("24 Nov 2026 15:04:05"). */
export function lineText(line: TimelineLine, t: Translate, time: (at: number) => string, bothKinds: boolean): string {
  if (line.type === "repeats") return `   ↻ ${t("history-repeats", { count: line.count, people: line.people, status: line.status === undefined ? "?" : statusText(line.status, t) })}`;
  const kind = bothKinds ? ` [${line.entry.kind}]` : "";
  if (line.type === "event") return `${time(line.entry.at)}${kind} ${eventText(line.entry, line.who, t)}`;
  const said = saidText(line.entry.said, t);
  // The label and its colon in one message: French puts a space before the colon.
  const told = line.first ? t("history-first", { said }) : line.changed ? t("history-changed", { said }) : said;
  return `${time(line.entry.at)}${kind} ${whoText(line.who, t)} · ${told}`;
}

/** The timeline's lines cut into pages that each fit one message on a phone. */
export function pagesOf(lines: readonly string[]): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let chars = 0;
  for (const text of lines) {
    if (page.length > 0 && (page.length >= PAGE_LINES || chars + text.length > PAGE_CHARS)) {
      pages.push(page);
      page = [];
      chars = 0;
    }
    page.push(text);
    chars += text.length + 1;
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

/** A page of the timeline: its title, its lines, and the status as last known. */
export function historyMessage(id: string, timeline: Pick<Timeline, "status" | "lastSaid">, page: readonly string[], position: { page: number; pages: number }, t: Translate): string {
  const status = timeline.status === undefined ? t("history-no-status") : t("history-last-status", { status: saidText(timeline.lastSaid, t) || timeline.status });
  const header = position.pages > 1 ? `${t("history-title", { id })} · ${t("history-page", { page: position.page + 1, pages: position.pages })}` : t("history-title", { id });
  return [header, "", ...page, "", status].join("\n");
}

/** A page of /mychecks: one line a check (time, ID, kind, status as last known), newest first. */
export function myChecksText(shown: MyChecksPage, t: Translate, time: (at: number) => string): string {
  const lines = shown.checks.map(({ entry, status }) => `${time(entry.at)} · ${entry.transactionId} · ${entry.kind} · ${status === undefined ? t("mychecks-status-unknown") : statusText(status, t)}`);
  return [t("mychecks-title", { page: shown.page + 1 }), "", ...lines].join("\n");
}
