import type { InlineQueryResultArticle, Message, MessageEntity, Update, UserFromGetMe } from "grammy/types";
import { renderButtons, renderText, type NumberedButton } from "../terminal.ts";

export const SUPPORT_MARK = "[support] ";

/** The demo's bot, its agent (in the language of their Telegram app) and the support team's chat. */
export function demoPeople(lang: string) {
  const botInfo: UserFromGetMe = {
    id: 100_000_001,
    is_bot: true,
    first_name: "Payment status (demo)",
    username: "payment_status_demo_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: true,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
  } as UserFromGetMe;
  const user = { id: 1001, is_bot: false, first_name: "Agent", language_code: lang };
  const chat = { id: user.id, type: "private" as const, first_name: user.first_name };
  /**
   * The support team's chat (SUPPORT_CHAT_ID): the cards of cases go there, and what the bot says
   * there is marked [support]; `/support TEXT` speaks there as one of the team.
   */
  const supportChat = { id: -1_002_000_000_001, type: "supergroup" as const, title: "Support team (demo)" };
  const supportMember = { id: 2001, is_bot: false, first_name: "Kofi", language_code: "en" };
  const chatOf = (chatId: unknown) => (Number(chatId) === supportChat.id ? supportChat : chat);
  /** Who speaks, and where: `bot> `, `[support] bot> `, `[support] Kofi> `. */
  const headOf = (chatId: number | undefined, who: string) => `${chatId === supportChat.id ? SUPPORT_MARK : ""}${who}> `;
  return { botInfo, user, chat, supportChat, supportMember, chatOf, headOf };
}
export type DemoPeople = ReturnType<typeof demoPeople>;

/** What the chats hold so far: the Bot API answered here and the updates made of typed lines share it. */
export interface Conversation {
  nextMessageId: number;
  nextUpdateId: number;
  pressable: NumberedButton[];
  /** Whether the button pressed last was in the support chat (its toast is shown there). */
  pressedBySupport: boolean;
  /** The inline results last shown: while set, `#n` chooses one (posting it) instead of pressing a button. */
  choosable: InlineQueryResultArticle[] | undefined;
  sent: Map<number, Message>;
  /** Answers posted "via @bot" from inline results, by inline_message_id. */
  postedInline: Map<string, Message>;
  /** Files "sent" with /file, by file_id: read from disk when the bot downloads them. */
  localFiles: Map<string, string>;
}

export function createConversation(): Conversation {
  return { nextMessageId: 1, nextUpdateId: 1, pressable: [], pressedBySupport: false, choosable: undefined, sent: new Map(), postedInline: new Map(), localFiles: new Map() };
}

/** Prints a line to the terminal (above the prompt, when one waits). */
export type Say = (text: string) => void;
export type Show = (head: string, message: { text?: string; entities?: MessageEntity[]; reply_markup?: unknown }, note?: string) => void;

/** A message as its chat shows it: who wrote it (and where), what it is (an edit…), its text, its buttons. */
export function chatScreen(say: Say, color: boolean, conversation: Conversation): Show {
  return (head, message, note) => {
    const indent = " ".repeat(head.length);
    const body = renderText(message.text ?? "", message.entities ?? [], color).split("\n");
    say(`${head}${note === undefined ? "" : `${note}\n${indent}`}${body.join(`\n${indent}`)}`);
    const keyboard = renderButtons(message.reply_markup as Parameters<typeof renderButtons>[0], color);
    if (keyboard.buttons.length > 0) {
      say(`${indent}${keyboard.text.split("\n").join(`\n${indent}`)}`);
      conversation.pressable = keyboard.buttons;
      conversation.choosable = undefined;
    }
    say("");
  };
}

type Person = DemoPeople["user"] | DemoPeople["supportMember"];
type Chat = DemoPeople["chat"] | DemoPeople["supportChat"];

/** A message as Telegram delivers it: a command's entity, and the message it replies to. */
export function messageFrom(conversation: Conversation, from: Person, where: Chat, text: string, replyTo?: Message): Update["message"] {
  const command = /^\/\S*/.exec(text)?.[0];
  return {
    message_id: conversation.nextMessageId++,
    date: Math.floor(Date.now() / 1000),
    chat: where,
    from,
    text,
    ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command.length }] } : {}),
    ...(replyTo ? { reply_to_message: replyTo } : {}),
  } as Update["message"];
}
