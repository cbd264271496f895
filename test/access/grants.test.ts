import { describe, expect, it } from "vitest";
import { accessGrants, type Grant } from "../../src/access/grants.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../support/logs.ts";

const ADMIN = { id: 9, name: "Kofi" };
const userGrant = (id: number): Grant => ({ kind: "user", subject: { id, name: `Person ${id}` }, how: { type: "approved", by: ADMIN, at: 1 } });

describe("access grants", () => {
  it("are read from memory once loaded, and a change through another copy is seen on refresh", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const here = accessGrants(state.records, captureLogs().logger);
    const there = accessGrants(state.records, captureLogs().logger);
    expect(await here.grant(userGrant(5))).toBe(true);
    expect(await here.grant(userGrant(5))).toBe(false);
    expect(here.hasUser(5)).toBe(true);
    expect(there.hasUser(5)).toBe(false);
    await there.refresh();
    expect(there.hasUser(5)).toBe(true);
    expect(await there.revoke("user", 5)).toMatchObject({ subject: { id: 5 } });
    await here.refresh();
    expect(here.hasUser(5)).toBe(false);
    expect(await here.revoke("user", 5)).toBeUndefined();
  });

  it("move a group's grant to its supergroup ID", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const grants = accessGrants(state.records, captureLogs().logger);
    await grants.grant({ kind: "chat", subject: { id: -100, name: "Desk" }, how: { type: "added", by: ADMIN, at: 1 } });
    expect(await grants.move(-100, -1001)).toBe(true);
    expect(grants.hasChat(-100)).toBe(false);
    expect(grants.hasChat(-1001)).toBe(true);
    expect((await grants.list()).map((grant) => grant.subject.id)).toEqual([-1001]);
  });
});
