// C0/C1 controls (newlines are folded separately) and bidi marks, embeddings, overrides and
// isolates that could reorder what the reader sees: service text is shown, never trusted.
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * Makes text that came from the service safe to show on one line: no control or bidi-override
 * characters, no broken surrogates, whitespace folded, at most `max` characters (with an ellipsis).
 */
/** Printable ASCII words with single spaces between them: what cleaning would leave as it is. */
const ALREADY_CLEAN = /^(?:[!-~]+ )*[!-~]+$/;

export function cleanServiceText(text: string, max: number): string {
  // Most texts (statuses, references, names) are already clean: a long history shows thousands of them.
  if (text.length <= max && ALREADY_CLEAN.test(text)) return text;
  // Whatever cleaning removes, no more than this can be shown: a huge text is not cleaned whole.
  const shown = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const clean = shown.toWellFormed().replace(UNSAFE_CHARACTERS, "").replace(/\s+/g, " ").trim();
  return truncate(shown === text ? clean : `${clean}…`, max);
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // Never cut a surrogate pair in half.
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
