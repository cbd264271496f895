import { FormattedString } from "@grammyjs/parse-mode";
import type { Grant, GrantedHow, Person } from "../../../access/grants.ts";
import type { Invite } from "../../../access/invites.ts";
import type { AccessLists } from "../../../access/policy.ts";
import type { AccessRequest } from "../../../access/requests.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import type { Translate } from "../../views/format/translate.ts";
import { bold, concat, fitMessage, line, mono, type Clock } from "../../views/format/text.ts";

/** A person or group as the admins see them: the name they chose (cleaned: it is theirs), and @username. */
export function personName(who: Pick<Person, "id" | "name" | "username">): string {
  const name = cleanServiceText(who.name, 64) || String(who.id);
  return who.username ? `${name} (@${cleanServiceText(who.username, 40)})` : name;
}

/** The admins' message about a request: who asks, with the IDs in monospace. */
export function formatRequest(request: AccessRequest, t: Translate): FormattedString {
  const { subject } = request;
  if (request.kind === "chat") {
    return concat([
      line(t("admin-request-group", { title: personName(subject), by: request.addedBy ? personName(request.addedBy) : "?" })),
      line(`${t("label-chat-id")} `, mono(String(subject.id))),
    ], "\n");
  }
  return concat([
    line(t("admin-request-user", { name: personName(subject) })),
    line(`${t("label-user-id")} `, mono(String(subject.id))),
    line(`${t("label-language")} ${cleanServiceText(subject.language ?? "?", 16) || "?"}`),
  ], "\n");
}

/** The same message once decided (or expired): who decided, and when; it loses its buttons. */
export function formatDecidedRequest(request: AccessRequest, t: Translate, clock: Clock, expired = false): FormattedString {
  const outcome = expired
    ? t("admin-request-expired")
    : t(request.status === "approved" ? "admin-request-approved" : "admin-request-denied", {
        admin: request.decided ? personName(request.decided.by) : "?",
        time: request.decided ? clock(new Date(request.decided.at)) : "?",
      });
  return concat([formatRequest(request, t), new FormattedString(outcome)], "\n\n");
}

/** One line of /users. */
export interface UserListEntry {
  kind: "user" | "chat";
  id: number;
  name: string | undefined;
  /** From the configuration (not revocable here), or how it was granted. */
  source: { type: "admin" } | { type: "config" } | { type: "granted"; how: GrantedHow };
}

/** Everyone with access: admins, then the configuration's entries, then grants, newest last. */
export function userListEntries(lists: AccessLists, grants: readonly Grant[]): UserListEntry[] {
  const granted = [...grants].sort((a, b) => a.how.at - b.how.at);
  return [
    ...[...lists.adminUserIds].map((id): UserListEntry => ({ kind: "user", id, name: granted.find((grant) => grant.subject.id === id)?.subject.name, source: { type: "admin" } })),
    ...[...lists.allowedUserIds].filter((id) => !lists.adminUserIds.has(id)).map((id): UserListEntry => ({ kind: "user", id, name: undefined, source: { type: "config" } })),
    ...[...lists.allowedChatIds].map((id): UserListEntry => ({ kind: "chat", id, name: undefined, source: { type: "config" } })),
    ...granted
      .filter((grant) => !(grant.kind === "user" ? lists.adminUserIds.has(grant.subject.id) || lists.allowedUserIds.has(grant.subject.id) : lists.allowedChatIds.has(grant.subject.id)))
      .map((grant): UserListEntry => ({ kind: grant.kind, id: grant.subject.id, name: grant.subject.name, source: { type: "granted", how: grant.how } })),
  ];
}

/** Entries on one page of /users: 15 lines and their buttons stay well within Telegram's limits. */
export const USERS_PER_PAGE = 15;

export function usersPages(entries: readonly UserListEntry[]): number {
  return Math.max(1, Math.ceil(entries.length / USERS_PER_PAGE));
}

/** A page of /users: who, and how they have access. The caller adds a 🚫 button for each grant, and ◀ ▶. */
export function formatUsersPage(entries: readonly UserListEntry[], page: number, everyone: boolean, t: Translate, day: (at: number) => string): FormattedString {
  const pages = usersPages(entries);
  const shown = entries.slice(page * USERS_PER_PAGE, (page + 1) * USERS_PER_PAGE);
  const lines: (FormattedString | string)[] = [bold(t("admin-users-heading", { count: String(entries.length), page: String(page + 1), pages: String(pages) }))];
  if (everyone) lines.push(t("admin-users-everyone"));
  for (const entry of shown) {
    const icon = entry.source.type === "admin" ? "👑" : entry.kind === "user" ? "👤" : "👥";
    // A name given with the ID alone (`/allow 123`) is the ID: shown once.
    const name = entry.name === undefined || entry.name === String(entry.id) ? "" : `${cleanServiceText(entry.name, 64)} `;
    lines.push(line(`${icon} ${name}`, mono(String(entry.id)), ` · ${howText(entry, t, day)}`));
  }
  if (entries.some((entry) => entry.source.type !== "granted")) lines.push(t("admin-users-config-note"));
  return fitMessage(concat(lines, "\n"));
}

function howText(entry: UserListEntry, t: Translate, day: (at: number) => string): string {
  const { source } = entry;
  if (source.type === "admin") return t("admin-users-admin");
  if (source.type === "config") return t(entry.kind === "user" ? "admin-users-config-user" : "admin-users-config-group");
  const by = personName(source.how.by);
  const date = day(source.how.at);
  switch (source.how.type) {
    case "approved":
      return t("admin-users-approved", { by, date });
    case "invite":
      return t("admin-users-invite", { by, date });
    case "allowed":
      return t("admin-users-allowed", { by, date });
    case "added":
      return t("admin-users-added", { by, date });
  }
}

/** /invites: the open links, who made them, uses left, until when. */
export function formatInvites(open: readonly Invite[], t: Translate, when: (at: number) => string): FormattedString {
  if (open.length === 0) return new FormattedString(t("admin-invites-empty"));
  const lines = open.map((invite) => {
    const details = { by: personName(invite.createdBy), made: when(invite.createdAt), left: String(invite.usesLeft), uses: String(invite.uses), until: when(invite.expiresAt) };
    return line("🔗 ", mono(inviteLabel(invite)), ` · ${invite.note ? t("admin-invites-line-for", { ...details, for: invite.note }) : t("admin-invites-line", details)}`);
  });
  return fitMessage(concat([bold(t("admin-invites-heading", { count: String(open.length) })), ...lines], "\n"));
}

/** How an admin tells a link: by its last characters, as the link itself ends (older links: their public ID). */
export const inviteLabel = (invite: Invite): string => (invite.codeEnd ? `…${invite.codeEnd}` : invite.publicId);
