import type { AccessLists } from "../../access/policy.ts";
import type { BotFeature } from "../../telegram/create-bot.ts";
import { helpFeature } from "../../telegram/features/basics/help.ts";
import { unhandledFeature } from "../../telegram/features/basics/unhandled.ts";
import { unknownCommandFeature } from "../../telegram/features/basics/unknown-command.ts";
import { whoamiFeature } from "../../telegram/features/basics/whoami.ts";

export interface BasicsArea {
  /** /start and /help. */
  help: BotFeature;
  /** /whoami. */
  whoami: BotFeature;
  /** A command no feature took: the nearest one, or that its feature is off. Late in the list. */
  unknownCommand: BotFeature;
  /** A hint for anything else in a private chat: last in the list. */
  unhandled: BotFeature;
}

/** The small features every bot has: how to use it, who you are, and what to say to what nobody understood. */
export function basicsArea(lists: Pick<AccessLists, "adminUserIds">, options: { cases: boolean }): BasicsArea {
  return {
    help: { name: "help", composer: helpFeature(lists, { cases: options.cases }) },
    whoami: { name: "whoami", composer: whoamiFeature() },
    unknownCommand: { name: "unknownCommand", composer: unknownCommandFeature(lists, new Set(options.cases ? ["cases" as const] : [])) },
    unhandled: { name: "unhandled", composer: unhandledFeature() },
  };
}
