import { describe, expect, it } from "vitest";
import { invites } from "../../src/access/invites.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";

const ADMIN = { id: 9, name: "Kofi" };
const person = (id: number) => ({ id, name: `Person ${id}` });

function setup() {
  let clock = Date.parse("2026-11-24T09:00:00Z");
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  return { links: invites(state.records, () => clock), state, advance: (ms: number) => (clock += ms) };
}

describe("invite links", () => {
  it("are 128 random bits, URL-safe, and never stored: only their hash is", async () => {
    const { links, state } = setup();
    const { code } = await links.create(ADMIN, 1, 60_000);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = await state.records.all("access-invites");
    expect(JSON.stringify([...stored])).not.toContain(code);
  });

  it("let exactly as many people in as they were made for, even when used at once", async () => {
    const { links } = setup();
    const one = await links.create(ADMIN, 1, 60_000);
    const results = await Promise.all([links.redeem(one.code, person(1)), links.redeem(one.code, person(2))]);
    expect(results.map((result) => result.type).sort()).toEqual(["invalid", "joined"]);
    const three = await links.create(ADMIN, 3, 60_000);
    const joined = await Promise.all(Array.from({ length: 5 }, (_, i) => links.redeem(three.code, person(10 + i))));
    expect(joined.filter((result) => result.type === "joined")).toHaveLength(3);
  });

  it("stop working when they expire, and are listed only while open", async () => {
    const { links, advance } = setup();
    const { code, invite } = await links.create(ADMIN, 2, 60_000);
    expect((await links.open()).map((open) => open.publicId)).toEqual([invite.publicId]);
    advance(60_000);
    expect(await links.redeem(code, person(1))).toEqual({ type: "invalid" });
    expect(await links.open()).toEqual([]);
  });

  it("can be revoked; unknown and malformed codes are refused", async () => {
    const { links } = setup();
    const { code, invite } = await links.create(ADMIN, 5, 60_000);
    expect(await links.revoke(invite.publicId)).toMatchObject({ publicId: invite.publicId });
    expect(await links.redeem(code, person(1))).toEqual({ type: "invalid" });
    expect(await links.redeem("A".repeat(22), person(1))).toEqual({ type: "invalid" });
    expect(await links.redeem("../../etc", person(1))).toEqual({ type: "invalid" });
    expect(await links.revoke("nope")).toBeUndefined();
  });
});
