import { z } from "zod";
import { decimal, httpUrl, optional, presentIn, trimmed, withDefault, type Environment } from "../values.ts";

/** Where a receipt's link leads: a page of the bot's own HTTP server, or the bot's deep link in Telegram. */
export type ReceiptVerification = { kind: "page"; base: string } | { kind: "deep_link" };

/** Receipts for the customer (docs/usage.md): the picture's title, how long they check as genuine, where they are checked. */
export interface ReceiptSettings {
  /** RECEIPT_TITLE; undefined: the bot's name. */
  title: string | undefined;
  /** RECEIPT_DAYS, in ms. */
  keepMs: number;
  verification: ReceiptVerification;
}

/** A receipt checks as genuine this many days, by default. */
export const RECEIPT_DAYS_DEFAULT = 365;

export const receiptVariables = z.object({
  RECEIPT_TITLE: optional(trimmed.max(60, "must be at most 60 characters")),
  RECEIPT_DAYS: withDefault(decimal(0.001, 36_500), RECEIPT_DAYS_DEFAULT),
  RECEIPT_VERIFY_URL: optional(httpUrl.refine(isBareAddress, "must be a public address without credentials, query or fragment (it is printed on every receipt, and /r/<code> follows it)")),
});

/** What is printed on every receipt, with /r/<code> after it: never a password, nor a query or a fragment that would swallow the code. */
function isBareAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username === "" && url.password === "" && !value.includes("?") && !value.includes("#");
  } catch {
    // Not a URL: httpUrl's rule says so.
    return true;
  }
}

/** The page is served by the bot's own HTTP server: it needs one. */
export function receiptProblems(env: Environment): string[] {
  const present = presentIn(env);
  return present("RECEIPT_VERIFY_URL") && !present("HTTP_PORT") ? ["RECEIPT_VERIFY_URL needs HTTP_PORT: the check page is served by the bot's own HTTP server"] : [];
}

/**
 * RECEIPT_VERIFY_URL, or else the webhook's origin (a public address the bot already answers on);
 * without either, the link is the bot's deep link, and the check is made in Telegram.
 */
export function receiptSettings(env: z.output<typeof receiptVariables>, webhookUrl: string | undefined): ReceiptSettings {
  const base = env.RECEIPT_VERIFY_URL?.replace(/\/+$/, "") ?? (webhookUrl === undefined ? undefined : new URL(webhookUrl).origin);
  return { title: env.RECEIPT_TITLE, keepMs: env.RECEIPT_DAYS * 86_400_000, verification: base === undefined ? { kind: "deep_link" } : { kind: "page", base } };
}

/** What an unset environment gives (the warm-up, the demo, the tests start from it). */
export const RECEIPT_DEFAULTS: ReceiptSettings = { title: undefined, keepMs: RECEIPT_DAYS_DEFAULT * 86_400_000, verification: { kind: "deep_link" } };
