import { z } from "zod";
import { chatTopic, decimal, optional, presentIn, withDefault, type Environment } from "../values.ts";

/** Where cases go, and when one nobody took is recalled (see docs/cases.md). */
export interface SupportSettings {
  chatId: number;
  /** One topic for every card (`CHAT_ID:THREAD_ID`); otherwise a topic per case where the chat is a forum. */
  threadId: number | undefined;
  /** A case not taken this long after it opened gets one reminder (CASE_REMIND_MINUTES). */
  remindMs: number;
  /** A resolved case, and the index of its messages, is forgotten this long after it was resolved (CASE_DAYS); CASE_DAYS_DEFAULT when not given. */
  keepMs?: number | undefined;
}

/** A case nobody took is recalled in the support chat after this many minutes, by default. */
export const CASE_REMIND_DEFAULT_MINUTES = 15;
/** A resolved case is kept this many days, by default. */
export const CASE_DAYS_DEFAULT = 90;

export const caseVariables = z.object({
  SUPPORT_CHAT_ID: optional(chatTopic),
  CASE_REMIND_MINUTES: withDefault(decimal(0.001, 10_080), CASE_REMIND_DEFAULT_MINUTES),
  CASE_DAYS: withDefault(decimal(0.001, 36_500), CASE_DAYS_DEFAULT),
});

export function caseProblems(env: Environment): string[] {
  const present = presentIn(env);
  return ["CASE_REMIND_MINUTES", "CASE_DAYS"].filter((name) => present(name) && !present("SUPPORT_CHAT_ID")).map((name) => `${name} is only used with SUPPORT_CHAT_ID, which is not set`);
}

/** The support team's chat, where cases are handled (SUPPORT_CHAT_ID); no cases without it. */
export function supportSettings(env: z.output<typeof caseVariables>): SupportSettings | undefined {
  return env.SUPPORT_CHAT_ID && { chatId: env.SUPPORT_CHAT_ID.chatId, threadId: env.SUPPORT_CHAT_ID.threadId, remindMs: env.CASE_REMIND_MINUTES * 60_000, keepMs: env.CASE_DAYS * 86_400_000 };
}
