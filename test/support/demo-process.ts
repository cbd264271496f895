import { execFileSync, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "./bot-process.ts";
import { spawnGroup } from "./child-processes.ts";

export const DEMO_COMMAND = ["node", "--import", "tsx", "src/demo/main.ts"];

export interface DemoProcess {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr), without terminal control sequences or carriage returns. */
  output(): string;
  /** Types a line, as a person would (Enter is a carriage return on a terminal). */
  type(line: string): void;
  /** Resolves once the output matches; throws with the output when it does not within the time, or the demo exits. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Starts `npm run demo`'s command in a process group of its own, its input piped (or, with
 * `terminal`, on a pseudo-terminal through util-linux's `script`, as a person types into it).
 */
export function startDemo(args: readonly string[] = [], { terminal = false } = {}): DemoProcess {
  // `script` runs the command through $SHELL -c. Dash (CI's /bin/sh) stays as the demo's parent in the
  // terminal's process group, takes the second Ctrl+C's SIGINT too and dies of it (130) after the demo
  // exits cleanly; `exec` makes the demo the only process there, whichever shell it is.
  const [file = "node", ...rest] = terminal ? ["script", "-qfec", `exec ${[...DEMO_COMMAND, ...args].join(" ")}`, "/dev/null"] : [...DEMO_COMMAND, ...args];
  const child = spawnGroup(file, rest, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1", SHELL: "/bin/sh" }, stdio: ["pipe", "pipe", "pipe"] });
  let raw = "";
  child.stdout?.on("data", (chunk) => (raw += String(chunk)));
  child.stderr?.on("data", (chunk) => (raw += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
  return {
    child,
    output,
    exited,
    type: (line) => void child.stdin?.write(`${line}${terminal ? "\r" : "\n"}`),
    async waitFor(pattern, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output())) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${String(pattern)} never came; output:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** Whether util-linux's `script` is here to open a pseudo-terminal (it is on Debian and Ubuntu, and in CI's image). */
export function pseudoTerminalAvailable(): boolean {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
