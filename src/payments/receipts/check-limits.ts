import { isIPv6 } from "node:net";
import type { Counters } from "../../state/ports.ts";

/**
 * How often receipts may be checked: the one thing strangers may ask. Per person (Telegram) or
 * per address (the page), and all together, in sliding windows every instance shares. At these
 * rates nobody walks 2^60 codes, and a flood of checks is turned away before it costs a lookup.
 */
export const RECEIPT_CHECK_LIMITS = {
  /** One person, or one IP address: a customer checks a receipt or two, a shop a few more. */
  each: { limit: 20, windowMs: 10 * 60_000 },
  /** Every check together, through Telegram and the page. */
  total: { limit: 600, windowMs: 60_000 },
  /**
   * The provider asked again for checks (what it says now), together: a small share beside the
   * agents' enquiries. Past it, the answer still tells a genuine receipt, without "now".
   */
  provider: { limit: 60, windowMs: 60_000 },
} as const;

/** Who is checking: a Telegram user, or an address the page was asked from. */
export type Checker = { type: "user"; id: number } | { type: "address"; address: string };

export type CheckAllowance = "allowed" | "rate_limited";

/** Whether this check may be made now: the checker's own window first (a flood from one source spends nobody else's room), then everyone's. */
export async function mayCheckReceipt(counters: Counters, who: Checker): Promise<CheckAllowance> {
  const { each, total } = RECEIPT_CHECK_LIMITS;
  const own = who.type === "user" ? `receipt-check:u:${who.id}` : `receipt-check:a:${addressKey(who.address)}`;
  if (!(await counters.take(own, each.limit, each.windowMs)).granted) return "rate_limited";
  return (await counters.take("receipt-check:all", total.limit, total.windowMs)).granted ? "allowed" : "rate_limited";
}

/**
 * Whose window an address spends: an IPv4 address (however written, `::ffff:` or not), or an IPv6
 * address's /64 network, since whoever holds one (any home connection) can draw a fresh address
 * for every check. Anything else (a proxy's odd header) counts as written.
 */
export function addressKey(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped) return mapped;
  if (isIPv6(bare)) return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
  return bare;
}

/** The eight groups of an IPv6 address, "::" filled in and each without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const middle = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => "0");
  return [...left, ...middle, ...right].map((group) => (group.includes(".") ? group : parseInt(group, 16).toString(16)));
}
