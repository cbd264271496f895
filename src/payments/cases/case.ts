import { z } from "zod";
import { decodeOutcome, encodeOutcome } from "../enquiry/outcome-codec.ts";
import { ENQUIRY_KINDS, isFinal, paymentState, type EnquiryKind, type EnquiryOutcome } from "../enquiry/types.ts";
import { decodeJson } from "../../util/decode-json.ts";

/**
 * A case: an agent's problem payment handed to the support team, with who asked, who took it, who
 * resolved it, and where its card is. Everything here is pure: the store keeps it as a durable
 * record, changed one step at a time (a compare-and-set, so of two instances changing it at once,
 * each sees the other's change).
 */
export interface Case {
  /** Shared by every instance, never reused. */
  number: number;
  kind: EnquiryKind;
  transactionId: string;
  openedAt: number;
  /** The agents who escalated it (a second one joins the first's case), in order. */
  agents: CaseAgent[];
  /** The payment as last checked: shown on the card. */
  last: EnquiryOutcome;
  /** Checks made since the case opened (the background check's backoff). */
  checks: number;
  /** When the payment was seen to settle while the case was open: told once. */
  settledAt?: number | undefined;
  takenBy?: CaseAction | undefined;
  resolvedBy?: CaseAction | undefined;
  /** When nobody had taken it in time and the support chat was reminded (once). */
  remindedAt?: number | undefined;
  /**
   * The forum topic made for the case, recorded as soon as it is made (before its card is posted):
   * a card that could not be posted is tried again in it, never in a new one.
   */
  topic?: CaseTopic | undefined;
  /** The card in the support chat, once posted: edited in place, never posted again. */
  card?: CaseCard | undefined;
}

export interface CaseTopic {
  chatId: number;
  threadId: number;
}

/** Someone in the bot's records: a name, a @username, a Telegram user ID. */
export interface CasePerson {
  userId: number;
  name: string;
  username?: string | undefined;
}

export interface CaseAgent extends CasePerson {
  /** Their private chat with the bot, where everything of the case reaches them. */
  chatId: number;
  /** Their language as last seen (a language chosen with /language wins). */
  locale: string;
  /** What the customer says, as the agent put it (at most NOTE_LIMIT characters). */
  note?: string | undefined;
  joinedAt: number;
  /** The bot could not write to them (they blocked it): the card says so until a message reaches them again. */
  unreachableSince?: number | undefined;
}

/** Who took or resolved a case, and when. */
export interface CaseAction extends CasePerson {
  at: number;
}

export interface CaseCard {
  chatId: number;
  messageId: number;
  /** The forum topic the card is in: the case's own, or the one SUPPORT_CHAT_ID names. */
  threadId?: number | undefined;
  /** Whether the topic was made for this case (then it is closed when the case is resolved). */
  ownTopic: boolean;
}

export type CaseState = "open" | "taken" | "resolved";

/** Open cases per agent, at most. */
export const MAX_OPEN_CASES_PER_AGENT = 20;
/** What the customer says, at most (characters). */
export const NOTE_LIMIT = 1_000;

export const stateOf = (value: Case): CaseState => (value.resolvedBy ? "resolved" : value.takenBy ? "taken" : "open");
export const isOpen = (value: Case): boolean => value.resolvedBy === undefined;

/** One open case per payment: the kind and the ID. */
export const paymentKey = (kind: EnquiryKind, transactionId: string): string => `${kind}:${transactionId}`;

/** A payment that is not SUCCESS is worth a case: FAILED, not final, not found, or not checked. */
export const worthACase = (outcome: EnquiryOutcome): boolean => !(outcome.type === "found" && paymentState(outcome.transaction) === "success");

// ---- Changes ---------------------------------------------------------------------------------

export function newCase(number: number, kind: EnquiryKind, last: EnquiryOutcome, agent: CaseAgent, now: number): Case {
  return { number, kind, transactionId: last.transactionId, openedAt: now, agents: [agent], last, checks: 0 };
}

/** Adds an agent (a second one escalating the same payment); one already in it is left as they are, but a note they add is kept. */
export function withAgent(value: Case, agent: CaseAgent): { case: Case; added: boolean } {
  const existing = value.agents.find((candidate) => candidate.userId === agent.userId);
  if (!existing) return { case: { ...value, agents: [...value.agents, agent] }, added: true };
  if (agent.note === undefined) return { case: value, added: false };
  return { case: { ...value, agents: value.agents.map((candidate) => (candidate === existing ? { ...candidate, note: agent.note } : candidate)) }, added: false };
}

/**
 * What one check of the payment does to the case: the status shown is the latest; a payment seen
 * settling (not final before, final now) is marked settled once, to be told once.
 */
export function withCheck(value: Case, outcome: EnquiryOutcome, now: number): { case: Case; settled: boolean } {
  const settled = value.settledAt === undefined && !isFinal(value.last) && isFinal(outcome) && isOpen(value);
  return { case: { ...value, last: outcome, checks: value.checks + 1, ...(settled ? { settledAt: now } : {}) }, settled };
}

/** The agent could not be reached (or was reached again). */
export function withReach(value: Case, userId: number, reachable: boolean, now: number): Case {
  return {
    ...value,
    agents: value.agents.map((agent) => (agent.userId !== userId ? agent : reachable ? { ...agent, unreachableSince: undefined } : { ...agent, unreachableSince: agent.unreachableSince ?? now })),
  };
}

/** Whether a case nobody took is due for its one reminder. */
export const reminderDue = (value: Case, now: number, remindMs: number): boolean =>
  stateOf(value) === "open" && value.remindedAt === undefined && value.card !== undefined && now - value.openedAt >= remindMs;

// ---- Storage ---------------------------------------------------------------------------------

const person = { userId: z.number(), name: z.string(), username: z.string().optional() };
const agentSchema = z.object({
  ...person,
  chatId: z.number(),
  locale: z.string(),
  note: z.string().optional(),
  joinedAt: z.number(),
  unreachableSince: z.number().optional(),
});
const actionSchema = z.object({ ...person, at: z.number() });
const caseSchema = z.object({
  number: z.number().int().positive(),
  kind: z.enum(ENQUIRY_KINDS),
  transactionId: z.string(),
  openedAt: z.number(),
  agents: z.array(agentSchema),
  last: z.string(),
  checks: z.number(),
  settledAt: z.number().optional(),
  takenBy: actionSchema.optional(),
  resolvedBy: actionSchema.optional(),
  remindedAt: z.number().optional(),
  topic: z.object({ chatId: z.number(), threadId: z.number() }).optional(),
  card: z.object({ chatId: z.number(), messageId: z.number(), threadId: z.number().optional(), ownTopic: z.boolean() }).optional(),
});

export function encodeCase(value: Case): string {
  return JSON.stringify({ ...value, last: encodeOutcome(value.last) });
}

/** A stored case, validated (another version may have written it); unreadable means absent. */
export function decodeCase(text: string | undefined): Case | undefined {
  const stored = decodeJson(caseSchema, text);
  const last = stored && decodeOutcome(stored.last);
  return stored && last ? { ...stored, last } : undefined;
}
