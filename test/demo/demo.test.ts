import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/bot-process.ts";
import { signalGroup, spawnGroup } from "../support/child-processes.ts";

let demo: ChildProcess | undefined;
afterEach(() => {
  signalGroup(demo?.pid, "SIGKILL");
  demo = undefined;
});

/** `npm run demo` with its input piped: what a newcomer sees, start to end. */
function runDemo(lines: string[]): Promise<{ code: number | null; output: string }> {
  demo = spawnGroup("node", ["--import", "tsx", "src/demo/main.ts"], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  demo.stdout?.on("data", (chunk) => (output += String(chunk)));
  demo.stderr?.on("data", (chunk) => (output += String(chunk)));
  demo.stdin?.end(lines.map((line) => `${line}\n`).join(""));
  const child = demo;
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("the terminal demo, with zero configuration", () => {
  it("answers commands, inline queries (posted and refreshed) and a file of IDs, then exits 0", async () => {
    const { code, output } = await runDemo([
      "/collection COL-SUCCESS-1",
      "@payment_status_demo_bot COL-PENDING-2 AIR-SUCCESS-3",
      "#1",
      "#1",
      "/file src/demo/sample-ids.csv /collection",
    ]);
    expect(code).toBe(0);
    expect(output).toContain("✅ Collection COL-SUCCESS-1");
    expect(output).toMatch(/\[#1\] ⏳ Collection COL-PENDING-2 · PENDING\n\s+\[#2\] ✅ Airtime AIR-SUCCESS-3 · SUCCESS · MNO MP/);
    expect(output).toContain("you> (post via @payment_status_demo_bot)");
    expect(output).toContain("bot> (edits the message posted via @payment_status_demo_bot)");
    expect(output).toContain("Checking 25 collection IDs… 0/25");
    expect(output).toMatch(/Checked 25 collection IDs from sample-ids\.csv:\n\s+✅ 12 success\n\s+❌ 4 failed\n\s+⏳ 4 not final\n\s+🔍 5 not found\n\s+✏️ 1 cell was not an ID/);
    expect(output).toMatch(/bot> \(sends a file: statuses-\d{8}-\d{4}\.csv, "Statuses from sample-ids\.csv"\)\n\s+transaction_id,kind,outcome,payment_status,mno_reference,failure_reason,service_transaction_id,checked_at/);
    expect(output).not.toMatch(/Warning:|Error:|\bat .*\.ts:\d+/);
  }, 60_000);

  it("plays a provider in trouble on demand: the alert comes, /health turns red, and says why", async () => {
    const { code, output } = await runDemo([
      "/trouble errors",
      "/file src/demo/sample-ids.csv /collection",
      "/health",
      "/trouble none",
    ]);
    expect(code).toBe(0);
    expect(output).toContain("(sandbox: every enquiry is answered HTTP 503)");
    expect(output).toMatch(/bot> 🔴 Collection: the payment provider is down since \d\d:\d\d:\d\d UTC\. In the last 5 minutes 100% of 25 enquiries could not be checked \(service errors: 25\)\./);
    expect(output).toMatch(/bot> 🔴 The payment provider is down for Collection\.\n\s+🔴 Collection: down since/);
    expect(output).toContain("For admins");
    expect(output).not.toMatch(/Warning:|Error:|\bat .*\.ts:\d+/);
  }, 60_000);
});
