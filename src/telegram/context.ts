import type { Context } from "grammy";
import type { Person } from "../access/grants.ts";
import type { Logger } from "../logger.ts";
import { cleanServiceText } from "../util/service-text.ts";
import type { TranslateFlavor } from "./i18n.ts";

/** The context every handler sees: grammY's, plus translations, a logger bound to this update, and the user's budget. */
export type BotContext = Context & TranslateFlavor & { logger: Logger; budget: Budget };

/** What this update may still spend against the user's rate limit (middleware/rate-limit.ts gives it). */
export interface Budget {
  /**
   * Spends `cost` (the enquiries about to be made) from the user's window, the 1 already charged
   * for the request included. False when it does not fit: the request is then refused whole (the
   * user has been told to slow down: a press each time, anything else once per window), and
   * nothing is spent.
   */
  spend(cost: number): Promise<boolean>;
}

/** The person behind an update, as the records keep them. */
export function personOf(ctx: BotContext): Person {
  const from = ctx.from;
  const name = cleanServiceText([from?.first_name, from?.last_name].filter(Boolean).join(" "), 64) || String(from?.id ?? "?");
  return { id: from?.id ?? 0, name, ...(from?.username ? { username: from.username } : {}) };
}
