/**
 * Sliding-window limits kept in this process: exact when one process is the only one spending
 * (the SQLite store's case, which a file lock guarantees), and the fallback while Redis is away.
 */
export class SlidingWindows {
  readonly #grants = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  take(key: string, limit: number, windowMs: number): { granted: true } | { granted: false; retryInMs: number } {
    const now = this.now();
    let grants = this.#grants.get(key);
    if (!grants) {
      grants = [];
      this.#grants.set(key, grants);
    }
    const horizon = now - windowMs;
    let expired = 0;
    while (expired < grants.length && (grants[expired] ?? 0) <= horizon) expired++;
    if (expired > 0) grants.splice(0, expired);
    if (grants.length >= limit) {
      const oldest = grants[grants.length - limit] ?? now;
      return { granted: false, retryInMs: Math.max(1, oldest + windowMs - now) };
    }
    grants.push(now);
    return { granted: true };
  }
}
