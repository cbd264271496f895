import { addDays, dayKey, timeZone, type WallClock } from "../../../util/time-zone.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../../enquiry/types.ts";
import { NOT_FOUND, statusOf, type HistoryEntry } from "../entry.ts";

/** The longest range one export covers: a quarter. */
export const MAX_EXPORT_DAYS = 92;

export interface ExportFilters {
  kind?: EnquiryKind | undefined;
  /** Compared as the journal keeps statuses: trimmed, upper-case. */
  status?: string | undefined;
  user?: number | undefined;
}

export interface ExportRequest {
  /** From the start of the first day to the end of the last, in BOT_TIMEZONE. */
  from: number;
  to: number;
  firstDay: string;
  lastDay: string;
  filters: ExportFilters;
}

export type ExportParse =
  | { type: "ok"; request: ExportRequest }
  | { type: "bad-date"; text: string }
  | { type: "bad-filter"; text: string }
  | { type: "too-long"; days: number }
  | { type: "reversed" };

/**
 * What `/export` was asked for: nothing (yesterday), `today`, a day, or two days (both included),
 * in BOT_TIMEZONE, then filters `kind=`, `status=`, `user=`. Pure: `now` and the zone are given.
 */
export function parseExportRequest(text: string, now: number, zoneName: string): ExportParse {
  const zone = timeZone(zoneName);
  const today = zone.wallClock(now);
  const days: WallClock[] = [];
  const filters: ExportFilters = {};
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const filter = /^(kind|status|user)=(.*)$/i.exec(word);
    if (filter) {
      const [, name = "", value = ""] = filter;
      const key = name.toLowerCase();
      if (key === "kind" && (ENQUIRY_KINDS as readonly string[]).includes(value.toLowerCase())) filters.kind = value.toLowerCase() as EnquiryKind;
      // status=NOT_FOUND, as the export's status column writes it, is the journal's "not found".
      else if (key === "status" && value !== "") filters.status = value.trim().toUpperCase() === "NOT_FOUND" ? NOT_FOUND : value.trim().toUpperCase();
      else if (key === "user" && /^[1-9]\d{0,15}$/.test(value)) filters.user = Number(value);
      else return { type: "bad-filter", text: word };
      continue;
    }
    const day = word.toLowerCase() === "today" ? today : word.toLowerCase() === "yesterday" ? addDays(today, -1) : readDay(word);
    if (!day || days.length === 2) return { type: "bad-date", text: word };
    days.push(day);
  }
  const first = days[0] ?? addDays(today, -1);
  const last = days[1] ?? first;
  const from = zone.instantOf({ ...first, hour: 0, minute: 0 });
  const to = zone.instantOf({ ...addDays(last, 1), hour: 0, minute: 0 });
  if (to <= from) return { type: "reversed" };
  const span = Math.round((Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) / 86_400_000) + 1;
  if (span > MAX_EXPORT_DAYS) return { type: "too-long", days: span };
  return { type: "ok", request: { from, to, firstDay: dayKey(first), lastDay: dayKey(last), filters } };
}

/** A calendar date, YYYY-MM-DD, that exists. */
function readDay(word: string): WallClock | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(word);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day, hour: 0, minute: 0 };
}

export function matchesFilters(entry: HistoryEntry, filters: ExportFilters): boolean {
  if (filters.kind !== undefined && entry.kind !== filters.kind) return false;
  if (filters.user !== undefined && entry.who?.id !== filters.user) return false;
  if (filters.status !== undefined && statusOf(entry.said) !== filters.status) return false;
  return true;
}
