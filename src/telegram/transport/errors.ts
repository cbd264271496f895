import { GrammyError, HttpError } from "grammy";
import type { Logger } from "../../logger.ts";

/**
 * Errors that only mean "nothing to do": editing a message to what it already says, or answering
 * a button press Telegram has already given up on.
 */
const HARMLESS = /message is not modified|query is too old|query id is invalid/i;

export function isHarmlessTelegramError(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 400 && HARMLESS.test(error.description);
}

/** Runs a Telegram call whose harmless failures are logged at debug and otherwise ignored. */
export async function tolerateHarmless<T>(call: Promise<T>, logger: Logger): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (!isHarmlessTelegramError(error)) throw error;
    logger.debug({ err: (error as GrammyError).description }, "harmless Telegram error ignored");
    return undefined;
  }
}

export function describeTelegramFailure(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code} ${error.description}`;
  if (error instanceof HttpError) return `network error (${describeCause(error.error)})`;
  return "unexpected error";
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return "unknown";
  const code = (cause as { code?: unknown }).code ?? (cause.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : cause.name;
}

/** Errors that mean the bot can no longer write to the chat: whatever it had to send there ends. */
const GONE = /bot was blocked|bot was kicked|user is deactivated|chat not found|not enough rights|have no rights|CHAT_WRITE_FORBIDDEN|group chat was deactivated/i;

/**
 * Why a message sent outside any update (a notification, a bulk report, an admin alert, the
 * command menu) did not go through, and so what the sender should do. One classifier for every
 * such sender: they differ in what they do about it, not in how they read Telegram.
 */
export type SendFailure =
  /** 429: try again after this long. */
  | { type: "rate_limited"; retryAfterSeconds: number; description: string }
  /** The group became a supergroup: send to its new ID. */
  | { type: "migrated"; newChatId: number; description: string }
  /** The forum topic it was sent to was closed or deleted: the chat itself (its General topic) still takes messages. */
  | { type: "topic_gone"; description: string }
  /** The bot was blocked, removed or lost its rights there: stop sending to that chat. */
  | { type: "gone"; description: string }
  /** Telegram refused this message (another 4xx): sending it again would be refused again. */
  | { type: "refused"; description: string }
  /** A 5xx, a network failure or anything unexpected: worth another try later. */
  | { type: "unavailable"; description: string };

/** A forum topic closed or deleted under a message sent into it. */
const TOPIC_GONE = /TOPIC_CLOSED|TOPIC_DELETED|TOPIC_ID_INVALID|message thread not found/i;

/** Whether Telegram refused a message because its forum topic was closed or deleted (notify/topic-fallback.ts sends it to General). */
export const isTopicGone = (errorCode: number, description: string): boolean => errorCode === 400 && TOPIC_GONE.test(description);

export function classifySendFailure(error: unknown): SendFailure {
  const description = describeTelegramFailure(error);
  if (!(error instanceof GrammyError)) return { type: "unavailable", description };
  const { retry_after: retryAfter, migrate_to_chat_id: newChatId } = error.parameters;
  if (error.error_code === 429 && retryAfter !== undefined) return { type: "rate_limited", retryAfterSeconds: retryAfter, description };
  if (newChatId !== undefined) return { type: "migrated", newChatId, description };
  if (isTopicGone(error.error_code, error.description)) return { type: "topic_gone", description };
  if (error.error_code === 403 || GONE.test(error.description)) return { type: "gone", description };
  if (error.error_code < 500) return { type: "refused", description };
  return { type: "unavailable", description };
}
