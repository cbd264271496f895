import type { Scope } from "../../payments/query.ts";

export interface Command {
  /** As typed after the slash. */
  name: string;
  /** Locale key of its line in Telegram's command menu; commands without one stay out of the menu. */
  menu?: string;
  /** Only admins may use it: it is in their menu alone, and anyone else gets what an unknown command gets. */
  admin?: true;
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
  health: { name: "health", menu: "command-health" },
  whoami: { name: "whoami", menu: "command-whoami" },
  language: { name: "language", menu: "command-language" },
  help: { name: "help", menu: "command-help" },
  start: { name: "start" },
  invite: { name: "invite", menu: "command-invite", admin: true },
  invites: { name: "invites", menu: "command-invites", admin: true },
  users: { name: "users", menu: "command-users", admin: true },
  allow: { name: "allow", menu: "command-allow", admin: true },
  revoke: { name: "revoke", menu: "command-revoke", admin: true },
} as const satisfies Record<string, Command>;

/** The commands that check payments, and what each asks the service. */
export const checkCommands: readonly { command: Command; scope: Scope }[] = [
  { command: commands.collection, scope: "collection" },
  { command: commands.airtime, scope: "airtime" },
  { command: commands.status, scope: "status" },
];

type MenuCommand = Command & { menu: string };
const inMenu = (command: Command): command is MenuCommand => command.menu !== undefined;

/** Everyone's menu, in this order. */
export const menuCommands: readonly MenuCommand[] = (Object.values(commands) as Command[]).filter((command) => inMenu(command) && !command.admin) as MenuCommand[];

/** The admins' menu: everyone's, then theirs. */
export const adminMenuCommands: readonly MenuCommand[] = (Object.values(commands) as Command[]).filter(inMenu);

/** The commands only admins may use, by name. */
export const adminCommandNames: ReadonlySet<string> = new Set((Object.values(commands) as Command[]).filter((command) => command.admin).map((command) => command.name));
