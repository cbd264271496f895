import { createHash } from "node:crypto";
import type { EnquiryKind } from "../types.ts";

/**
 * The sandbox's example IDs. An ID is `<PREFIX>-<SCENARIO>` with an optional `-<anything>`
 * suffix, so any number of distinct IDs can share a behaviour (`COL-SUCCESS-42`).
 * COL- IDs exist only as collections, AIR- only as airtime, ANY- as both.
 */
export const SCENARIOS = {
  SUCCESS: "the payment succeeded",
  FAILED: "the payment failed, with a reason",
  PENDING: "the payment is not final yet (PENDING)",
  SETTLE: "PENDING for a while after it is first asked about (20 s by default), then SUCCESS: try 🔔 Notify me",
  NOTFOUND: "HTTP 200 whose body says the transaction is not found",
  TOKEN: "HTTP 401: the service token is rejected",
  SLOW: "the service stalls (longer than the bot waits): a timeout",
  ERROR: "HTTP 500: the service fails",
  FLAKY: "HTTP 503 on the first request for that ID, then success (the bot retries)",
  BUSY: "HTTP 429 with Retry-After: 1 on the first request for that ID, then success",
  GARBLED: "HTTP 200 with an HTML body: an unreadable answer",
  HOSTILE: "failed, with a reason full of markup characters and a link",
} as const;

export type Scenario = keyof typeof SCENARIOS;

const PREFIX_KINDS: Record<string, readonly EnquiryKind[]> = {
  COL: ["collection"],
  AIR: ["airtime"],
  ANY: ["collection", "airtime"],
};

const SANDBOX_ID = /^(COL|AIR|ANY)-([A-Z]+)(?:-[A-Za-z0-9._:-]*)?$/;

/** The scenario an ID plays for a kind of enquiry, or undefined when the sandbox does not know it. */
export function scenarioFor(kind: EnquiryKind, transactionId: string): Scenario | undefined {
  const match = SANDBOX_ID.exec(transactionId);
  if (!match) return undefined;
  const [, prefix = "", scenario = ""] = match;
  if (!PREFIX_KINDS[prefix]?.includes(kind)) return undefined;
  return scenario in SCENARIOS ? (scenario as Scenario) : undefined;
}

/** A stable UUID-shaped service ID for a request ID, distinct from it (as the spec describes). */
export function serviceIdFor(kind: EnquiryKind, transactionId: string): string {
  const hex = createHash("sha256").update(`${kind}:${transactionId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stable MNO-style reference such as `MP241122.1530.K71625`. */
export function mnoReferenceFor(kind: EnquiryKind, transactionId: string): string {
  const hex = createHash("sha256").update(`mno:${kind}:${transactionId}`).digest("hex");
  const digits = BigInt(`0x${hex.slice(0, 15)}`).toString().padStart(15, "0");
  return `MP${digits.slice(0, 6)}.${digits.slice(6, 10)}.${String.fromCharCode(65 + (parseInt(hex.slice(15, 17), 16) % 26))}${digits.slice(10, 15)}`;
}

export const FAILED_REASON = "Insufficient balance in the subscriber's wallet";
export const HOSTILE_REASON =
  'Declined by <b>MNO</b> & "gateway": *check* _limits_ [here](http://example.invalid/phish) <a href="http://example.invalid">now</a> `code` ||spoiler||';
