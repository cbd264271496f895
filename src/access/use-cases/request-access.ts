import type { AccessDeps } from "../facade.ts";
import type { Person } from "../grants.ts";
import { isAllowed } from "../policy.ts";
import type { AskResult } from "../requests.ts";

export type RequestAccessResult = AskResult | { type: "already_allowed" } | { type: "no_admins" };

/**
 * A stranger asks for access (their 🙋): one request for the admins, recorded. While it waits,
 * asking again asks nothing; after a denial, not before a day has passed by the clock. Someone
 * already allowed, or a bot without admins, asks no one. Sending it to the admins is the caller's.
 */
export async function requestAccess(deps: Pick<AccessDeps, "access">, subject: Person & { language?: string | undefined }, madeIn: number | undefined): Promise<RequestAccessResult> {
  const { policy } = deps.access;
  if (policy.adminUserIds.size === 0) return { type: "no_admins" };
  // An old 🙋 pressed after being let in: nothing to ask the admins.
  if (isAllowed(policy, { id: subject.id, type: "private" }, subject.id)) return { type: "already_allowed" };
  const asked = await deps.access.requests.ask({ kind: "user", subject });
  if (asked.type === "asked") deps.access.record({ action: "requested", subject: { kind: "user", id: subject.id, name: subject.name }, by: subject, chatId: madeIn });
  return asked;
}
