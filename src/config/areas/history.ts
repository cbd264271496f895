import { z } from "zod";
import { integer, withDefault } from "../values.ts";

/** Days of history kept by default: a quarter, as disputes and reconciliations need. */
export const HISTORY_DAYS_DEFAULT = 90;

export const historyVariables = z.object({
  // 0 turns the history off: nothing is written, /history, /mychecks and /export say so.
  HISTORY_DAYS: withDefault(integer(0, 3650), HISTORY_DAYS_DEFAULT),
});

export interface HistorySettings {
  /** How many days answers and events are kept (HISTORY_DAYS); 0: none. */
  historyDays: number;
}

export function historySettings(env: z.output<typeof historyVariables>): HistorySettings {
  return { historyDays: env.HISTORY_DAYS };
}
