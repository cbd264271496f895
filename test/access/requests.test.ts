import { describe, expect, it } from "vitest";
import { accessRequests, mayAsk, REQUEST_RULES, requestState, type AccessRequest } from "../../src/access/requests.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";

const HOUR = 3_600_000;
const ADMIN = { id: 9, name: "Kofi" };
const person = (id: number) => ({ id, name: `Person ${id}`, language: "en" });

function setup() {
  let clock = Date.parse("2026-11-24T09:00:00Z");
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const requests = accessRequests(state.records, () => clock);
  return { requests, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe("the rules of asking, as pure functions of time", () => {
  const request = (over: Partial<AccessRequest>): AccessRequest => ({ id: "user:1", kind: "user", subject: person(1), status: "pending", askedAt: 0, adminMessages: [], ...over });

  it("a pending request lapses after a week", () => {
    expect(requestState(request({}), REQUEST_RULES.expiresAfterMs - 1)).toBe("pending");
    expect(requestState(request({}), REQUEST_RULES.expiresAfterMs)).toBe("expired");
    expect(mayAsk(request({}), REQUEST_RULES.expiresAfterMs)).toEqual({ type: "ask" });
  });

  it("a denied person may ask again after a day", () => {
    const denied = request({ status: "denied", decided: { by: ADMIN, at: 1_000 } });
    expect(mayAsk(denied, 1_000 + 23 * HOUR)).toEqual({ type: "denied_recently", until: 1_000 + 24 * HOUR });
    expect(mayAsk(denied, 1_000 + 24 * HOUR)).toEqual({ type: "ask" });
  });
});

describe("access requests", () => {
  it("keeps one request pending per person", async () => {
    const { requests } = setup();
    expect(await requests.ask({ kind: "user", subject: person(1) })).toMatchObject({ type: "asked", request: { id: "user:1", status: "pending" } });
    expect(await requests.ask({ kind: "user", subject: person(1) })).toEqual({ type: "pending" });
  });

  it("refuses a 51st pending request, and takes new ones once others are decided or expired", async () => {
    const { requests, advance } = setup();
    for (let i = 0; i < REQUEST_RULES.pendingAtMost; i++) expect((await requests.ask({ kind: "user", subject: person(i) })).type).toBe("asked");
    expect(await requests.ask({ kind: "user", subject: person(999) })).toEqual({ type: "too_many" });
    await requests.decide("user:0", "approved", ADMIN);
    expect((await requests.ask({ kind: "user", subject: person(999) })).type).toBe("asked");
    advance(REQUEST_RULES.expiresAfterMs);
    expect(await requests.pending()).toEqual([]);
    expect((await requests.ask({ kind: "user", subject: person(1_000) })).type).toBe("asked");
  });

  it("decides a request once: a second decision says who made the first; an expired one cannot be decided", async () => {
    const { requests, advance } = setup();
    await requests.ask({ kind: "user", subject: person(1) });
    const [first, second] = await Promise.all([requests.decide("user:1", "approved", ADMIN), requests.decide("user:1", "denied", { id: 8, name: "Ama" })]);
    expect(first).toMatchObject({ type: "decided", request: { status: "approved", decided: { by: ADMIN } } });
    expect(second).toMatchObject({ type: "already", request: { status: "approved" } });
    await requests.ask({ kind: "user", subject: person(2) });
    advance(REQUEST_RULES.expiresAfterMs);
    expect(await requests.decide("user:2", "approved", ADMIN)).toEqual({ type: "expired" });
    expect(await requests.decide("user:3", "approved", ADMIN)).toEqual({ type: "unknown" });
  });

  it("lets a denied person ask again after a day, not before", async () => {
    const { requests, advance } = setup();
    await requests.ask({ kind: "user", subject: person(1) });
    await requests.decide("user:1", "denied", ADMIN);
    expect((await requests.ask({ kind: "user", subject: person(1) })).type).toBe("denied_recently");
    advance(24 * HOUR);
    expect((await requests.ask({ kind: "user", subject: person(1) })).type).toBe("asked");
  });
});
