import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/bot-process.ts";
import { spawnGroup } from "../support/child-processes.ts";

const SECRET = "webhook-secret-value-0123456789";

function runCrash(mode: "--reject" | "--throw" | "--warn") {
  const child = spawnGroup("node", ["--import", "tsx", "test/support/fixtures/crash.ts", mode], { cwd: REPO_ROOT, env: { ...process.env, CRASH_SECRET: SECRET }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("errors nothing else caught", () => {
  it.each(["--reject", "--throw"] as const)("%s: are logged through the masking logger, then the process exits 1", async (mode) => {
    const { code, output } = await runCrash(mode);
    expect(code).toBe(1);
    expect(output).toMatch(/"level":"fatal".*"msg":"(unhandled promise rejection|uncaught exception)"/);
    expect(output).toContain("[REDACTED]");
    expect(output).not.toContain(SECRET);
  }, 20_000);

  it("Node.js warnings go through the masking logger too, not raw to stderr", async () => {
    const { code, output } = await runCrash("--warn");
    expect(code).toBe(0);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(output)).toMatchObject({ level: "warn", msg: "Node.js warning", warning: { name: "DeprecationWarning", message: "something is deprecated; [REDACTED]" } });
  }, 20_000);
});
