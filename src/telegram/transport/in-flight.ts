import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";

/**
 * Counts updates being handled, so that shutdown can wait for in-flight enquiries and replies,
 * and knows which were finished, so that polling confirms exactly those to Telegram.
 */
export class InFlightUpdates {
  readonly #unfinished = new Set<number>();
  #highestUpdateId: number | undefined;
  #waiters: (() => void)[] = [];

  get count(): number {
    return this.#unfinished.size;
  }

  /**
   * The getUpdates offset that confirms every finished update and no unfinished one: Telegram
   * forgets everything below the offset, so an update still being handled when the process stops
   * is delivered again (and its claim tells the next handler whether it was answered).
   */
  get confirmableOffset(): number | undefined {
    if (this.#highestUpdateId === undefined) return undefined;
    let lowest = this.#highestUpdateId + 1;
    for (const id of this.#unfinished) if (id < lowest) lowest = id;
    return lowest;
  }

  middleware(): MiddlewareFn<BotContext> {
    return async (ctx, next) => {
      const id = ctx.update.update_id;
      if (this.#highestUpdateId === undefined || id > this.#highestUpdateId) this.#highestUpdateId = id;
      this.#unfinished.add(id);
      try {
        await next();
      } finally {
        this.#unfinished.delete(id);
        if (this.#unfinished.size === 0) this.#waiters.splice(0).forEach((wake) => wake());
      }
    };
  }

  /** Resolves true once nothing is in flight, or false if that takes longer than `timeoutMs`. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.#unfinished.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
