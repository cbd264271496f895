import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REPO_ROOT } from "../support/bot-process.ts";
import { signalGroup, spawnGroup } from "../support/child-processes.ts";

let demo: ChildProcess | undefined;
afterEach(() => {
  signalGroup(demo?.pid, "SIGKILL");
  demo = undefined;
});

describe("the terminal demo's receipts", () => {
  it("makes a receipt, shows its code, and /start r_<code> checks it there as its customer would", async () => {
    demo = spawnGroup("node", ["--import", "tsx", "src/demo/main.ts"], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    demo.stdout?.on("data", (chunk) => (output += String(chunk)));
    demo.stderr?.on("data", (chunk) => (output += String(chunk)));
    const child = demo;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.stdin?.write("/receipt COL-SUCCESS-1 sw\n");
    // The code is the receipt's own, random: read from what the demo printed before it is typed back.
    const code = await vi.waitFor(
      () => {
        const found = /Msimbo wa uhakiki: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(output)?.[1];
        if (!found) throw new Error("no receipt yet");
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    child.stdin?.end(`/start r_${code}\n`);
    expect(await exited).toBe(0);
    expect(output).toContain("Malipo yamefanikiwa");
    // Drawn as production draws it: a PNG in a file of the demo's own, its path printed.
    const picture = /\(sends a receipt picture: (.+\.png)\)/.exec(output)?.[1] ?? "";
    try {
      expect(readFileSync(picture).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    } finally {
      if (picture) rmSync(dirname(picture), { recursive: true, force: true });
    }
    expect(output).toMatch(/✅ A genuine receipt\n\s+Made on .+\n/);
    expect(output).toContain("The provider says now: ✅ Payment successful");
    expect(output).not.toMatch(/Warning:|Error:|\bat .*\.ts:\d+/);
  }, 60_000);
});
