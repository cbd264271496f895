import type { FormattedString } from "@grammyjs/parse-mode";
import type { AccessControl } from "../../../access/facade.ts";
import { takeAccessAway, type TakeAccessAwayResult } from "../../../access/use-cases/take-access-away.ts";
import type { BulkCheckStarter } from "../../../payments/bulk/bulk-jobs.ts";
import type { KeyValueStore } from "../../../state/ports.ts";
import { personOf, type BotContext } from "../../context.ts";
import type { Presses } from "../../buttons/router.ts";
import type { Messenger, Reader } from "../../notify/messenger.ts";
import { personName } from "./access-format.ts";
import type { Clock } from "../../views/format/text.ts";

/** What the access features share: the records, and the messenger that reaches the admins and people outside the update. */
export interface AccessFeatureDeps {
  access: AccessControl;
  /** To the admins, a requester, a group, someone whose access was removed: each in their language. */
  messenger: Messenger;
  /** 🙋, ✅ / ❌ and the admins' list buttons are handled by the access features. */
  presses: Presses;
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
 * Takes someone's access away (access/use-cases/take-access-away.ts), then tells them once, and
 * the admin chat when it was done elsewhere.
 */
export async function revokeAndTell(deps: AccessFeatureDeps, ctx: BotContext, subject: { kind: "user" | "chat"; id: number }): Promise<TakeAccessAwayResult> {
  const by = personOf(ctx);
  const taken = await takeAccessAway(deps.access, subject, by, ctx.chat?.id, (whose) => deps.bulkChecks.stopWhereAccessEnded(whose));
  if (taken.type !== "revoked") return taken;
  await tell(deps, subject.id, (reader) => reader.t("access-revoked"));
  await noteToAdmins(deps, (reader) => reader.t("admin-note-revoked", { by: personName(by), name: personName(taken.grant.subject), id: String(subject.id) }), ctx.chat?.id);
  return taken;
}
