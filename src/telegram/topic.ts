import type { Context } from "grammy";

/** A message as far as its forum topic goes. */
interface InTopic {
  is_topic_message?: boolean;
  message_thread_id?: number;
}

/**
 * The forum topic a message was sent in: its `message_thread_id`, only when Telegram marks it a
 * topic message (a reply thread of an ordinary group has one too, and is not a topic). Undefined
 * outside a topic: a forum's General topic, any other chat.
 */
export function topicOf(message: InTopic | object | undefined): number | undefined {
  const inTopic = message as InTopic | undefined;
  return inTopic?.is_topic_message === true ? inTopic.message_thread_id : undefined;
}

/** The topic of the update's message (or of the message a button was pressed on), as grammY's `ctx.reply` follows it. */
export const topicOfUpdate = (ctx: Context): number | undefined => topicOf(ctx.msg);

/** What a raw send adds to follow the update into its topic. */
export const inTopic = (threadId: number | undefined): { message_thread_id?: number } => (threadId === undefined ? {} : { message_thread_id: threadId });
