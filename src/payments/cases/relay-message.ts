import { isOpen, type Case, type CaseAgent, type CasePerson } from "./case.ts";
import type { CaseAudit } from "./case-events.ts";
import type { CaseStore } from "./case-store.ts";

/** A message in the support chat, as far as cases go. */
export interface SupportMessage {
  chatId: number;
  /** The forum topic it was sent in, if any. */
  threadId: number | undefined;
  /** The message it replies to, when it is a reply someone made (not a topic's implicit one). */
  replyTo: number | undefined;
}

/** A message an agent sent the bot, in reply to one of the bot's. */
export interface AgentMessage {
  chatId: number;
  userId: number;
  replyTo: number;
}

export type RelayRoute =
  /** Not about a case: other features may take it. */
  | { type: "none" }
  /** A reply to a case's message by someone who is not one of its agents: nothing of the case reaches them, nor anything of theirs the case. */
  | { type: "outsider"; case: Case }
  | { type: "resolved"; case: Case }
  /** From support, to one agent of the case: the one whose message it replies to, otherwise the case's first agent. */
  | { type: "to_agent"; case: Case; agent: CaseAgent }
  /** From one of its agents, to the support chat. */
  | { type: "to_support"; case: Case; agent: CaseAgent };

/**
 * Which case a message in the support chat belongs to, and to which of its agents: the case whose
 * own topic it was sent in, or whose card or relayed message it replies to. Each agent's
 * conversation is their own: a reply to a message of one agent's (what they wrote, or the notice
 * that they asked too) goes to that agent; anything else of the case to its first agent, whose
 * case it is. Anything else in the chat is support's own chatter, and stays there.
 */
export async function routeSupportMessage(store: CaseStore, message: SupportMessage, supportChatId: number): Promise<RelayRoute> {
  if (message.chatId !== supportChatId) return { type: "none" };
  const inTopic = message.threadId === undefined ? undefined : await store.caseOfTopic(message.chatId, message.threadId);
  const replied = message.replyTo === undefined ? undefined : await store.caseOfMessage(message.chatId, message.replyTo);
  const number = inTopic ?? replied?.number;
  const value = number === undefined ? undefined : await store.load(number);
  if (!value) return { type: "none" };
  if (!isOpen(value)) return { type: "resolved", case: value };
  const addressed = replied?.number === value.number && replied.agentId !== undefined ? value.agents.find((agent) => agent.userId === replied.agentId) : undefined;
  const agent = addressed ?? value.agents[0];
  return agent ? { type: "to_agent", case: value, agent } : { type: "none" };
}

/** Which case an agent's reply belongs to: the case of the message replied to, when they are one of its agents. */
export async function routeAgentMessage(store: CaseStore, message: AgentMessage): Promise<RelayRoute> {
  const number = (await store.caseOfMessage(message.chatId, message.replyTo))?.number;
  const value = number === undefined ? undefined : await store.load(number);
  if (!value) return { type: "none" };
  const agent = value.agents.find((candidate) => candidate.userId === message.userId && candidate.chatId === message.chatId);
  if (!agent) return { type: "outsider", case: value };
  return isOpen(value) ? { type: "to_support", case: value, agent } : { type: "resolved", case: value };
}

/**
 * The copies a relay made belong to the case, and to the conversation of the agent who wrote or was
 * written to (a reply to any of them reaches that agent, or support); one audit line says who spoke to whom.
 */
export async function noteRelayed(deps: { store: CaseStore; audit: CaseAudit }, value: Case, from: CasePerson, side: "support" | "agent", copies: readonly { chatId: number; messageId: number; agentId: number }[]): Promise<void> {
  for (const copy of copies) await deps.store.rememberMessage(copy.chatId, copy.messageId, value.number, copy.agentId);
  deps.audit("relayed", value, from, { from: side, copies: copies.length });
}
