import type { Context } from "grammy";
import type { Logger } from "../logger.ts";
import type { TranslateFlavor } from "./i18n.ts";

/** The context every handler sees: grammY's, plus translations and a logger bound to this update. */
export type BotContext = Context & TranslateFlavor & { logger: Logger };
