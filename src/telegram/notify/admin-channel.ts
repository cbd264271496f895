import type { FormattedString } from "@grammyjs/parse-mode";
import type { Api, InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import { sendOutsideUpdate } from "./send-outside-update.ts";

/** Where an admin's message about access went, to edit it once decided. */
export interface SentToAdmin {
  chatId: number;
  messageId: number;
}

/** How admins hear about access: requests to decide, joins, and notes of changes made elsewhere. */
export interface AdminChannel {
  /** To ADMIN_CHAT_ID when set, otherwise to each admin's private chat; the messages that went. */
  send(message: FormattedString, keyboard?: InlineKeyboard): Promise<SentToAdmin[]>;
  /** A note of a change made in `madeIn`: none when that is the admin chat (the admins saw it there). */
  note(message: FormattedString, madeIn: number | undefined): Promise<void>;
  isAdminChat(chatId: number | undefined): boolean;
  /** Where its messages go: ADMIN_CHAT_ID when set, otherwise each admin's private chat. */
  destinations(): number[];
}

export function adminChannel(api: Api, { adminChatId, adminUserIds }: { adminChatId: number | undefined; adminUserIds: ReadonlySet<number> }, logger: Logger): AdminChannel {
  const destinations = () => (adminChatId !== undefined ? [adminChatId] : [...adminUserIds]);
  const send = async (message: FormattedString, keyboard?: InlineKeyboard): Promise<SentToAdmin[]> => {
    const sent: SentToAdmin[] = [];
    for (const chatId of destinations()) {
      let messageId: number | undefined;
      const to = await sendOutsideUpdate("a message to the admins", chatId, async (id) => {
        messageId = (await api.sendMessage(id, message.text, { entities: message.entities, link_preview_options: { is_disabled: true }, ...(keyboard ? { reply_markup: keyboard } : {}) })).message_id;
      }, logger);
      if (to !== undefined && messageId !== undefined) sent.push({ chatId: to, messageId });
    }
    return sent;
  };
  return {
    send,
    async note(message, madeIn) {
      if (adminChatId === undefined || madeIn === adminChatId) return;
      await send(message);
    },
    isAdminChat: (chatId) => chatId !== undefined && chatId === adminChatId,
    destinations,
  };
}
