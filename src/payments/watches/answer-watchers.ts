import type { IdResult, Query } from "../query.ts";
import { targetsOf, type TargetRef } from "./target.ts";
import type { WatchSubscriptions } from "./watch-store.ts";

/** Who in a chat watches an answer's open payments: how many, and whether the person looking is one (what its 🔔 shows). */
export interface AnswerWatchers {
  subscribers: number;
  mine: boolean;
}

/**
 * The one reading of "who watches this answer", for the answer sent, the buttons after a press,
 * and the answer shown settled. `viewer` is the person looking (in a private chat, its person).
 */
export async function answerWatchers(
  watches: Pick<WatchSubscriptions, "subscribersIn">,
  chatId: number,
  answer: { targets: readonly TargetRef[] } | { query: Query; results: readonly IdResult[] },
  viewer: number | undefined,
): Promise<AnswerWatchers> {
  const targets = "targets" in answer ? answer.targets : targetsOf(answer.query.scope, answer.results);
  const users = targets.length > 0 ? await watches.subscribersIn(chatId, targets) : new Set<number>();
  return { subscribers: users.size, mine: viewer !== undefined && users.has(viewer) };
}
