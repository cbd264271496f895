import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";

/** Gives each update its own child logger, so every line it logs carries the update ID. */
export function updateLogger(logger: Logger): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    ctx.logger = logger.child({ updateId: ctx.update.update_id });
    return next();
  };
}
