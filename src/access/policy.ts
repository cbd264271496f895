export interface AccessPolicy {
  /** Users who may ask in a private chat with the bot. */
  allowedUserIds: ReadonlySet<number>;
  /** Groups in which any member may ask. */
  allowedChatIds: ReadonlySet<number>;
  allowEveryone: boolean;
}

/** The parts of a Telegram chat that access depends on (kept free of grammY's types). */
export interface ChatRef {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
}

/**
 * Payment data is private: a private chat is allowed for listed users, a group for listed groups
 * (any member), and nothing else: an allowed user in a group that is not listed is refused.
 *
 * A private chat whose ID is not its user's is refused outright: Telegram never sends one, so it
 * is forged or odd, and answering it could send payment data to someone else's chat.
 * `formerChatId` is the ID a group had before Telegram upgraded it to a supergroup.
 */
export function isAllowed(policy: AccessPolicy, chat: ChatRef | undefined, userId: number | undefined, formerChatId?: number): boolean {
  if (chat === undefined || chat.type === "channel") return false;
  if (chat.type === "private" && (userId === undefined || chat.id !== userId)) return false;
  if (policy.allowEveryone) return true;
  switch (chat.type) {
    case "private":
      return policy.allowedUserIds.has(chat.id);
    case "group":
    case "supergroup":
      return policy.allowedChatIds.has(chat.id) || (formerChatId !== undefined && policy.allowedChatIds.has(formerChatId));
  }
}

/** Whether the person (not a chat) may ask: inline queries come with a user and no chat. */
export function isAllowedPerson(policy: AccessPolicy, userId: number | undefined): boolean {
  return userId !== undefined && (policy.allowEveryone || policy.allowedUserIds.has(userId));
}
