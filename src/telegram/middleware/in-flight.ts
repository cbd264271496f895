import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";

/**
 * Counts updates being handled, so that shutdown can wait for in-flight enquiries and replies,
 * and remembers the highest update ID seen, so that polling can confirm it before exiting.
 */
export class InFlightUpdates {
  #count = 0;
  #highestUpdateId: number | undefined;
  #waiters: (() => void)[] = [];

  get count(): number {
    return this.#count;
  }

  get highestUpdateId(): number | undefined {
    return this.#highestUpdateId;
  }

  middleware(): MiddlewareFn<BotContext> {
    return async (ctx, next) => {
      const id = ctx.update.update_id;
      if (this.#highestUpdateId === undefined || id > this.#highestUpdateId) this.#highestUpdateId = id;
      this.#count++;
      try {
        await next();
      } finally {
        this.#count--;
        if (this.#count === 0) this.#waiters.splice(0).forEach((wake) => wake());
      }
    };
  }

  /** Resolves true once nothing is in flight, or false if that takes longer than `timeoutMs`. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
