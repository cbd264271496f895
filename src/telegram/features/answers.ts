import type { Asker, Checker, Via } from "../../payments/check.ts";
import type { ButtonStore } from "../views/callback-data.ts";
import type { BotContext } from "../context.ts";

/** What the features that answer with payment statuses share. */
export interface AnswerDependencies {
  checker: Checker;
  buttons: ButtonStore;
  /** Whether an admin is alerted when the service token is rejected. */
  adminAlerted: boolean;
}

/** The person and chat behind an update, for the record of each enquiry it makes. */
export function askerOf(ctx: BotContext, via: Via): Asker {
  return { userId: ctx.from?.id, chatId: ctx.chat?.id, via, logger: ctx.logger };
}
