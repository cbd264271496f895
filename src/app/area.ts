import type { Deadline } from "../util/deadline.ts";

/**
 * A part of the bot with work of its own beside the updates (keeping a copy fresh, checking
 * watched payments, judging the provider's health): the assembly builds each, and starts and
 * stops them all alike. What an area adds to the updates it gives back beside this, as features
 * (telegram/create-bot.ts's BotFeature), for the assembly's one ordered list.
 */
export interface Area {
  /** Reads what must be known before the first update. */
  prepare?(): Promise<void>;
  start(): void;
  /** Stops, by the shared deadline at the latest. */
  stop(deadline: Deadline): Promise<void>;
}
