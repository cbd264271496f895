import type { FormattedString } from "@grammyjs/parse-mode";
import type { AccessControl } from "../../../access/facade.ts";
import type { Person } from "../../../access/grants.ts";
import type { BulkCheckStarter } from "../../../payments/bulk/bulk-jobs.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import type { BotContext } from "../../context.ts";
import type { PressRouter } from "../../buttons/router.ts";
import type { Messenger, Reader } from "../../notify/messenger.ts";
import { cleanServiceText } from "../../../util/service-text.ts";
import { personName } from "../../views/format/access.ts";
import type { Clock } from "../../views/format/text.ts";

/** What the access features share: the records, and the messenger that reaches the admins and people outside the update. */
export interface AccessFeatureDeps {
  access: AccessControl;
  /** To the admins, a requester, a group, someone whose access was removed: each in their language. */
  messenger: Messenger;
  /** 🙋, ✅ / ❌ and the admins' list buttons are handled by the access features. */
  presses: PressRouter;
  /** The running bulk checks of a person or group whose access is removed stop, and send nothing more. */
  bulkChecks: Pick<BulkCheckStarter, "stopWhereAccessEnded">;
  /** BOT_TIMEZONE: times in the admins' messages. */
  clock: Clock;
  inviteTtlMs: number;
  /** The access records' clock: "until tomorrow at 17:27" is said against it. */
  now: () => number;
  /** Strangers get at most one reply per window (RATE_LIMIT_WINDOW_SECONDS). */
  windowMs: number;
  flags: KeyValueStore;
}

/** The person behind an update, as the records keep them. */
export function personOf(ctx: BotContext): Person {
  const from = ctx.from;
  const name = cleanServiceText([from?.first_name, from?.last_name].filter(Boolean).join(" "), 64) || String(from?.id ?? "?");
  return { id: from?.id ?? 0, name, ...(from?.username ? { username: from.username } : {}) };
}

/**
 * Tells someone outside the update (their private chat, or a group), once, in their language: the
 * one chosen for that chat, else `languageCode` (their app's, as last seen).
 */
export async function tell(deps: Pick<AccessFeatureDeps, "messenger">, chatId: number, render: (reader: Reader) => FormattedString | string, languageCode?: string): Promise<void> {
  await deps.messenger.send("a message about access", { chatId }, render, { language: languageCode });
}

/**
 * A note to the admin chat of a change made elsewhere (in an admin's private chat, in a group):
 * none without ADMIN_CHAT_ID, nor for a change made in the admin chat, where the admins saw it.
 */
export async function noteToAdmins(deps: Pick<AccessFeatureDeps, "messenger">, render: (reader: Reader) => FormattedString | string, madeIn: number | undefined): Promise<void> {
  const { messenger } = deps;
  if (messenger.isAdminChat(madeIn) || !messenger.adminDestinations().some((destination) => messenger.isAdminChat(destination.chatId))) return;
  await messenger.send("a note to the admins", "admins", render);
}

/**
 * Takes someone's access away: the grant goes (a configuration entry cannot), their running bulk
 * check stops, and they are told once. Their watches end at their next check, as for anyone
 * removed from the configuration. Every instance refuses them within two seconds.
 */
export async function takeAccessAway(
  deps: AccessFeatureDeps,
  ctx: BotContext,
  kind: "user" | "chat",
  id: number,
): Promise<{ type: "revoked"; name: string } | { type: "configured"; list: string } | { type: "none" }> {
  const { policy } = deps.access;
  if (kind === "user" && policy.adminUserIds.has(id)) return { type: "configured", list: "ADMIN_USER_IDS" };
  if (kind === "user" && policy.allowedUserIds.has(id)) return { type: "configured", list: "ALLOWED_USER_IDS" };
  if (kind === "chat" && policy.allowedChatIds.has(id)) return { type: "configured", list: "ALLOWED_CHAT_IDS" };
  const grant = await deps.access.grants.revoke(kind, id);
  if (!grant) return { type: "none" };
  const by = personOf(ctx);
  deps.access.record({ action: "revoked", subject: { kind, id, name: grant.subject.name }, by, chatId: ctx.chat?.id });
  await deps.bulkChecks.stopWhereAccessEnded({ kind, id });
  await tell(deps, id, (reader) => reader.t("access-revoked"));
  const name = personName(grant.subject);
  await noteToAdmins(deps, (reader) => reader.t("admin-note-revoked", { by: personName(by), name, id: String(id) }), ctx.chat?.id);
  return { type: "revoked", name };
}
