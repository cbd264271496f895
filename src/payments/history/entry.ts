import { z } from "zod";
import { decodeJson } from "../../util/decode-json.ts";
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

// The stored form: short keys (an entry is written millions of times), read back through zod.
const saidSchema = z.union([
  z.object({ t: z.literal("f"), s: z.string(), m: z.string().optional(), v: z.string().optional(), r: z.string().optional() }),
  z.object({ t: z.literal("n") }),
  z.object({ t: z.literal("u"), c: z.enum(["unauthorized", "busy", "timeout", "upstream_error", "invalid_response"]) }),
]);
const storedSchema = z.object({
  a: z.number(),
  e: z.enum(HISTORY_EVENTS),
  k: z.enum(ENQUIRY_KINDS),
  i: z.string(),
  s: saidSchema.optional(),
  u: z.tuple([z.number(), z.string()]).optional(),
  c: z.tuple([z.number(), z.string()]).or(z.tuple([z.number(), z.string(), z.number()])).optional(),
  h: z.enum(HISTORY_HOWS),
  n: z.number().optional(),
  r: z.number().optional(),
});
type Stored = z.infer<typeof storedSchema>;

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

/** An entry read back; undefined for anything this version cannot read (written by another, damaged). */
export function decodeEntry(text: string): HistoryEntry | undefined {
  const stored = decodeJson(storedSchema, text);
  if (!stored) return undefined;
  const s = stored.s;
  const said: Said | undefined =
    s === undefined ? undefined : s.t === "f" ? { type: "found", status: s.s, mnoReference: s.m, serviceTransactionId: s.v, reason: s.r } : s.t === "n" ? { type: "not_found" } : { type: "unknown", cause: s.c };
  return {
    at: stored.a,
    event: stored.e,
    kind: stored.k,
    transactionId: stored.i,
    said,
    who: stored.u && { id: stored.u[0], name: stored.u[1] },
    where: stored.c && { chatId: stored.c[0], title: stored.c[1], topic: stored.c[2] },
    how: stored.h,
    caseNumber: stored.n,
    receiptNumber: stored.r,
  };
}
