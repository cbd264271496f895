import type { AssembledBot } from "../app/assemble.ts";
import type { EnquiryOutcome } from "../payments/enquiry/types.ts";
import type { Say } from "./chat/fake-chat.ts";

/** When input ends with watches still running, the demo waits for them this long at most. */
const WAIT_FOR_WATCHES_MS = 60_000;

type Running = Pick<AssembledBot, "bulkJobs" | "watches">;

/** Resolves once no file check runs here (it checks every tenth of a second). */
export async function bulkChecksDone(assembled: Pick<AssembledBot, "bulkJobs">): Promise<void> {
  while (assembled.bulkJobs.running > 0) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Input is over: give running watches and bulk checks the time to finish, as a user would wait for
 * the message; Ctrl+C (a second one, on a terminal) quits at once, naming what it drops.
 */
export async function waitForRunningWork({ assembled, agent, say, quitting }: { assembled: Running; agent: { chatId: number; userId: number }; say: Say; quitting: Promise<"quit"> }): Promise<void> {
  const watched = async () => (await assembled.watches.watchesOf(agent.chatId, agent.userId)).map(({ target }) => target);
  const stillRunning = async () => assembled.bulkJobs.running + (await assembled.watches.activeTargets()) + (await assembled.watches.pendingNotices()) > 0;
  if (await stillRunning()) {
    const ids = (await watched()).map((target) => target.transactionId);
    const what = [...(ids.length > 0 ? [`${listed(ids)} to settle`] : []), ...(assembled.bulkJobs.running > 0 ? ["the file check to finish"] : [])];
    say(`(waiting up to ${WAIT_FOR_WATCHES_MS / 1000} s for ${what.join(" and ") || "the last messages"}; Ctrl+C quits now)\n`);
  }
  const waitUntil = Date.now() + WAIT_FOR_WATCHES_MS;
  let ended: "quit" | "waited" | undefined;
  while ((await stillRunning()) && ended === undefined) {
    const left = waitUntil - Date.now();
    if (left <= 0) ended = "waited";
    else if ((await Promise.race([quitting, new Promise((resolve) => setTimeout(resolve, Math.min(250, left)))])) === "quit") ended = "quit";
  }
  if (ended !== undefined) {
    const dropped = (await watched()).map((target) => `the watch of ${target.transactionId} was dropped, ${lastSeen(target.last?.[0])}`);
    const heading = ended === "quit" ? "quit" : `stopped waiting after ${WAIT_FOR_WATCHES_MS / 1000} s`;
    if (dropped.length > 0 || assembled.bulkJobs.running > 0) say(`(${heading}: ${[...dropped, ...(assembled.bulkJobs.running > 0 ? ["the file check stops and sends what it checked"] : [])].join("; ")})\n`);
  }
}

/** "COL-1", "COL-1 and COL-2", "COL-1, COL-2 and COL-3". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** What a dropped watch's payment was when last checked. */
function lastSeen(outcome: EnquiryOutcome | undefined): string {
  if (!outcome) return "not checked yet";
  if (outcome.type === "found") return `still ${outcome.transaction.status}`;
  return outcome.type === "not_found" ? "still not found" : "not checked lately";
}
