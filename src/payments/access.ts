import type { Chat } from "grammy/types";

export interface AccessPolicy {
  /** Users who may ask in a private chat with the bot. */
  allowedUserIds: ReadonlySet<number>;
  /** Groups in which any member may ask. */
  allowedChatIds: ReadonlySet<number>;
  allowEveryone: boolean;
}

/**
 * Payment data is private: a private chat is allowed for listed users, a group for listed groups
 * (any member), and nothing else: an allowed user in a group that is not listed is refused.
 */
export function isAllowed(policy: AccessPolicy, chat: Pick<Chat, "id" | "type"> | undefined, userId: number | undefined): boolean {
  if (policy.allowEveryone) return chat !== undefined && chat.type !== "channel";
  if (chat === undefined) return false;
  switch (chat.type) {
    case "private":
      return userId !== undefined && policy.allowedUserIds.has(userId);
    case "group":
    case "supergroup":
      return policy.allowedChatIds.has(chat.id);
    case "channel":
      return false;
  }
}
