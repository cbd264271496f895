import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares a received secret with the expected one in constant time. Both are hashed first, so
 * that neither the content nor the length of the secret leaks through timing.
 */
export function secretMatches(received: string | string[] | undefined, expected: string): boolean {
  if (typeof received !== "string") return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}
