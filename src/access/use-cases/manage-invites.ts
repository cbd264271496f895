import type { AccessDeps } from "../facade.ts";
import type { Person } from "../grants.ts";
import { MOST_USES_PER_INVITE, type Invite } from "../invites.ts";

export type CreateInviteResult = { type: "created"; code: string; invite: Invite } | { type: "bad_uses" };

/**
 * An admin makes an invite link for `uses` people (1 to MOST_USES_PER_INVITE), valid `ttlMs`
 * from now, recorded. The code is returned once: only its hash is kept.
 */
export async function createInvite(deps: Pick<AccessDeps, "access">, by: Person, uses: number, ttlMs: number, note: string | undefined, madeIn: number | undefined): Promise<CreateInviteResult> {
  if (!Number.isInteger(uses) || uses < 1 || uses > MOST_USES_PER_INVITE) return { type: "bad_uses" };
  const { code, invite } = await deps.access.invites.create(by, uses, ttlMs, note);
  deps.access.record({ action: "invited", subject: { kind: "user", id: 0, name: `invite ${invite.publicId} for ${uses}` }, by, chatId: madeIn });
  return { type: "created", code, invite };
}

/** An admin revokes a link that still lets someone in, recorded; undefined (and nothing recorded) when there is none. */
export async function revokeInvite(deps: Pick<AccessDeps, "access">, publicId: string, by: Person, madeIn: number | undefined): Promise<Invite | undefined> {
  const revoked = await deps.access.invites.revoke(publicId);
  if (revoked) deps.access.record({ action: "invite_revoked", subject: { kind: "user", id: 0, name: `invite ${revoked.publicId}` }, by, chatId: madeIn });
  return revoked;
}
