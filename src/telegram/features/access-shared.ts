import { FormattedString } from "@grammyjs/parse-mode";
import type { Api } from "grammy";
import type { AccessControl } from "../../access/access-control.ts";
import type { Person } from "../../access/grants.ts";
import type { BulkCheckStarter } from "../../payments/bulk/bulk-jobs.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import type { BotContext } from "../context.ts";
import { pickLocale, type Translate, type Translations } from "../i18n.ts";
import type { LanguageChoices } from "../stores/language-choices.ts";
import type { AdminChannel } from "../notify/admin-channel.ts";
import { sendOutsideUpdate } from "../notify/send-outside-update.ts";
import { cleanServiceText } from "../../util/service-text.ts";
import { personName } from "../views/format/access.ts";
import type { Clock } from "../views/format/text.ts";

/** What the access features share: the records, the admins' channel, and a way to reach people outside the update. */
export interface AccessFeatureDeps {
  access: AccessControl;
  admins: AdminChannel;
  /** Sends outside the update: to a requester, a group, someone whose access was removed. */
  api: Api;
  translations: Translations;
  /** The admins' texts: in the admin chat's language when it chose one, the default language otherwise. */
  adminText: Translate;
  /** Languages chosen with /language: someone told outside the update is told in theirs. */
  languages: Pick<LanguageChoices, "localeFor">;
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

/** The admins' texts: read by a team, in the admin chat's language (the default one without an admin chat). */
export const adminText = (deps: Pick<AccessFeatureDeps, "adminText">): Translate => deps.adminText;

/** How to address a chat outside the update: its chosen language, else the one its person's app reported. */
export const toldIn = (deps: Pick<AccessFeatureDeps, "translations" | "languages">, chatId: number, languageCode?: string): Translate =>
  deps.translations.translatorFor(deps.languages.localeFor({ chatId }) ?? pickLocale(languageCode, deps.translations.locales));

/** Tells someone outside the update (their private chat, or a group), once, in their language. */
export async function tell(deps: AccessFeatureDeps, chatId: number, message: FormattedString | string, logger: BotContext["logger"]): Promise<void> {
  const formatted = typeof message === "string" ? new FormattedString(message) : message;
  await sendOutsideUpdate("a message about access", chatId, (id) => deps.api.sendMessage(id, formatted.text, { entities: formatted.entities, link_preview_options: { is_disabled: true } }), logger);
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
  await tell(deps, id, toldIn(deps, id)("access-revoked"), ctx.logger);
  const name = personName(grant.subject);
  await deps.admins.note(new FormattedString(adminText(deps)("admin-note-revoked", { by: personName(by), name, id: String(id) })), ctx.chat?.id);
  return { type: "revoked", name };
}
