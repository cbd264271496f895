import { setMaxListeners } from "node:events";
import type { BudgetConsumer } from "../budget.ts";
import type { Asker, Checker } from "../check.ts";
import { isCancelled } from "../enquiry/types.ts";
import { mapWithConcurrency } from "../../util/map-with-concurrency.ts";
import { kindsFor, type IdResult, type Scope } from "../query.ts";

export interface BulkCheck {
  scope: Scope;
  ids: readonly string[];
  checker: Checker;
  /** This check's own turn in the background budget. */
  budget: BudgetConsumer;
  asker: Asker;
  /** Cancel, or a shutdown: the enquiries stop, and what was checked is kept. */
  signal: AbortSignal;
  /** Called after each ID, with how many are done. */
  onProgress?: (done: number, total: number) => void;
}

/** Enquiries waiting on the provider at once, at most: the budget sets the pace, this bounds the connections. */
const IN_FLIGHT = 32;

/**
 * The enquiries of a bulk check, within the background budget (ENQUIRY_MAX_PER_SECOND): a file of
 * a thousand IDs never delays anyone's command. Each ID is checked once (on both kinds for
 * `status`); on cancel, enquiries waiting for a connection are dropped and those under way given
 * up, and the results so far come back, in the file's order, with `cancelled` set.
 */
export async function runBulkCheck({ scope, ids, checker, budget, asker, signal, onProgress }: BulkCheck): Promise<{ results: IdResult[]; cancelled: boolean }> {
  const results = new Array<IdResult | undefined>(ids.length);
  let done = 0;
  // Each ID in flight waits on the signal: for its place in the budget, then for each kind's answer
  // (two for `status`). That many listeners is expected, and each is removed when its wait ends.
  setMaxListeners(IN_FLIGHT * 2 + 10, signal);
  await mapWithConcurrency(ids.map((id, index) => ({ id, index })), IN_FLIGHT, async ({ id, index }) => {
    if (signal.aborted) return;
    try {
      for (const _ of kindsFor(scope)) await budget.acquire(signal);
    } catch {
      // Cancelled or stopping while waiting for the budget: this ID is not checked, nor reported.
      return;
    }
    const [result] = await checker.run({ scope, ids: [id] }, asker, { signal });
    // Given up half-way (cancelled): not checked, so not reported.
    if (!result || result.outcomes.some(isCancelled)) return;
    results[index] = result;
    onProgress?.(++done, ids.length);
  });
  return { results: results.filter((result): result is IdResult => result !== undefined), cancelled: signal.aborted && done < ids.length };
}
