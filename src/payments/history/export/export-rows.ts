import { ENQUIRY_KINDS } from "../../enquiry/types.ts";
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

/** A kind is kept as its index here (one byte). */
const KINDS = ENQUIRY_KINDS;

/**
 * The latest status of each payment in the range, as reconciliation needs it. A day may name
 * 100,000 payments, all held until the second file is written: each is kept in a few bytes of
 * typed arrays beside its key (the transaction ID is read back from it), and each status text
 * once however many payments share it. About 90 bytes a payment, where an object of its row's
 * fields took about 200 (`npm run bench -- --only history`, the export's RSS).
 */
export class LatestPerPayment {
  /** "kind:transactionId" → the payment's slot in the arrays below, in the order first met. */
  private readonly slots = new Map<string, number>();
  private readonly statusTexts: string[] = [];
  private readonly statusIds = new Map<string, number>();
  private kinds = new Uint8Array(1024);
  private at = new Float64Array(1024);
  private answers = new Uint32Array(1024);
  private statuses = new Uint32Array(1024);
  /** 1 when the kept answer could not check: any later answer replaces it. */
  private unknown = new Uint8Array(1024);

  add(entry: HistoryEntry): void {
    if (entry.event !== "answer") return;
    const key = `${entry.kind}:${entry.transactionId}`;
    const known = this.slots.get(key);
    // An answer that could not check tells nothing of the status: the last one that did stays.
    const tells = entry.said !== undefined && entry.said.type !== "unknown";
    if (known !== undefined && !tells && this.unknown[known] === 0) {
      this.answers[known] = (this.answers[known] ?? 0) + 1;
      return;
    }
    const slot = known ?? this.newSlot(key);
    this.kinds[slot] = KINDS.indexOf(entry.kind);
    this.at[slot] = entry.at;
    this.statuses[slot] = this.statusId(statusText(entry.said));
    this.unknown[slot] = entry.said?.type === "unknown" ? 1 : 0;
    this.answers[slot] = (known === undefined ? 0 : (this.answers[slot] ?? 0)) + 1;
  }

  get size(): number {
    return this.slots.size;
  }

  /** The rows one at a time, as the file is written: never all of them at once. */
  *eachRow(iso: (at: number) => string): Generator<string[]> {
    for (const [key, slot] of this.slots) {
      const kind = KINDS[this.kinds[slot] ?? 0] ?? "collection";
      const transactionId = key.slice(kind.length + 1);
      yield [exportCell(transactionId, 100), kind, exportCell(this.statusTexts[this.statuses[slot] ?? 0] ?? "", 60), iso(this.at[slot] ?? 0), String(this.answers[slot] ?? 0)];
    }
  }

  rows(iso: (at: number) => string): string[][] {
    return [...this.eachRow(iso)];
  }

  private newSlot(key: string): number {
    const slot = this.slots.size;
    if (slot === this.at.length) this.grow();
    this.slots.set(key, slot);
    return slot;
  }

  private statusId(text: string): number {
    let id = this.statusIds.get(text);
    if (id === undefined) {
      id = this.statusTexts.length;
      this.statusTexts.push(text);
      this.statusIds.set(text, id);
    }
    return id;
  }

  private grow(): void {
    const bigger = <T extends Uint8Array | Uint32Array | Float64Array>(array: T, make: (length: number) => T): T => {
      const next = make(array.length * 2);
      next.set(array);
      return next;
    };
    this.kinds = bigger(this.kinds, (length) => new Uint8Array(length));
    this.at = bigger(this.at, (length) => new Float64Array(length));
    this.answers = bigger(this.answers, (length) => new Uint32Array(length));
    this.statuses = bigger(this.statuses, (length) => new Uint32Array(length));
    this.unknown = bigger(this.unknown, (length) => new Uint8Array(length));
  }
}
