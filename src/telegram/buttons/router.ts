import type { CallbackQueryContext, MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { tolerateHarmless } from "../transport/errors.ts";
import { decodePress, type Press, type PressAction } from "./presses.ts";

export type PressContext = CallbackQueryContext<BotContext>;
export type PressHandler<A extends PressAction> = (ctx: PressContext, press: Extract<Press, { action: A }>) => Promise<void>;

/**
 * One way to handle a button press: each press is decoded once (presses.ts) and handed to the one
 * handler of its action, which the feature that owns the button registered. Where a feature sits
 * in the middleware list no longer matters for presses, and a press nobody handles is answered
 * here (a toast, nothing changes).
 */
export class PressRouter {
  readonly #handlers = new Map<PressAction, PressHandler<PressAction>>();

  constructor(private readonly buttons: ButtonStore) {}

  /** The handler of one action; an action has one (a second is a wiring mistake, refused at start). */
  on<A extends PressAction>(action: A, handler: PressHandler<A>): this {
    if (this.#handlers.has(action)) throw new Error(`two handlers for the button action "${action}"`);
    this.#handlers.set(action, handler as unknown as PressHandler<PressAction>);
    return this;
  }

  middleware(): MiddlewareFn<BotContext> {
    return async (ctx, next) => {
      const data = ctx.callbackQuery?.data;
      if (data === undefined) return next();
      const press = ctx as PressContext;
      const decoded = await decodePress(data, this.buttons);
      const handler = decoded.type === "press" ? this.#handlers.get(decoded.press.action) : undefined;
      if (decoded.type === "press" && handler) return handler(press, decoded.press);
      if (decoded.type === "press") ctx.logger.error({ action: decoded.press.action }, "a button press has no handler: nothing changed");
      await tolerateHarmless(press.answerCallbackQuery(decoded.type === "expired" ? { text: ctx.t("toast-expired") } : {}), ctx.logger);
    };
  }
}
