import { describe, expect, it } from "vitest";
import { accessControl } from "../../src/access/facade.ts";
import { decideRequest } from "../../src/access/use-cases/decide-request.ts";
import { takeAccessAway } from "../../src/access/use-cases/take-access-away.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../support/logs.ts";

const ADMIN = { id: 7001, name: "Kofi" };
const AGENT = { id: 6001, name: "Abena" };

function access() {
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const logs = captureLogs();
  const control = accessControl({ lists: { allowedUserIds: new Set([5001]), allowedChatIds: new Set([-100]), allowEveryone: false, adminUserIds: new Set([ADMIN.id]) }, records: state.records, logger: logs.logger });
  return { control, logs, audit: () => logs.entries().filter((entry) => entry.event === "access").map((entry) => entry.action) };
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
