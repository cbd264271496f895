import type { AccessAction, AccessControl } from "../facade.ts";
import type { Grant, Person } from "../grants.ts";

export type TakeAccessAwayResult =
  | { type: "revoked"; grant: Grant }
  /** An entry of the configuration: it cannot be changed from the chat. */
  | { type: "configured"; list: "ADMIN_USER_IDS" | "ALLOWED_USER_IDS" | "ALLOWED_CHAT_IDS" }
  | { type: "none" };

/**
 * Takes a person's or a group's access away: the grant goes (a configuration entry cannot), the
 * change is recorded, and their running bulk checks stop at once, sending nothing more. Their
 * watches end at their next check, as for anyone removed from the configuration; every instance
 * refuses them within two seconds. Telling them and the admins is the caller's.
 */
export async function takeAccessAway(
  access: AccessControl,
  subject: { kind: "user" | "chat"; id: number },
  by: Person,
  madeIn: number | undefined,
  stopBulkChecks: (subject: { kind: "user" | "chat"; id: number }) => Promise<unknown>,
  /** How the audit trail names it: an admin's revoke, or the bot removed from the group. */
  action: Extract<AccessAction, "revoked" | "group_removed"> = "revoked",
): Promise<TakeAccessAwayResult> {
  const { policy } = access;
  const { kind, id } = subject;
  if (kind === "user" && policy.adminUserIds.has(id)) return { type: "configured", list: "ADMIN_USER_IDS" };
  if (kind === "user" && policy.allowedUserIds.has(id)) return { type: "configured", list: "ALLOWED_USER_IDS" };
  if (kind === "chat" && policy.allowedChatIds.has(id)) return { type: "configured", list: "ALLOWED_CHAT_IDS" };
  const grant = await access.grants.revoke(kind, id);
  if (!grant) return { type: "none" };
  access.record({ action, subject: { kind, id, name: grant.subject.name }, by, chatId: madeIn });
  await stopBulkChecks(subject);
  return { type: "revoked", grant };
}
