import { parseArgs } from "node:util";

export const DEMO_USAGE = [
  "Usage: npm run demo -- [--lang CODE] [--verbose]",
  "",
  "  --lang CODE   the language of the demo agent's Telegram app: en (the default), fr, pt, sw",
  "  --verbose     show the bot's own log lines (JSON) between the messages",
  "  --help        show this text",
  "",
  "Type commands as you would in Telegram; Ctrl+D (or Ctrl+C) quits, waiting up to a minute for",
  "watched payments to settle (a second Ctrl+C quits at once). Input can be piped too:",
  "  printf '/collection COL-SUCCESS-1\\n' | npm run demo",
].join("\n");

export type DemoCommandLine = { kind: "run"; lang: string; verbose: boolean } | { kind: "help" } | { kind: "wrong"; problem: string };

/**
 * The demo's flags, read without throwing: Node's `parseArgs` in strict mode throws (a stack trace
 * is the first thing a newcomer would see for a typo), so each token is checked here instead and
 * a wrong one becomes a sentence to print above the usage.
 */
export function readDemoCommandLine(args: readonly string[]): DemoCommandLine {
  const { tokens } = parseArgs({
    args: [...args],
    options: { lang: { type: "string" }, verbose: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  let lang = "en";
  let verbose = false;
  for (const token of tokens) {
    if (token.kind === "positional") return { kind: "wrong", problem: `unexpected argument '${token.value}'` };
    if (token.kind === "option-terminator") continue;
    switch (token.name) {
      case "help":
        return { kind: "help" };
      case "verbose":
        if (token.value !== undefined) return { kind: "wrong", problem: "--verbose takes no value" };
        verbose = true;
        break;
      case "lang":
        if (token.value === undefined || token.value.trim() === "" || token.value.startsWith("-")) return { kind: "wrong", problem: "--lang needs a value, such as --lang fr" };
        lang = token.value.trim();
        break;
      default:
        return { kind: "wrong", problem: `unknown option '${token.rawName}'` };
    }
  }
  return { kind: "run", lang, verbose };
}
