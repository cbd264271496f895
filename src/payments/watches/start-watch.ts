import type { NewWatch, TargetRef } from "./target.ts";
import type { WatchSubscriptions } from "./watch-store.ts";

export type StartWatchResult =
  /** Nothing open to watch: every payment asked about is settled, or not known. */
  | { type: "nothing" }
  /** Refused whole: the person would watch more payments than WATCH_MAX_PER_USER. */
  | { type: "limit"; active: number; max: number }
  /** `added`: the payments newly watched (an ID on both kinds counts once), `newly` their targets; the rest were watched already. */
  | { type: "started"; added: number; newly: readonly TargetRef[]; targets: readonly TargetRef[] };

/**
 * A person asks to be told when payments settle (🔔 under an answer, or /watch): their watch of
 * each open payment, in this chat, is kept in the store, refused whole past the limit. The
 * scheduler then does the waiting; the notifier tells them once each settles.
 */
export async function startWatch(watches: Pick<WatchSubscriptions, "subscribe">, targets: readonly TargetRef[], watcher: NewWatch, maxPerUser: number): Promise<StartWatchResult> {
  if (targets.length === 0) return { type: "nothing" };
  const result = await watches.subscribe(targets, watcher, maxPerUser);
  if (result.type === "limit") return result;
  return { type: "started", added: new Set(result.added.map((target) => target.transactionId)).size, newly: result.added, targets };
}
