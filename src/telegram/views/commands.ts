import type { Scope } from "../../payments/query.ts";

export interface Command {
  /** As typed after the slash. */
  name: string;
  /** Locale key of its line in Telegram's command menu; commands without one stay out of the menu. */
  menu?: string;
  /** Only admins may use it: it is in their menu alone, and anyone else gets what an unknown command gets. */
  admin?: true;
  /** The feature it belongs to, when configuration may leave that feature off: then it is said to be off, and never suggested. */
  feature?: OptionalFeature;
}

/** Features that are there only when configured: cases (SUPPORT_CHAT_ID). */
export type OptionalFeature = "cases";

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
  receipt: { name: "receipt", menu: "command-receipt" },
  verify: { name: "verify", menu: "command-verify" },
  history: { name: "history", menu: "command-history" },
  mychecks: { name: "mychecks", menu: "command-mychecks" },
  health: { name: "health", menu: "command-health" },
  whoami: { name: "whoami", menu: "command-whoami" },
  language: { name: "language", menu: "command-language" },
  help: { name: "help", menu: "command-help" },
  start: { name: "start" },
  // Cases are there only with SUPPORT_CHAT_ID: out of the menu everyone shares (/help names them where they work).
  escalate: { name: "escalate", feature: "cases" },
  cases: { name: "cases", feature: "cases" },
  invite: { name: "invite", menu: "command-invite", admin: true },
  invites: { name: "invites", menu: "command-invites", admin: true },
  users: { name: "users", menu: "command-users", admin: true },
  allow: { name: "allow", menu: "command-allow", admin: true },
  revoke: { name: "revoke", menu: "command-revoke", admin: true },
  export: { name: "export", menu: "command-export", admin: true },
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

/** The commands a person may be pointed to: everyone's, and admins' own for admins, of the features that are on. */
export function commandNamesFor(admin: boolean, featuresOn: ReadonlySet<OptionalFeature>): readonly string[] {
  return (Object.values(commands) as Command[])
    .filter((command) => (admin || !command.admin) && (command.feature === undefined || featuresOn.has(command.feature)))
    .map((command) => command.name);
}

/** The feature that is off and that a command typed exactly belongs to; undefined for any other command. */
export function offFeatureOf(typed: string, featuresOn: ReadonlySet<OptionalFeature>): OptionalFeature | undefined {
  const command = (Object.values(commands) as Command[]).find((known) => known.name === typed.toLowerCase());
  return command?.feature !== undefined && !featuresOn.has(command.feature) ? command.feature : undefined;
}

/**
 * The command someone probably meant by one the bot does not know: one a typo or two away
 * (a letter missed, doubled, swapped or wrong), or the first one that begins with it. Pure.
 */
export function nearestCommand(typed: string, names: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  if (word.length < 3) return undefined;
  const allowed = word.length >= 5 ? 2 : 1;
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = name.startsWith(word) ? 0.5 : editDistance(word, name);
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** Letters inserted, deleted, changed or swapped with their neighbour (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, at(i - 2, j - 2) + 1);
      (rows[i] ?? [])[j] = distance;
    }
  }
  return at(a.length, b.length);
}
