import { ENQUIRY_KINDS, paymentState, type EnquiryKind, type EnquiryOutcome, type OutcomeType } from "../enquiry/types.ts";

/** How an answer came to be given. */
export const HISTORY_HOWS = ["command", "bare-id", "refresh", "inline", "bulk", "watch", "case", "receipt"] as const;
export type HistoryHow = (typeof HISTORY_HOWS)[number];

/** What an entry records: an answer about the payment, or something else that happened to it. */
export const HISTORY_EVENTS = ["answer", "watch-started", "watch-notified", "case-opened", "case-taken", "case-resolved", "receipt-made", "receipt-revoked"] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

/** What the bot said about the payment. */
export type Said =
  | { type: "found"; status: string; mnoReference?: string | undefined; serviceTransactionId?: string | undefined; reason?: string | undefined }
  | { type: "not_found" }
  /** It could not check: why (a timeout, the service busy, an error…). */
  | { type: "unknown"; cause: Exclude<OutcomeType, "found" | "not_found"> };

export interface HistoryPerson {
  id: number;
  name: string;
}

export interface HistoryPlace {
  chatId: number;
  /** The chat's title, or "private". */
  title: string;
  topic?: number | undefined;
}

/** One entry of a payment's history. */
export interface HistoryEntry {
  at: number;
  event: HistoryEvent;
  kind: EnquiryKind;
  transactionId: string;
  /** For an answer: what it said; for a receipt made: what the receipt states. */
  said?: Said | undefined;
  who?: HistoryPerson | undefined;
  where?: HistoryPlace | undefined;
  how: HistoryHow;
  /** For a case's events: its number. */
  caseNumber?: number | undefined;
  /** For a receipt made or revoked: its number (what its picture prints and the audit names). */
  receiptNumber?: number | undefined;
}

/** Kept to a few hundred bytes an entry: the provider's texts are capped as the chat shows them. */
const LIMITS = { status: 40, reference: 100, reason: 300, name: 64, title: 128 } as const;

/** What an outcome said, for the history. */
export function saidOf(outcome: EnquiryOutcome): Said {
  switch (outcome.type) {
    case "found":
      return {
        type: "found",
        status: outcome.transaction.status.slice(0, LIMITS.status),
        mnoReference: outcome.transaction.mnoTransactionId?.slice(0, LIMITS.reference),
        serviceTransactionId: outcome.serviceTransactionId.slice(0, LIMITS.reference),
        reason: outcome.transaction.message?.slice(0, LIMITS.reason),
      };
    case "not_found":
      return { type: "not_found" };
    default:
      return { type: "unknown", cause: outcome.type };
  }
}

/** The status an entry tells, as the journal keeps it per payment: none when it could not check. */
export function statusOf(said: Said | undefined): string | undefined {
  if (said === undefined || said.type === "unknown") return undefined;
  return said.type === "not_found" ? NOT_FOUND : said.status.trim().toUpperCase();
}

/** The status kept for a payment the service did not know (no real status is lower-case). */
export const NOT_FOUND = "not found";

/** Whether a status kept for a payment is final: the same two the spec defines. */
export const isFinalStatus = (status: string | undefined): boolean =>
  status !== undefined && status !== NOT_FOUND && paymentState({ status, message: undefined, mnoTransactionId: undefined }) !== "not_final";

/** The journal's key for a payment: its kind and ID. */
export const paymentKey = (kind: EnquiryKind, transactionId: string): string => `${kind}:${transactionId}`;

// The stored form: short keys (an entry is written millions of times).
type StoredSaid = { t: "f"; s: string; m?: string; v?: string; r?: string } | { t: "n" } | { t: "u"; c: Exclude<OutcomeType, "found" | "not_found"> };
interface Stored {
  a: number;
  e: HistoryEvent;
  k: EnquiryKind;
  i: string;
  s?: StoredSaid;
  u?: [number, string];
  c?: [number, string] | [number, string, number];
  h: HistoryHow;
  n?: number;
  r?: number;
}

export function encodeEntry(entry: HistoryEntry): string {
  const said = entry.said;
  const stored: Stored = {
    a: entry.at,
    e: entry.event,
    k: entry.kind,
    i: entry.transactionId,
    ...(said ? { s: encodeSaid(said) } : {}),
    ...(entry.who ? { u: [entry.who.id, entry.who.name.slice(0, LIMITS.name)] as [number, string] } : {}),
    ...(entry.where ? { c: entry.where.topic === undefined ? ([entry.where.chatId, entry.where.title.slice(0, LIMITS.title)] as [number, string]) : ([entry.where.chatId, entry.where.title.slice(0, LIMITS.title), entry.where.topic] as [number, string, number]) } : {}),
    h: entry.how,
    ...(entry.caseNumber !== undefined ? { n: entry.caseNumber } : {}),
    ...(entry.receiptNumber !== undefined ? { r: entry.receiptNumber } : {}),
  };
  return JSON.stringify(stored);
}

function encodeSaid(said: Said): Stored["s"] {
  switch (said.type) {
    case "found":
      return { t: "f", s: said.status, ...(said.mnoReference ? { m: said.mnoReference } : {}), ...(said.serviceTransactionId ? { v: said.serviceTransactionId } : {}), ...(said.reason ? { r: said.reason } : {}) };
    case "not_found":
      return { t: "n" };
    case "unknown":
      return { t: "u", c: said.cause };
  }
}

const EVENTS: ReadonlySet<unknown> = new Set(HISTORY_EVENTS);
const KINDS: ReadonlySet<unknown> = new Set(ENQUIRY_KINDS);
const HOWS: ReadonlySet<unknown> = new Set(HISTORY_HOWS);
const CAUSES: ReadonlySet<unknown> = new Set(["unauthorized", "busy", "timeout", "upstream_error", "invalid_response"]);

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const optional = (value: unknown, is: (value: unknown) => boolean): boolean => value === undefined || is(value);
const isText = (value: unknown): value is string => typeof value === "string";

function readSaid(value: unknown): Said | undefined | false {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return false;
  if (value.t === "f") {
    const { s, m, v, r } = value;
    return isText(s) && optional(m, isText) && optional(v, isText) && optional(r, isText) ? { type: "found", status: s, mnoReference: m as string | undefined, serviceTransactionId: v as string | undefined, reason: r as string | undefined } : false;
  }
  if (value.t === "n") return { type: "not_found" };
  return value.t === "u" && CAUSES.has(value.c) ? { type: "unknown", cause: value.c as Exclude<OutcomeType, "found" | "not_found"> } : false;
}

/**
 * An entry read back; undefined for anything this version cannot read (written by another,
 * damaged). The shape is checked by hand, field by field, not through zod: a long timeline or an
 * export reads tens of thousands of entries, and a schema's parse cost more than the JSON's.
 */
export function decodeEntry(text: string): HistoryEntry | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    // Not JSON: not something this bot wrote.
    return undefined;
  }
  if (!isRecord(stored)) return undefined;
  const { a, e, k, i, u, c, h, n, r } = stored;
  if (!isNumber(a) || !EVENTS.has(e) || !KINDS.has(k) || !isText(i) || !HOWS.has(h) || !optional(n, isNumber) || !optional(r, isNumber)) return undefined;
  const said = readSaid(stored.s);
  if (said === false) return undefined;
  if (u !== undefined && !(Array.isArray(u) && u.length === 2 && isNumber(u[0]) && isText(u[1]))) return undefined;
  if (c !== undefined && !(Array.isArray(c) && (c.length === 2 || (c.length === 3 && isNumber(c[2]))) && isNumber(c[0]) && isText(c[1]))) return undefined;
  return {
    at: a,
    event: e as HistoryEvent,
    kind: k as EnquiryKind,
    transactionId: i,
    said,
    who: u && { id: u[0] as number, name: u[1] as string },
    where: c && { chatId: c[0] as number, title: c[1] as string, topic: c[2] as number | undefined },
    how: h as HistoryHow,
    caseNumber: n as number | undefined,
    receiptNumber: r as number | undefined,
  };
}
