import type { Transformer } from "grammy";
import type { Logger } from "../../logger.ts";
import { isTopicGone } from "../transport/errors.ts";

/** The one line logged when a message meant for a forum topic goes to the chat's General topic. */
export const TOPIC_FALLBACK_MESSAGE = "the forum topic was closed or deleted: sent to the chat's General topic instead";

/** The calls that post a message (a topic's own calls, closing or editing it, never fall back to General). */
const POSTS = /^(send[A-Z]|copyMessages?$|forwardMessages?$)/;

/**
 * The one topic fallback, for every message the bot posts (a direct answer in an update, a notice,
 * a card, a report): a topic closed or deleted meanwhile gets the message in the chat's General
 * topic instead, with one log line; tried there once, never in a loop. Installed on the bot's API
 * and on the API that sends outside updates. The payload itself is sent again without its
 * `message_thread_id`: a caller that holds it (api.raw, as the messenger does) reads where it went.
 */
export function topicFallback(logger: Logger): Transformer {
  return async (prev, method, payload, signal) => {
    const response = await prev(method, payload, signal);
    const posted = payload as { chat_id?: unknown; message_thread_id?: number };
    if (response.ok || posted.message_thread_id === undefined || !POSTS.test(method) || !isTopicGone(response.error_code, response.description)) return response;
    logger.warn({ method, chatId: posted.chat_id, threadId: posted.message_thread_id, description: `${response.error_code} ${response.description}` }, TOPIC_FALLBACK_MESSAGE);
    delete posted.message_thread_id;
    return prev(method, payload, signal);
  };
}
