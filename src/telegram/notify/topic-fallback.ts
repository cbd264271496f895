import type { Logger } from "../../logger.ts";
import { classifySendFailure } from "../transport/errors.ts";

/** The one line logged when a message meant for a forum topic goes to the chat's General topic. */
export const TOPIC_FALLBACK_MESSAGE = "the forum topic was closed or deleted: sent to the chat's General topic instead";

/**
 * Sends into a forum topic (none: the chat itself); a topic closed or deleted meanwhile gets the
 * message in the chat's General topic instead, with one log line: never lost, and tried there
 * once, never in a loop. Any other failure is the caller's, as thrown.
 */
export async function inTopicOrGeneral<T>(threadId: number | undefined, send: (threadId: number | undefined) => Promise<T>, logger: Logger, context: Record<string, unknown>): Promise<T> {
  try {
    return await send(threadId);
  } catch (error) {
    const failure = classifySendFailure(error);
    if (threadId === undefined || failure.type !== "topic_gone") throw error;
    logger.warn({ ...context, threadId, description: failure.description }, TOPIC_FALLBACK_MESSAGE);
    return send(undefined);
  }
}
