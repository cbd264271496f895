/** Who may ask, as the configuration says: the lists cannot be changed from the chat. */
export interface AccessLists {
  /** Users who may ask in a private chat with the bot. */
  allowedUserIds: ReadonlySet<number>;
  /** Groups in which any member may ask. */
  allowedChatIds: ReadonlySet<number>;
  allowEveryone: boolean;
  /** Admins (ADMIN_USER_IDS): they may ask too, and manage access from the chat. Only the configuration makes one. */
  adminUserIds: ReadonlySet<number>;
}

/** Who was let in from the chat (approved, invited, allowed by an admin): a copy in memory of the records. */
export interface Granted {
  hasUser(userId: number): boolean;
  hasChat(chatId: number): boolean;
}

export const NOTHING_GRANTED: Granted = { hasUser: () => false, hasChat: () => false };

export interface AccessPolicy extends AccessLists {
  granted: Granted;
}

/** The parts of a Telegram chat that access depends on (kept free of grammY's types). */
export interface ChatRef {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
}

/**
 * Payment data is private: a private chat is allowed for listed, admin or granted users, a group
 * for listed or granted groups (any member), and nothing else: an allowed user in a group that is
 * not allowed is refused.
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
      return isAllowedPerson(policy, chat.id);
    case "group":
    case "supergroup":
      return isAllowedGroup(policy, chat.id) || (formerChatId !== undefined && isAllowedGroup(policy, formerChatId));
  }
}

/** Whether the person (not a chat) may ask: inline queries come with a user and no chat. */
export function isAllowedPerson(policy: AccessPolicy, userId: number | undefined): boolean {
  if (userId === undefined) return false;
  return policy.allowEveryone || policy.allowedUserIds.has(userId) || policy.adminUserIds.has(userId) || policy.granted.hasUser(userId);
}

function isAllowedGroup(policy: AccessPolicy, chatId: number): boolean {
  return policy.allowedChatIds.has(chatId) || policy.granted.hasChat(chatId);
}

export function isAdmin(policy: Pick<AccessLists, "adminUserIds">, userId: number | undefined): boolean {
  return userId !== undefined && policy.adminUserIds.has(userId);
}
