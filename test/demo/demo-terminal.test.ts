import { afterEach, describe, expect, it } from "vitest";
import { signalGroup } from "../support/child-processes.ts";
import { pseudoTerminalAvailable, startDemo, type DemoProcess } from "../support/demo-process.ts";

let demo: DemoProcess | undefined;
afterEach(() => {
  signalGroup(demo?.child.pid, "SIGKILL");
  demo = undefined;
});
const start = (...parameters: Parameters<typeof startDemo>) => (demo = startDemo(...parameters));

const withTerminal = pseudoTerminalAvailable();
if (!withTerminal) process.stderr.write("SKIPPED terminal demo tests: `script` (util-linux) is not installed, so no pseudo-terminal can be opened.\n");

describe.skipIf(!withTerminal)("the demo in a terminal", () => {
  it("shows its prompt and what is typed, answers, and quits on Ctrl+D", async () => {
    const run = start([], { terminal: true });
    await run.waitFor(/Ctrl\+D quits[\s\S]*you> $/);
    run.type("/collection COL-SUCCESS-1");
    await run.waitFor(/✅ Collection COL-SUCCESS-1[\s\S]*you> $/);
    expect(run.output()).toMatch(/you> \/collection COL-SUCCESS-1\n/);
    run.type("/whoami");
    await run.waitFor(/you> \/whoami\n[\s\S]*User ID: 1001[\s\S]*you> $/);
    run.child.stdin?.write("\x04");
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toMatch(/Warning:|Error:|\bat .*\.ts:\d+/);
  }, 60_000);

  it("quits on Ctrl+C too, instead of stopping to read", async () => {
    const run = start([], { terminal: true });
    await run.waitFor(/you> $/);
    run.child.stdin?.write("\x03");
    expect(await run.exited).toBe(0);
  }, 60_000);
});

describe("the demo's command line", () => {
  const USAGE = /Usage: npm run demo -- \[--lang CODE\] \[--verbose\]/;
  const NO_STACK = /\bat .*\.[jt]s:\d+|TypeError|ERR_PARSE_ARGS/;

  it("--help prints the usage and exits 0", async () => {
    const run = start(["--help"]);
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(USAGE);
    expect(run.output()).not.toMatch(NO_STACK);
  }, 30_000);

  it.each([
    ["--lang without a value", ["--lang"], /--lang needs a value/],
    ["an unknown flag", ["--colour"], /unknown option '--colour'/],
    ["an argument", ["fr"], /unexpected argument 'fr'/],
  ])("%s: says what is wrong, prints the usage, exits 2", async (_, args, problem) => {
    const run = start(args);
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(problem);
    expect(run.output()).toMatch(USAGE);
    expect(run.output()).not.toMatch(NO_STACK);
  }, 30_000);
});
