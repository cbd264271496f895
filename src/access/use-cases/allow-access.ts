import type { AccessDeps } from "../facade.ts";
import type { Person } from "../grants.ts";
import { isAllowed } from "../policy.ts";

export type AllowResult = { type: "allowed"; subject: Person } | { type: "already" };

/**
 * An admin lets a person or a group in (/allow): a grant dated by the clock, recorded. Someone
 * already allowed (by the configuration, a grant, or everyone) is left as they are. Telling them
 * and the admins is the caller's.
 */
export async function allowAccess(deps: AccessDeps, who: { kind: "user" | "chat"; id: number; name?: string | undefined }, by: Person, madeIn: number | undefined): Promise<AllowResult> {
  const { policy } = deps.access;
  const { kind, id } = who;
  const already = kind === "user" ? isAllowed(policy, { id, type: "private" }, id) : isAllowed(policy, { id, type: "supergroup" }, undefined);
  if (already) return { type: "already" };
  const subject = { id, name: who.name ?? String(id) };
  await deps.access.grants.grant({ kind, subject, how: { type: "allowed", by, at: deps.now() } });
  deps.access.record({ action: "allowed", subject: { kind, id, name: subject.name }, by, chatId: madeIn });
  return { type: "allowed", subject };
}
