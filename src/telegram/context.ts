import type { Context } from "grammy";
import type { Logger } from "../logger.ts";
import type { TranslateFlavor } from "./i18n.ts";
import type { Budget } from "./middleware/rate-limit.ts";

/** The context every handler sees: grammY's, plus translations, a logger bound to this update, and the user's budget. */
export type BotContext = Context & TranslateFlavor & { logger: Logger; budget: Budget };
