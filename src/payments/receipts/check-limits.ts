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
  const own = who.type === "user" ? `receipt-check:u:${who.id}` : `receipt-check:a:${who.address}`;
  if (!(await counters.take(own, each.limit, each.windowMs)).granted) return "rate_limited";
  return (await counters.take("receipt-check:all", total.limit, total.windowMs)).granted ? "allowed" : "rate_limited";
}
