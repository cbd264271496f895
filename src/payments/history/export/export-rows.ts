import { cleanServiceText } from "../../../util/service-text.ts";
import { timeZone } from "../../../util/time-zone.ts";
import { neutralise } from "../../bulk/report.ts";
import type { HistoryEntry } from "../entry.ts";

export const EXPORT_COLUMNS = ["time", "kind", "transaction_id", "status", "mno_reference", "service_transaction_id", "reason", "user_id", "user_name", "chat", "how", "event"] as const;
export const LATEST_COLUMNS = ["transaction_id", "kind", "status", "last_answer_at", "answers"] as const;

/** A cell as a spreadsheet must see it: one clean line, bounded, never a formula. */
export const exportCell = (text: string, limit = 300): string => neutralise(cleanServiceText(text, limit));

/** "2026-11-24T15:04:05+03:00": a time in BOT_TIMEZONE, with its offset, to the second. */
export function isoInZone(zoneName: string): (at: number) => string {
  const zone = timeZone(zoneName);
  return (at) => {
    const second = Math.floor(at / 1000) * 1000;
    const clock = zone.wallClock(second) as ReturnType<typeof zone.wallClock> & { second?: number };
    const seconds = clock.second ?? 0;
    const offsetMinutes = Math.round((Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, seconds) - second) / 60_000);
    const sign = offsetMinutes < 0 ? "-" : "+";
    const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
    return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(seconds)}${sign}${pad(Math.trunc(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  };
}

/** The status column: what the answer said, or why it could not check. */
const statusText = (said: HistoryEntry["said"]): string =>
  said === undefined ? "" : said.type === "found" ? said.status : said.type === "not_found" ? "NOT_FOUND" : `COULD_NOT_CHECK (${said.cause})`;

/** One entry as a row of the export, every cell neutralised. */
export function exportRow(entry: HistoryEntry, iso: (at: number) => string): string[] {
  const said = entry.said;
  const found = said?.type === "found" ? said : undefined;
  const status = statusText(said);
  const chat = entry.where ? `${entry.where.title} (${entry.where.chatId})${entry.where.topic !== undefined ? ` #${entry.where.topic}` : ""}` : "";
  return [
    iso(entry.at),
    entry.kind,
    exportCell(entry.transactionId, 100),
    exportCell(status, 60),
    exportCell(found?.mnoReference ?? "", 100),
    exportCell(found?.serviceTransactionId ?? "", 100),
    exportCell(found?.reason ?? "", 300),
    entry.who ? String(entry.who.id) : "",
    exportCell(entry.who?.name ?? "", 64),
    exportCell(chat, 160),
    entry.how,
    entry.event,
  ];
}

/** What the second file keeps of a payment: only its row's fields (a decoded entry is about 1 KB, and a day may name 100,000 payments). */
interface Latest {
  kind: HistoryEntry["kind"];
  transactionId: string;
  status: string;
  at: number;
  /** Whether the kept answer could not check: any later answer replaces it. */
  unknown: boolean;
  answers: number;
}

/** The latest status of each payment in the range, as reconciliation needs it. */
export class LatestPerPayment {
  private readonly latest = new Map<string, Latest>();

  add(entry: HistoryEntry): void {
    if (entry.event !== "answer") return;
    const key = `${entry.kind}:${entry.transactionId}`;
    const known = this.latest.get(key);
    // An answer that could not check tells nothing of the status: the last one that did stays.
    const tells = entry.said !== undefined && entry.said.type !== "unknown";
    if (known && !tells && !known.unknown) {
      known.answers++;
      return;
    }
    this.latest.set(key, { kind: entry.kind, transactionId: entry.transactionId, status: statusText(entry.said), at: entry.at, unknown: entry.said?.type === "unknown", answers: (known?.answers ?? 0) + 1 });
  }

  get size(): number {
    return this.latest.size;
  }

  /** The rows one at a time, as the file is written: never all of them at once. */
  *eachRow(iso: (at: number) => string): Generator<string[]> {
    for (const { kind, transactionId, status, at, answers } of this.latest.values()) yield [exportCell(transactionId, 100), kind, exportCell(status, 60), iso(at), String(answers)];
  }

  rows(iso: (at: number) => string): string[][] {
    return [...this.eachRow(iso)];
  }
}
