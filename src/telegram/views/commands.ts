import type { Scope } from "../../payments/query.ts";

export interface Command {
  /** As typed after the slash. */
  name: string;
  /** Locale key of its line in Telegram's command menu; commands without one stay out of the menu. */
  menu?: string;
}

/**
 * Every command the bot understands: features route on these, and the command menu is built from
 * the same list, so the two cannot drift apart.
 */
export const commands = {
  collection: { name: "collection", menu: "command-collection" },
  airtime: { name: "airtime", menu: "command-airtime" },
  status: { name: "status", menu: "command-status" },
  watch: { name: "watch", menu: "command-watch" },
  watches: { name: "watches", menu: "command-watches" },
  unwatch: { name: "unwatch", menu: "command-unwatch" },
  whoami: { name: "whoami", menu: "command-whoami" },
  help: { name: "help", menu: "command-help" },
  start: { name: "start" },
} as const satisfies Record<string, Command>;

/** The commands that check payments, and what each asks the service. */
export const checkCommands: readonly { command: Command; scope: Scope }[] = [
  { command: commands.collection, scope: "collection" },
  { command: commands.airtime, scope: "airtime" },
  { command: commands.status, scope: "status" },
];

/** The menu, in this order. */
export const menuCommands: readonly Required<Command>[] = (Object.values(commands) as Command[]).filter(
  (command): command is Required<Command> => command.menu !== undefined,
);
