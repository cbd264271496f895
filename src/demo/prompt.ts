import { clearLine, createInterface, cursorTo } from "node:readline";
import type { Say } from "./chat/fake-chat.ts";

export interface DemoPrompt {
  /** Prints a line; a message arriving while the prompt waits for a line (a notification) is printed above it. */
  say: Say;
  /**
   * Reads lines until the input ends (Ctrl+D, Ctrl+C, the end of piped input), handing each one
   * that is not blank to `handle` before reading the next; then gives the promise of a quit: a
   * SIGINT from then on (a second Ctrl+C on a terminal) resolves it.
   */
  readLines: (handle: (line: string) => Promise<void>) => Promise<{ quitting: Promise<"quit"> }>;
}

/** The terminal's side of the demo: the prompt on a terminal, or piped input echoed as if typed. */
export function demoPrompt(interactive: boolean): DemoPrompt {
  /** Set while the prompt waits for a line: a message arriving then (a notification) is printed above it. */
  let promptShown: { redraw(): void } | undefined;
  const say = (text: string) => {
    if (promptShown) {
      cursorTo(process.stdout, 0);
      clearLine(process.stdout, 0);
    }
    process.stdout.write(`${text}\n`);
    promptShown?.redraw();
  };

  async function readLines(handle: (line: string) => Promise<void>): Promise<{ quitting: Promise<"quit"> }> {
    // On a terminal, readline draws the prompt and echoes what is typed: it needs the output for both.
    const input = interactive
      ? createInterface({ input: process.stdin, output: process.stdout, terminal: true, prompt: "you> " })
      : createInterface({ input: process.stdin, terminal: false });
    const waitForLine = () => {
      input.prompt();
      promptShown = { redraw: () => input.prompt(true) };
    };
    input.on("line", () => (promptShown = undefined));
    // Ctrl+C ends the input as Ctrl+D does (readline would otherwise only pause it, and the demo would
    // hang); with watches still running, the demo then says that a second Ctrl+C quits at once.
    input.on("SIGINT", () => input.close());
    // A real SIGINT (piped input, or a terminal once readline has let go of it) quits at once. It is
    // listened to from the start and for good: a signal that found no listener, even for a moment
    // between the input's end and the wait, would kill the demo with 130 instead of ending it cleanly.
    let quit: () => void = () => undefined;
    const quitting = new Promise<"quit">((resolve) => (quit = () => resolve("quit")));
    process.on("SIGINT", () => {
      input.close();
      quit();
    });
    input.on("close", () => {
      // What follows (and the shell's prompt) starts on a line of its own, not after "you> ".
      if (promptShown) process.stdout.write("\n");
      promptShown = undefined;
    });
    if (interactive) waitForLine();
    for await (const raw of input) {
      const line = raw.trim();
      if (line !== "") {
        if (!interactive) say(`you> ${line}`);
        await handle(line);
      }
      if (interactive) waitForLine();
    }
    return { quitting };
  }

  return { say, readLines };
}
