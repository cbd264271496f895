import { afterEach, describe, expect, it } from "vitest";
import { startTokenExpiryWatch, tokenExpiryStage } from "../../../src/payments/service-token/token-expiry.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../../support/logs.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("the service token's expiry", () => {
  let state: SqliteStore | undefined;
  afterEach(async () => void (await state?.close()));

  it("reaches a stage 3 days and 1 day before, and once expired", () => {
    const expires = new Date(Date.parse("2026-12-01T00:00:00Z"));
    expect(tokenExpiryStage(expires, expires.getTime() - 4 * DAY)).toBeUndefined();
    expect(tokenExpiryStage(expires, expires.getTime() - 3 * DAY)).toBe("in-3-days");
    expect(tokenExpiryStage(expires, expires.getTime() - DAY + 1)).toBe("in-1-day");
    expect(tokenExpiryStage(expires, expires.getTime())).toBe("expired");
    expect(tokenExpiryStage(undefined, 0)).toBeUndefined();
  });

  it("tells each stage once per token, and a new token afresh", async () => {
    state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const told: string[] = [];
    let now = Date.parse("2026-11-24T12:00:00Z");
    let token = { fingerprint: "one", expires: new Date(now + 2 * DAY) };
    const watch = startTokenExpiryWatch({
      expiry: () => token.expires,
      fingerprint: () => token.fingerprint,
      kv: state.kv,
      announce: async (stage) => void told.push(`${token.fingerprint}:${stage}`),
      logger: captureLogs().logger,
      now: () => now,
      everyMs: 3_600_000,
    });
    await watch.look();
    await watch.look();
    now += 1.5 * DAY;
    await watch.look();
    now += DAY;
    await watch.look();
    await watch.look();
    token = { fingerprint: "two", expires: new Date(now + 10 * DAY) };
    await watch.look();
    now += 8 * DAY;
    await watch.look();
    watch.stop();
    expect(told).toEqual(["one:in-3-days", "one:in-1-day", "one:expired", "two:in-3-days"]);
  });
});
