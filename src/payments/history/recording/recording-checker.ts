import type { Checker } from "../../check.ts";
import type { HistoryHow } from "../entry.ts";
import { resultEntries, type HistoryRecorder } from "./recorder.ts";

/**
 * A checker whose answers go into the history, for the work that has no reply to wait for (bulk
 * checks, watches, cases): each answer recorded as it comes. A background check (`via: "watch"`:
 * a watch's or a case's loop) has nobody asking, and is an entry only when it changes the status.
 * The checks people make in a chat are recorded by their feature instead, after the reply.
 */
export function recordingChecker(checker: Checker, history: HistoryRecorder, how: HistoryHow, now: () => number = Date.now): Checker {
  if (!history.on) return checker;
  return {
    readAhead: (query) => checker.readAhead(query),
    run: async (query, asker, options) => {
      const results = await checker.run(query, asker, options);
      const background = asker.via === "watch";
      const who = background || asker.userId === undefined ? undefined : (asker.person ?? { id: asker.userId, name: "" });
      const where = background ? undefined : asker.place;
      for (const entry of resultEntries(results, { at: now(), how, who, where })) history.record(entry, { onlyIfChanged: background });
      return results;
    },
  };
}
