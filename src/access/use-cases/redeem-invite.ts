import type { AccessDeps } from "../facade.ts";
import type { Person } from "../grants.ts";
import { isAllowedPerson } from "../policy.ts";

export type RedeemResult = { type: "joined"; by: Person } | { type: "already_allowed" } | { type: "invalid" };

/**
 * Someone opens an invite link: let in at once, the grant dated by the clock and recorded as made
 * with the invite's creator. A code unknown, used up or expired lets nobody in; someone already
 * allowed does not use it up. Telling them and the admins is the caller's.
 */
export async function redeemInvite(deps: AccessDeps, code: string, who: Person, madeIn: number | undefined): Promise<RedeemResult> {
  if (isAllowedPerson(deps.access.policy, who.id)) return { type: "already_allowed" };
  const redeemed = await deps.access.invites.redeem(code, who);
  if (redeemed.type === "invalid") return redeemed;
  const by = redeemed.invite.createdBy;
  await deps.access.grants.grant({ kind: "user", subject: who, how: { type: "invite", by, at: deps.now() } });
  deps.access.record({ action: "joined", subject: { kind: "user", id: who.id, name: who.name }, by, chatId: madeIn });
  return { type: "joined", by };
}
