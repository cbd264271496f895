import { isAllowed, type AccessPolicy } from "../../access/policy.ts";
import type { ChatWatch } from "./target.ts";

/**
 * Whether a chat's watch may go on: its group is still allowed, or in a private chat its person.
 * A watch of a chat no longer allowed ends at its next check, with no message (the scheduler's
 * `mayWatch`). `formerChatId` is the ID a group had before it became a supergroup.
 */
export function mayWatch(policy: AccessPolicy, watch: Pick<ChatWatch, "chatId" | "chatType">, formerChatId?: number): boolean {
  return isAllowed(policy, { id: watch.chatId, type: watch.chatType }, watch.chatType === "private" ? watch.chatId : undefined, formerChatId);
}
