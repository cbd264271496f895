/** One line of `npm run doctor`: what was checked, whether it holds, and what it found or what to do. */
export interface CheckResult {
  ok: boolean;
  label: string;
  /** What was found (✓), or what is wrong and what to do (✗). */
  detail: string;
  /** Further lines under it (each problem of a configuration). */
  more?: readonly string[];
}

export const passed = (label: string, detail: string): CheckResult => ({ ok: true, label, detail });
export const failed = (label: string, detail: string, more?: readonly string[]): CheckResult => ({ ok: false, label, detail, ...(more ? { more } : {}) });

/** A short cause of a network error (ECONNREFUSED, ENOTFOUND, a timeout): never its message, which may hold a URL. */
export function networkCause(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "no answer in time";
  const code = (error as { code?: unknown } | undefined)?.code;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof code === "string") return code;
  if (typeof cause?.code === "string") return cause.code;
  // fetch's own refusals (a "bad port") have a message and no code: short, and without the URL.
  if (typeof cause?.message === "string" && cause.message.length <= 60 && !/[/:]/.test(cause.message)) return cause.message;
  return error instanceof Error ? error.name : "unknown error";
}
