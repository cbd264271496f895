import { BotError, type CallbackQueryContext, type MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { featureFailed } from "../error-handler.ts";
import type { ButtonStore } from "../stores/button-store.ts";
import { tolerateHarmless } from "../transport/errors.ts";
import { decodePress, type Press, type PressAction } from "./presses.ts";

export type PressContext = CallbackQueryContext<BotContext>;
export type PressHandler<A extends PressAction> = (ctx: PressContext, press: Extract<Press, { action: A }>) => Promise<void>;

/** Where a feature registers the handlers of its buttons' actions. */
export interface Presses {
  /** The handler of one action; an action has one (a second is a wiring mistake, refused at start). */
  on<A extends PressAction>(action: A, handler: PressHandler<A>): Presses;
}

/**
 * One way to handle a button press: each press is decoded once (presses.ts) and handed to the one
 * handler of its action, which the feature that owns the button registered. Where a feature sits
 * in the middleware list no longer matters for presses, and a press nobody handles is answered
 * here (a toast, nothing changes). Presses are handled before the features' own error boundaries,
 * so a handler's failure is logged here, as its feature's boundary would: once, with its name.
 */
export class PressRouter {
  readonly #handlers = new Map<PressAction, { feature: string; handler: PressHandler<PressAction> }>();

  constructor(
    private readonly buttons: ButtonStore,
    private readonly logger: Logger,
  ) {}

  /** The registrar of one feature (its name as in its BotFeature: the log line of a failure says it). */
  for(feature: string): Presses {
    const presses: Presses = {
      on: (action, handler) => {
        if (this.#handlers.has(action)) throw new Error(`two handlers for the button action "${action}"`);
        this.#handlers.set(action, { feature, handler: handler as unknown as PressHandler<PressAction> });
        return presses;
      },
    };
    return presses;
  }

  middleware(): MiddlewareFn<BotContext> {
    return async (ctx, next) => {
      const data = ctx.callbackQuery?.data;
      if (data === undefined) return next();
      const press = ctx as PressContext;
      const decoded = await decodePress(data, this.buttons);
      const registered = decoded.type === "press" ? this.#handlers.get(decoded.press.action) : undefined;
      if (decoded.type === "press" && registered) {
        try {
          return await registered.handler(press, decoded.press);
        } catch (error) {
          return featureFailed(registered.feature, this.logger)(new BotError(error, ctx));
        }
      }
      if (decoded.type === "press") ctx.logger.error({ action: decoded.press.action }, "a button press has no handler: nothing changed");
      await tolerateHarmless(press.answerCallbackQuery(decoded.type === "expired" ? { text: ctx.t("toast-expired") } : {}), ctx.logger);
    };
  }
}
