import type { AccessControl } from "../facade.ts";
import type { Person } from "../grants.ts";
import { isAdmin } from "../policy.ts";
import type { AccessRequest } from "../requests.ts";

export type RequestDecision = "approved" | "denied";

export type DecideRequestResult =
  /** Pressed by someone who is not an admin (a forwarded message, a forged payload): nothing changed. */
  | { type: "not_admin" }
  /** No such request any more, or it lapsed after a week. */
  | { type: "gone" }
  /** Another admin decided first. */
  | { type: "already"; request: AccessRequest }
  | { type: "decided"; request: AccessRequest };

/**
 * An admin decides a request for access, once: of two admins pressing together, one decides. The
 * decision is recorded in the audit trail, and an approval gives access at once. Telling the
 * requester and the admins is the caller's (it is Telegram's part).
 */
export async function decideRequest(access: AccessControl, requestId: string, decision: RequestDecision, by: Person, madeIn: number | undefined, now: () => number = Date.now): Promise<DecideRequestResult> {
  if (!isAdmin(access.policy, by.id)) return { type: "not_admin" };
  const result = await access.requests.decide(requestId, decision, by);
  switch (result.type) {
    case "unknown":
    case "expired":
      return { type: "gone" };
    case "already":
      return result;
    case "decided":
      break;
  }
  const { request } = result;
  access.record({ action: decision, subject: { kind: request.kind, id: request.subject.id, name: request.subject.name }, by, chatId: madeIn });
  if (decision === "approved") await access.grants.grant({ kind: request.kind, subject: request.subject, how: { type: "approved", by, at: now() } });
  return { type: "decided", request };
}
