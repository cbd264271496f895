import type { AccessDeps } from "../facade.ts";
import type { Person } from "../grants.ts";
import { isAdmin } from "../policy.ts";
import type { AskResult } from "../requests.ts";
import { takeAccessAway, type TakeAccessAwayResult } from "./take-access-away.ts";

export type GroupAddedResult = AskResult | { type: "added" } | { type: "allowed_already" } | { type: "no_admins" };

/**
 * The bot is added to a group: one already allowed stays so; added by an admin, it is allowed at
 * once (a grant dated by the clock, recorded); by anyone else, the admins are asked, once. Saying
 * hello, or what happens next, is the caller's.
 */
export async function groupAdded(deps: AccessDeps, group: Person, by: Person): Promise<GroupAddedResult> {
  const { policy } = deps.access;
  if (policy.allowedChatIds.has(group.id) || policy.granted.hasChat(group.id)) return { type: "allowed_already" };
  if (isAdmin(policy, by.id)) {
    await deps.access.grants.grant({ kind: "chat", subject: group, how: { type: "added", by, at: deps.now() } });
    deps.access.record({ action: "group_added", subject: { kind: "chat", id: group.id, name: group.name }, by, chatId: group.id });
    return { type: "added" };
  }
  if (policy.adminUserIds.size === 0) return { type: "no_admins" };
  const asked = await deps.access.requests.ask({ kind: "chat", subject: group, addedBy: by });
  if (asked.type === "asked") deps.access.record({ action: "requested", subject: { kind: "chat", id: group.id, name: group.name }, by, chatId: group.id });
  return asked;
}

/**
 * The bot is removed from a group: a grant given from the chat ends with it, as a revoke ends one
 * (takeAccessAway: the grant, the record, then the group's bulk checks); the configuration's
 * entry stays. Whatever gave the group access, its bulk checks stop: nothing more can be sent there.
 */
export async function groupRemoved(
  deps: Pick<AccessDeps, "access">,
  group: Person,
  by: Person,
  stopBulkChecks: (subject: { kind: "user" | "chat"; id: number }) => Promise<unknown>,
): Promise<TakeAccessAwayResult> {
  const subject = { kind: "chat" as const, id: group.id };
  const taken = await takeAccessAway(deps.access, subject, by, group.id, stopBulkChecks, "group_removed");
  if (taken.type !== "revoked") await stopBulkChecks(subject);
  return taken;
}
