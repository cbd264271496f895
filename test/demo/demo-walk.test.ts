import { afterEach, describe, expect, it } from "vitest";
import { SCENARIOS } from "../../src/payments/enquiry/sandbox/scenarios.ts";
import { signalGroup } from "../support/child-processes.ts";
import { pseudoTerminalAvailable, startDemo, type DemoProcess } from "../support/demo-process.ts";

let demo: DemoProcess | undefined;
afterEach(() => {
  signalGroup(demo?.child.pid, "SIGKILL");
  demo = undefined;
});
const start = (...parameters: Parameters<typeof startDemo>) => (demo = startDemo(...parameters));
const NO_STACK = /Warning:|Error:|\bat .*\.ts:\d+/;

describe("a newcomer walking the demo", () => {
  it("tries every sandbox ID one at a time, some twice: no outage is announced, and no answer blames the provider", async () => {
    const run = start();
    const scenarios = Object.keys(SCENARIOS).filter((scenario) => scenario !== "SETTLE");
    for (const scenario of [...scenarios, "SLOW", "ERROR", "SUCCESS", "FAILED"]) run.type(`/collection COL-${scenario}-1`);
    run.type("/health");
    run.child.stdin?.end();
    expect(await run.exited).toBe(0);
    const output = run.output();
    expect(output).toContain("⌛ Collection COL-SLOW-1: No answer in time");
    expect(output).not.toMatch(/bot> [🟠🔴]/u);
    expect(output).not.toContain("Not only this payment");
    expect(output).toMatch(/bot> 🟢 The payment provider is working normally/);
    expect(output).not.toMatch(NO_STACK);
  }, 90_000);

  it("/health tells the demo's admin when the sandbox's token expires (2100), not that it has no expiry date", async () => {
    const run = start();
    run.type("/health");
    run.child.stdin?.end();
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/Service token: expires 1 Jan 2100/);
    expect(run.output()).not.toContain("no expiry date");
  }, 60_000);

  it("--lang fr: the admins' alert is in French too", async () => {
    const run = start(["--lang", "fr"]);
    run.type("/collection COL-TOKEN-1");
    run.child.stdin?.end();
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("bot> ⚠️ Le fournisseur de paiement a refusé le jeton de service du bot (HTTP 401).");
    expect(run.output()).not.toContain("rejected the bot's service token");
  }, 60_000);

  it("piped input that ends with a watch pending: says what it waits for and that Ctrl+C quits; on Ctrl+C, which watch was dropped", async () => {
    const run = start();
    run.type("/watch COL-PENDING-1");
    run.child.stdin?.end();
    await run.waitFor(/\(waiting up to 60 s for COL-PENDING-1 to settle; Ctrl\+C quits now\)/);
    signalGroup(run.child.pid, "SIGINT");
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/\(quit: the watch of COL-PENDING-1 was dropped, still PENDING\)/);
    expect(run.output()).not.toMatch(NO_STACK);
  }, 60_000);
});

describe.skipIf(!pseudoTerminalAvailable())("the demo in a terminal, with a watch pending", () => {
  it("Ctrl+C ends the input and says a second Ctrl+C quits; the second quits at once, naming the watch dropped", async () => {
    const run = start([], { terminal: true });
    await run.waitFor(/you> $/);
    run.type("/watch COL-PENDING-7");
    await run.waitFor(/COL-PENDING-7[\s\S]*you> $/);
    run.child.stdin?.write("\x03");
    await run.waitFor(/\(waiting up to 60 s for COL-PENDING-7 to settle; Ctrl\+C quits now\)/);
    run.child.stdin?.write("\x03");
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/\(quit: the watch of COL-PENDING-7 was dropped, still PENDING\)/);
  }, 60_000);
});
