import { describe, expect, it } from "vitest";
import { accessControl } from "../../src/access/facade.ts";
import type { AccessLists } from "../../src/access/policy.ts";
import { REQUEST_RULES } from "../../src/access/requests.ts";
import { allowAccess } from "../../src/access/use-cases/allow-access.ts";
import { decideRequest } from "../../src/access/use-cases/decide-request.ts";
import { groupAdded, groupRemoved } from "../../src/access/use-cases/group-membership.ts";
import { createInvite, revokeInvite } from "../../src/access/use-cases/manage-invites.ts";
import { redeemInvite } from "../../src/access/use-cases/redeem-invite.ts";
import { requestAccess } from "../../src/access/use-cases/request-access.ts";
import { takeAccessAway } from "../../src/access/use-cases/take-access-away.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../support/logs.ts";

const ADMIN = { id: 7001, name: "Kofi" };
const AGENT = { id: 6001, name: "Abena" };
const OTHER = { id: 6002, name: "Yaw" };
const GROUP = { id: -1002003004005, name: "Kumasi agents" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The access area on a clock of the test's own: `clock.at` moves only when a test moves it. */
function access(lists: Partial<AccessLists> = {}) {
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const logs = captureLogs();
  const clock = { at: Date.parse("2026-03-05T09:00:00Z") };
  const now = () => clock.at;
  const control = accessControl({
    lists: { allowedUserIds: new Set([5001]), allowedChatIds: new Set([-100]), allowEveryone: false, adminUserIds: new Set([ADMIN.id]), ...lists },
    records: state.records,
    logger: logs.logger,
    now,
  });
  const deps = { access: control, now };
  const grantOf = async (kind: "user" | "chat", id: number) => (await control.grants.list()).find((grant) => grant.kind === kind && grant.subject.id === id);
  return { control, deps, clock, logs, grantOf, audit: () => logs.entries().filter((entry) => entry.event === "access").map((entry) => entry.action) };
}

describe("deciding a request (Telegram-free)", () => {
  it("only an admin decides; the first decides, the second is told who did; an approval gives access at once, recorded", async () => {
    const { control, audit } = access();
    const asked = await control.requests.ask({ kind: "user", subject: AGENT });
    const requestId = asked.type === "asked" ? asked.request.id : "";
    expect(await decideRequest(control, requestId, "approved", AGENT, undefined)).toEqual({ type: "not_admin" });
    expect(control.grants.hasUser(AGENT.id)).toBe(false);
    expect((await decideRequest(control, requestId, "approved", ADMIN, -1)).type).toBe("decided");
    await control.grants.refresh();
    expect(control.grants.hasUser(AGENT.id)).toBe(true);
    expect((await decideRequest(control, requestId, "denied", ADMIN, -1)).type).toBe("already");
    expect(await decideRequest(control, "user:424242", "denied", ADMIN, -1)).toEqual({ type: "gone" });
    expect(audit()).toEqual(["approved"]);
  });
});

describe("taking access away (Telegram-free)", () => {
  it("a configuration entry stays; a grant goes, with its bulk checks stopped and the change recorded", async () => {
    const { control, audit } = access();
    const stopped: unknown[] = [];
    const stop = async (subject: unknown) => void stopped.push(subject);
    expect(await takeAccessAway(control, { kind: "user", id: 5001 }, ADMIN, undefined, stop)).toEqual({ type: "configured", list: "ALLOWED_USER_IDS" });
    expect(await takeAccessAway(control, { kind: "chat", id: -100 }, ADMIN, undefined, stop)).toEqual({ type: "configured", list: "ALLOWED_CHAT_IDS" });
    expect(await takeAccessAway(control, { kind: "user", id: AGENT.id }, ADMIN, undefined, stop)).toEqual({ type: "none" });
    await control.grants.grant({ kind: "user", subject: AGENT, how: { type: "allowed", by: ADMIN, at: 1 } });
    const taken = await takeAccessAway(control, { kind: "user", id: AGENT.id }, ADMIN, undefined, stop);
    expect(taken.type === "revoked" && taken.grant.subject).toEqual(AGENT);
    expect(stopped).toEqual([{ kind: "user", id: AGENT.id }]);
    expect(audit()).toEqual(["revoked"]);
  });
});

describe("/allow (Telegram-free)", () => {
  it("lets a person or a group in, dated by the clock and recorded; one already allowed is left as it is", async () => {
    const { deps, control, clock, grantOf, audit } = access();
    expect(await allowAccess(deps, { kind: "user", id: AGENT.id }, ADMIN, -1)).toEqual({ type: "allowed", subject: { id: AGENT.id, name: String(AGENT.id) } });
    expect((await grantOf("user", AGENT.id))?.how).toEqual({ type: "allowed", by: ADMIN, at: clock.at });
    clock.at += HOUR;
    expect(await allowAccess(deps, { kind: "chat", id: GROUP.id, name: GROUP.name }, ADMIN, GROUP.id)).toEqual({ type: "allowed", subject: GROUP });
    expect((await grantOf("chat", GROUP.id))?.how.at).toBe(clock.at);
    await control.grants.refresh();
    expect(await allowAccess(deps, { kind: "user", id: AGENT.id }, ADMIN, -1)).toEqual({ type: "already" });
    expect(await allowAccess(deps, { kind: "user", id: 5001 }, ADMIN, -1)).toEqual({ type: "already" });
    expect(await allowAccess(deps, { kind: "chat", id: -100 }, ADMIN, -1)).toEqual({ type: "already" });
    expect(audit()).toEqual(["allowed", "allowed"]);
  });
});

describe("invite links (Telegram-free)", () => {
  it("an admin makes a link for 1 to 50 people, valid for its time; each person it lets in is dated by the clock and recorded", async () => {
    const { deps, control, clock, grantOf, audit } = access();
    for (const uses of [0, 51, 2.5]) expect(await createInvite(deps, ADMIN, uses, DAY, undefined, -1), String(uses)).toEqual({ type: "bad_uses" });
    const created = await createInvite(deps, ADMIN, 2, DAY, "new agents", -1);
    if (created.type !== "created") throw new Error(created.type);
    expect(created.invite).toMatchObject({ createdAt: clock.at, expiresAt: clock.at + DAY, note: "new agents", usesLeft: 2 });
    clock.at += HOUR;
    expect(await redeemInvite(deps, created.code, AGENT, AGENT.id)).toEqual({ type: "joined", by: ADMIN });
    expect((await grantOf("user", AGENT.id))?.how).toEqual({ type: "invite", by: ADMIN, at: clock.at });
    await control.grants.refresh();
    // Already in: the link is not used up by them.
    expect(await redeemInvite(deps, created.code, AGENT, AGENT.id)).toEqual({ type: "already_allowed" });
    expect(await redeemInvite(deps, created.code, { id: 5001, name: "Configured" }, 5001)).toEqual({ type: "already_allowed" });
    clock.at = created.invite.expiresAt;
    expect(await redeemInvite(deps, created.code, OTHER, OTHER.id)).toEqual({ type: "invalid" });
    expect(await redeemInvite(deps, "not-a-code", OTHER, OTHER.id)).toEqual({ type: "invalid" });
    expect(audit()).toEqual(["invited", "joined"]);
  });

  it("a revoked link lets nobody in; revoking one that is gone changes nothing and records nothing", async () => {
    const { deps, audit } = access();
    const created = await createInvite(deps, ADMIN, 1, DAY, undefined, -1);
    if (created.type !== "created") throw new Error(created.type);
    expect(await revokeInvite(deps, created.invite.publicId, ADMIN, -1)).toMatchObject({ publicId: created.invite.publicId });
    expect(await revokeInvite(deps, created.invite.publicId, ADMIN, -1)).toBeUndefined();
    expect(await redeemInvite(deps, created.code, AGENT, AGENT.id)).toEqual({ type: "invalid" });
    expect(audit()).toEqual(["invited", "invite_revoked"]);
  });
});

describe("asking for access (Telegram-free)", () => {
  it("a stranger asks once; while it waits, asking again sends nothing; denied, they may ask again a day later by the clock", async () => {
    const { deps, control, clock, audit } = access();
    const subject = { ...AGENT, language: "fr" };
    const asked = await requestAccess(deps, subject, AGENT.id);
    expect(asked).toMatchObject({ type: "asked", request: { id: `user:${AGENT.id}`, subject, askedAt: clock.at } });
    expect(await requestAccess(deps, subject, AGENT.id)).toEqual({ type: "pending" });
    await decideRequest(control, `user:${AGENT.id}`, "denied", ADMIN, -1, deps.now);
    clock.at += HOUR;
    expect(await requestAccess(deps, subject, AGENT.id)).toEqual({ type: "denied_recently", until: clock.at - HOUR + REQUEST_RULES.askAgainAfterDenialMs });
    clock.at += REQUEST_RULES.askAgainAfterDenialMs;
    expect((await requestAccess(deps, subject, AGENT.id)).type).toBe("asked");
    expect(audit()).toEqual(["requested", "denied", "requested"]);
  });

  it("someone already allowed, or a bot without admins to ask: nothing is asked", async () => {
    const { deps, audit } = access();
    expect(await requestAccess(deps, { id: 5001, name: "Configured" }, 5001)).toEqual({ type: "already_allowed" });
    const none = access({ adminUserIds: new Set() });
    expect(await requestAccess(none.deps, AGENT, AGENT.id)).toEqual({ type: "no_admins" });
    expect([...audit(), ...none.audit()]).toEqual([]);
  });
});

describe("groups the bot is added to and removed from (Telegram-free)", () => {
  it("added by an admin: allowed at once, dated by the clock; by anyone else: the admins are asked, once", async () => {
    const { deps, grantOf, audit, clock } = access();
    expect(await groupAdded(deps, GROUP, ADMIN)).toEqual({ type: "added" });
    expect((await grantOf("chat", GROUP.id))?.how).toEqual({ type: "added", by: ADMIN, at: clock.at });
    const other = { id: -1009998887776, name: "Accra agents" };
    expect(await groupAdded(deps, other, AGENT)).toMatchObject({ type: "asked", request: { kind: "chat", subject: other, addedBy: AGENT } });
    expect(await groupAdded(deps, other, OTHER)).toEqual({ type: "pending" });
    expect(await groupAdded(deps, { id: -100, name: "Configured" }, AGENT)).toEqual({ type: "allowed_already" });
    expect(audit()).toEqual(["group_added", "requested"]);
  });

  it("added with no admin to ask: nothing is asked", async () => {
    const { deps, audit } = access({ adminUserIds: new Set() });
    expect(await groupAdded(deps, GROUP, AGENT)).toEqual({ type: "no_admins" });
    expect(audit()).toEqual([]);
  });

  it("removed: a grant goes as a revoke takes it (the grant, the record, then its bulk checks); a configured group keeps its entry, its bulk checks stop all the same", async () => {
    const { deps, control, grantOf, audit } = access();
    await groupAdded(deps, GROUP, ADMIN);
    const steps: string[] = [];
    const stop = async (subject: { kind: string; id: number }) => void steps.push(`bulk stopped for ${subject.id}, ${(await grantOf("chat", subject.id)) ? "still granted" : "not granted"}, ${audit().length} recorded`);
    const removed = await groupRemoved(deps, GROUP, AGENT, stop);
    expect(removed.type === "revoked" && removed.grant.subject).toEqual(GROUP);
    expect(await groupRemoved(deps, { id: -100, name: "Configured" }, AGENT, stop)).toEqual({ type: "configured", list: "ALLOWED_CHAT_IDS" });
    expect(await groupRemoved(deps, GROUP, AGENT, stop)).toEqual({ type: "none" });
    expect(steps).toEqual([`bulk stopped for ${GROUP.id}, not granted, 2 recorded`, "bulk stopped for -100, not granted, 2 recorded", `bulk stopped for ${GROUP.id}, not granted, 2 recorded`]);
    expect(audit()).toEqual(["group_added", "group_removed"]);
    await control.grants.refresh();
    expect(control.grants.hasChat(GROUP.id)).toBe(false);
  });
});
