import { isAllowed, type AccessPolicy } from "../../access/policy.ts";
import type { BulkJobRecord } from "./bulk-jobs.ts";

/**
 * Whether a running bulk check may go on: its chat may still ask (the group is still allowed, or
 * in a private chat its owner). One that may not stops, and sends nothing more there.
 * `formerChatId` is the ID a group had before it became a supergroup.
 */
export function mayContinueBulk(policy: AccessPolicy, job: Pick<BulkJobRecord, "chatId" | "ownerId">, formerChatId?: number): boolean {
  const inPrivate = job.chatId === job.ownerId;
  return isAllowed(policy, { id: job.chatId, type: inPrivate ? "private" : "supergroup" }, inPrivate ? job.ownerId : undefined, formerChatId);
}
