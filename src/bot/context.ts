import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Logger } from "../logger.ts";

/** The context every handler sees: grammY's, plus translations and a logger bound to this update. */
export type BotContext = Context & I18nFlavor & { logger: Logger };
