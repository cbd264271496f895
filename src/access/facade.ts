import type { Logger } from "../logger.ts";
import type { Records } from "../state/ports.ts";
import { accessGrants, type AccessGrants, type Person } from "./grants.ts";
import { invites, type Invites } from "./invites.ts";
import type { AccessLists, AccessPolicy } from "./policy.ts";
import { accessRequests, type AccessRequests } from "./requests.ts";

/** Every change of access, as the audit trail names it. */
export type AccessAction =
  | "requested"
  | "approved"
  | "denied"
  | "invited"
  | "invite_revoked"
  | "joined"
  | "allowed"
  | "revoked"
  | "group_added"
  | "group_removed"
  | "group_moved";

export interface AccessChange {
  action: AccessAction;
  subject: { kind: "user" | "chat"; id: number; name?: string | undefined };
  by: Person | undefined;
  /** Where it was made: a note goes to the admin chat when it was made anywhere else. */
  chatId?: number | undefined;
}

/** Who may use the bot, and what admins change from the chat: the configuration's lists with the grants, requests and invites kept as records. */
export interface AccessControl {
  /** The configuration's lists and the grants, the latter from memory (refreshed every second). */
  policy: AccessPolicy;
  grants: AccessGrants;
  requests: AccessRequests;
  invites: Invites;
  /** One audit line per change (`"event":"access"`, action, subject, by whom). */
  record: (change: AccessChange) => void;
}

/** What the access use cases (use-cases/) are handed: the access area, and the clock its changes are dated by. */
export interface AccessDeps {
  access: AccessControl;
  now: () => number;
}

export function accessControl({ lists, records, logger, now = Date.now }: { lists: AccessLists; records: Records; logger: Logger; now?: () => number }): AccessControl {
  const grants = accessGrants(records, logger);
  return {
    policy: { ...lists, granted: grants },
    grants,
    requests: accessRequests(records, now),
    invites: invites(records, now),
    record: ({ action, subject, by, chatId }) =>
      logger.info({ audit: true, event: "access", action, subject, by: by ? { id: by.id, name: by.name } : undefined, chatId }, "access changed"),
  };
}
