/** Telegram's user and chat IDs have at most 52 significant bits (the Bot API says so): a double holds them exactly. */
export const MAX_TELEGRAM_ID = 2 ** 52 - 1;

/** Written as Telegram writes an ID: an optional minus, then digits with no leading zero. */
const WRITTEN = /^-?[1-9]\d{0,15}$/;

/**
 * A user or chat ID as typed by an admin, carried in button data or listed in the configuration;
 * undefined for anything Telegram could not have given: 0, -0, leading zeros, a sign of +, or a
 * number past 52 bits (which `Number()` would round to someone else's ID).
 */
export function parseTelegramId(text: string): number | undefined {
  if (!WRITTEN.test(text)) return undefined;
  const id = Number(text);
  return Math.abs(id) <= MAX_TELEGRAM_ID ? id : undefined;
}

/** The same rule, for text that holds an ID and more: the pattern to embed in a larger one. */
export const TELEGRAM_ID_PATTERN = "-?[1-9]\\d{0,15}";

/** A chat, or one forum topic of it: where configured messages go. */
export interface ChatTopic {
  chatId: number;
  /** A forum topic's `message_thread_id`; undefined for the chat itself (a forum's General topic). */
  threadId: number | undefined;
}

/** A topic's ID as Telegram gives it (`message_thread_id`): a positive 32-bit number. */
const THREAD_ID = /^[1-9]\d{0,9}$/;

/**
 * `CHAT_ID` or `CHAT_ID:THREAD_ID` (`-1001234567890:42`, the topic /whoami shows in a topic),
 * with the chat ID read by the rule above; undefined for anything else.
 */
export function parseChatTopic(text: string): ChatTopic | undefined {
  const [chat = "", thread, ...rest] = text.split(":");
  const chatId = parseTelegramId(chat);
  if (chatId === undefined || rest.length > 0) return undefined;
  if (thread === undefined) return { chatId, threadId: undefined };
  const threadId = THREAD_ID.test(thread) ? Number(thread) : Number.NaN;
  return threadId <= 2 ** 31 - 1 ? { chatId, threadId } : undefined;
}
