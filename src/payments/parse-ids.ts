import { isValidTransactionId } from "./enquiry/transaction-id.ts";
import { MAX_IDS_PER_QUERY } from "./query.ts";

export type ParsedIds =
  | { type: "ids"; ids: string[] }
  | { type: "missing" }
  | { type: "invalid" }
  | { type: "too_many"; count: number };

const SEPARATORS = /[\s,;]+/u;

/**
 * IDs typed after a command: separated by spaces, commas or new lines, duplicates counted once.
 * Anything that is not ID-shaped makes the whole input invalid, so no enquiry is ever made for
 * text that was not meant as an ID.
 */
export function parseIds(text: string, max = MAX_IDS_PER_QUERY): ParsedIds {
  const tokens = text.split(SEPARATORS).filter(Boolean);
  if (tokens.length === 0) return { type: "missing" };
  if (!tokens.every(isValidTransactionId)) return { type: "invalid" };
  const ids = [...new Set(tokens)];
  if (ids.length > max) return { type: "too_many", count: ids.length };
  return { type: "ids", ids };
}

/**
 * A message sent without a command counts as IDs only when every word has a digit in it:
 * "hello there" is chat, "TX-1234 TX-1235" is a pasted list.
 */
export function bareIds(text: string, max = MAX_IDS_PER_QUERY): ParsedIds {
  const parsed = parseIds(text, max);
  if (parsed.type === "ids" && !parsed.ids.every((id) => /\d/.test(id))) return { type: "invalid" };
  return parsed;
}

const EDGE_PUNCTUATION = /^[("'«“‘[<]+|[)"'»”’\]>.,;:!?]+$/gu;

/**
 * IDs found in someone else's message (a customer's pasted text that a support agent replies to):
 * the whole text when it is nothing but ID-looking words, otherwise the words that look like references:
 * at least six ID characters, with a digit in them.
 */
export function extractIds(text: string, max = MAX_IDS_PER_QUERY): ParsedIds {
  const whole = bareIds(text, max);
  if (whole.type !== "invalid") return whole;
  const candidates = text
    .split(SEPARATORS)
    .map((word) => word.replace(EDGE_PUNCTUATION, ""))
    .filter((word) => word.length >= 6 && /\d/.test(word) && isValidTransactionId(word));
  return candidates.length === 0 ? { type: "missing" } : parseIds(candidates.join(" "), max);
}
