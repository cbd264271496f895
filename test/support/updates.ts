import type { Message, MessageEntity, Update } from "grammy/types";

export const USER = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
export const STRANGER = { id: 6666, is_bot: false, first_name: "Eve", language_code: "en" };
export const GROUP = { id: -1001234567890, type: "supergroup" as const, title: "Payments support" };

let nextUpdateId = 1;
let nextMessageId = 1;

interface MessageOptions {
  from?: typeof USER;
  chat?: { id: number; type: "private" | "group" | "supergroup"; title?: string };
  replyTo?: Partial<Message> & { text?: string };
  languageCode?: string;
}

function commandEntities(text: string): MessageEntity[] | undefined {
  const command = /^\/\S+/.exec(text)?.[0];
  return command ? [{ type: "bot_command", offset: 0, length: command.length }] : undefined;
}

export function messageUpdate(text: string, options: MessageOptions = {}): Update {
  const from = { ...(options.from ?? USER), ...(options.languageCode ? { language_code: options.languageCode } : {}) };
  const chat = options.chat ?? { id: from.id, type: "private" as const, first_name: from.first_name };
  const entities = commandEntities(text);
  const message = {
    message_id: nextMessageId++,
    date: 1_763_820_000,
    chat,
    from,
    text,
    ...(entities ? { entities } : {}),
    ...(options.replyTo
      ? { reply_to_message: { message_id: nextMessageId++, date: 1_763_819_000, chat, from: USER, ...options.replyTo } }
      : {}),
  };
  return { update_id: nextUpdateId++, message } as Update;
}

export const groupMessage = (text: string, options: Omit<MessageOptions, "chat"> & { chat?: MessageOptions["chat"] } = {}) =>
  messageUpdate(text, { chat: GROUP, ...options });

/**
 * A button press on a message the bot sent earlier. Telegram sends the message with its keyboard:
 * give the one the bot sent; without one, the message carries just the pressed button (a genuine
 * press). A forged press is a message whose keyboard lacks it.
 */
export function callbackUpdate(data: string, message: { message_id: number; chat: { id: number; type: string }; text?: string; reply_markup?: unknown }, from = USER): Update {
  const keyboard = message.reply_markup ?? { inline_keyboard: [[{ text: "button", callback_data: data }]] };
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: `cb-${nextUpdateId}`,
      from,
      chat_instance: "test",
      data,
      message: { date: 1_763_820_000, ...message, reply_markup: keyboard },
    },
  } as Update;
}
