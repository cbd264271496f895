import { Composer } from "grammy";
import type { AccessControl } from "../../access/facade.ts";
import type { AccessGrants } from "../../access/grants.ts";
import type { AccessPolicy } from "../../access/policy.ts";
import type { WatchChats } from "../../payments/watches/watch-store.ts";
import type { KeyValueStore } from "../../state/ports.ts";
import type { ChatAliases } from "../stores/chat-aliases.ts";
import type { BotContext } from "../context.ts";
import type { Messenger } from "../notify/messenger.ts";

export interface ChatMigrationOptions {
  policy: AccessPolicy;
  /** Grants given from the chat follow their group. */
  grants: Pick<AccessGrants, "move">;
  record: AccessControl["record"];
  /** The group's watches follow it to its new ID. */
  watches: WatchChats;
  aliases: ChatAliases;
  kv: KeyValueStore;
  /** The operators are told to update ALLOWED_CHAT_IDS. */
  messenger: Pick<Messenger, "send">;
  /** The group's language (/language) follows it too. */
  languages: { move(formerChatId: number, newChatId: number): Promise<void> };
}

/**
 * Telegram upgrades a group to a supergroup with a new ID, and says so with a service message in
 * each chat (`migrate_to_chat_id` in the old one, `migrate_from_chat_id` in the new one). For an
 * allowed group the bot remembers the old ID, keeps answering under the new one, moves the
 * group's watches there, and tells the operators (once) to update ALLOWED_CHAT_IDS.
 */
export function chatMigration({ policy, grants, record, watches, aliases, kv, messenger, languages }: ChatMigrationOptions): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const migrated = async (ctx: BotContext, formerId: number, newId: number) => {
    // Before the rest, which may stop early; a failure here costs only the group's language, not its access or watches.
    await languages.move(formerId, newId).catch((error: unknown) => ctx.logger.warn({ err: error, formerChatId: formerId, newChatId: newId }, "the group's language did not follow it to its new ID"));
    // A group let in from the chat: its grant moves to the new ID (both service messages may come: the first moves it).
    if (policy.granted.hasChat(formerId)) {
      if (!(await grants.move(formerId, newId))) return;
      await watches.forChat(formerId, { moveTo: newId });
      record({ action: "group_moved", subject: { kind: "chat", id: newId, name: ctx.chat?.title }, by: undefined, chatId: newId });
      ctx.logger.info({ formerChatId: formerId, newChatId: newId }, "a group allowed from the chat became a supergroup: its access and watches follow its new ID");
      return;
    }
    const originalId = await aliases.originalIdOf(formerId);
    if (!policy.allowedChatIds.has(originalId)) return;
    await aliases.record(formerId, newId);
    await watches.forChat(formerId, { moveTo: newId });
    // Both service messages arrive (one per chat), possibly at two instances: one warning, one alert.
    if (!(await kv.setIfAbsent(`chat-migrated:${formerId}`, String(newId), 7 * 24 * 60 * 60 * 1000))) return;
    ctx.logger.warn({ formerChatId: formerId, newChatId: newId, allowedAs: originalId }, "an allowed group became a supergroup with a new ID: add it to ALLOWED_CHAT_IDS");
    await messenger.send("a group's new ID, to the admins", "admins", ({ t }) => t("admin-chat-migrated", { formerId: String(formerId), newId: String(newId) }));
  };
  composer.on("message:migrate_to_chat_id", (ctx) => migrated(ctx, ctx.chat.id, ctx.msg.migrate_to_chat_id));
  composer.on("message:migrate_from_chat_id", (ctx) => migrated(ctx, ctx.msg.migrate_from_chat_id, ctx.chat.id));
  return composer;
}
