import { describe, expect, it } from "vitest";
import { countedExpiry, isUsable, LAST_SECONDS_MS, LONGEST_LIFETIME_MS, renewAt, REFUSED_RETRY_MS, retryDelay, SHORTEST_LIFETIME_MS, usableUntil } from "../../../src/payments/service-token/token-schedule.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const life = (seconds: number | undefined) => ({ obtainedAt: T0, expiresAt: seconds === undefined ? undefined : T0 + seconds * 1000 });

describe("when a token the bot obtains is sent and renewed (a made-up clock)", () => {
  it("an hour's token (MTN, Airtel): renewed at 80 % of its life, never sent in its last 30 s", () => {
    const hour = life(3600);
    expect(renewAt(hour)).toBe(T0 + 2880_000);
    expect(usableUntil(hour)).toBe(T0 + 3600_000 - LAST_SECONDS_MS);
    expect(isUsable(hour, T0 + 3569_999)).toBe(true);
    expect(isUsable(hour, T0 + 3570_000)).toBe(false);
    expect(isUsable(hour, T0 + 3600_000)).toBe(false);
  });

  it("Daraja's 3599 s: the same rule", () => {
    const daraja = life(3599);
    expect(renewAt(daraja)).toBe(T0 + 3599_000 * 0.8);
    expect(usableUntil(daraja)).toBe(T0 + 3569_000);
  });

  it("a token under two minutes is never sent in its last quarter, and renewed before that", () => {
    const minute = life(60);
    expect(usableUntil(minute)).toBe(T0 + 45_000);
    expect(isUsable(minute, T0 + 44_999)).toBe(true);
    expect(isUsable(minute, T0 + 45_000)).toBe(false);
    const at = renewAt(minute) ?? Infinity;
    expect(at).toBeLessThan(T0 + 45_000);
    expect(at).toBeGreaterThan(T0 + 30_000);
  });

  it("between 2 and 2.5 minutes, 80 % would come after the last 30 s begin: renewal comes before them", () => {
    for (const seconds of [120, 130, 149]) {
      const token = life(seconds);
      expect(renewAt(token) ?? Infinity, `${seconds} s`).toBeLessThan(usableUntil(token) ?? 0);
    }
  });

  it("whatever its life, the renewal comes before the token stops being sent, and never at once", () => {
    for (const seconds of [1, 4, 10, 59, 119, 121, 150, 300, 3599, 3600, 86_400]) {
      const token = life(seconds);
      const renewal = renewAt(token) ?? Infinity;
      const end = usableUntil(token) ?? 0;
      expect(renewal, `${seconds} s`).toBeGreaterThan(T0);
      expect(renewal, `${seconds} s`).toBeLessThan(end);
      expect(end, `${seconds} s`).toBeLessThanOrEqual(T0 + seconds * 1000 - Math.min(LAST_SECONDS_MS, (seconds * 1000) / 4));
    }
  });

  it("a token without an end (no expires_in, no exp) is kept until the provider refuses it", () => {
    const forever = life(undefined);
    expect(renewAt(forever)).toBeUndefined();
    expect(usableUntil(forever)).toBeUndefined();
    expect(isUsable(forever, T0 + 365 * 86_400_000)).toBe(true);
  });

  it("a token that ends before it began is never sent", () => {
    expect(isUsable({ obtainedAt: T0, expiresAt: T0 - 1000 }, T0)).toBe(false);
  });
});

describe("when the token endpoint is asked again after a failure", () => {
  it("credentials refused: once a minute, however many times in a row", () => {
    expect([1, 2, 10, 1000].map((failures) => retryDelay("refused", failures))).toEqual([REFUSED_RETRY_MS, REFUSED_RETRY_MS, REFUSED_RETRY_MS, REFUSED_RETRY_MS]);
  });

  it("an endpoint in trouble: sooner, doubling up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => retryDelay("unavailable", failures))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe("what a token's stated lifetime counts for (a made-up clock)", () => {
  it("an hour is an hour; under 30 s counts as 30 s; past a year, as no expiry: never a date that cannot be, never a renewal at once", () => {
    expect(countedExpiry(T0, 3_600_000)).toBe(T0 + 3_600_000);
    expect(countedExpiry(T0, 30_000)).toBe(T0 + 30_000);
    expect(countedExpiry(T0, 1)).toBe(T0 + SHORTEST_LIFETIME_MS);
    expect(countedExpiry(T0, 0.001 * 1000)).toBe(T0 + SHORTEST_LIFETIME_MS);
    expect(countedExpiry(T0, 365 * 86_400_000)).toBe(T0 + 365 * 86_400_000);
    expect(countedExpiry(T0, LONGEST_LIFETIME_MS + 1)).toBeUndefined();
    expect(countedExpiry(T0, 1e13 * 1000)).toBeUndefined();
    expect(countedExpiry(T0, 99_999_999_999_999 * 1000)).toBeUndefined();
    expect(countedExpiry(T0, Number.NaN)).toBeUndefined();
    expect(countedExpiry(T0, Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it("the shortest counted life is still sent for a while and renewed well after it came: at most one request every 20 s", () => {
    const shortest = { obtainedAt: T0, expiresAt: countedExpiry(T0, 1) };
    expect(isUsable(shortest, T0 + 22_000)).toBe(true);
    expect(renewAt(shortest)).toBeGreaterThanOrEqual(T0 + 20_000);
  });
});
