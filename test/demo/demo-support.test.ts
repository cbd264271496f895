import { afterEach, describe, expect, it } from "vitest";
import { signalGroup } from "../support/child-processes.ts";
import { startDemo, type DemoProcess } from "../support/demo-process.ts";

let demo: DemoProcess | undefined;
afterEach(() => {
  signalGroup(demo?.child.pid, "SIGKILL");
  demo = undefined;
});

describe("cases in the demo, with its support chat", () => {
  it("escalates a payment, takes the case as support, talks both ways, lists and resolves it: the support chat's messages marked as its own", async () => {
    const run = (demo = startDemo());
    await run.waitFor(/Ctrl\+D quits/);
    run.type("/escalate COL-FAILED-1 the customer says she was charged twice");
    // The card, in the support chat, with its buttons to press.
    await run.waitFor(/\[support\] bot> 🆘 Case #1 · waiting[\s\S]*\[#1 ✋ Take\] \[#2 ✅ Resolved\] \[#3 🔄 Refresh\]/);
    expect(run.output()).toMatch(/\nbot> 🆘 Case #1 opened: the support team has it\./);
    expect(run.output()).toContain("the customer says she was charged twice");

    // ✋ Take, pressed by the support team's member.
    run.type("#1");
    await run.waitFor(/\nbot> ✋ Kofi from support is on case #1\./);
    expect(run.output()).toMatch(/\[support\] bot> \(edits its message\)\n\s+🆘 Case #1 · ✋ taken/);

    // Support writes (a reply to the latest card), the agent answers with /reply.
    run.type("/support Which number did the customer pay from?");
    await run.waitFor(/\[support\] Kofi> Which number did the customer pay from\?[\s\S]*\nbot> 💬 Kofi \(support\), case #1:\n\s+Which number did the customer pay from\?/);
    run.type("/reply 0244 123 456");
    await run.waitFor(/you> \/reply 0244 123 456\n\s+\(a reply to: 💬 Kofi \(support\), case #1:\)[\s\S]*\[support\] bot> 💬 Agent \(agent\), case #1:\n\s+0244 123 456/);

    // A second case, addressed by its number; /cases in the support chat lists both.
    run.type("/escalate AIR-PENDING-2");
    await run.waitFor(/\[support\] bot> 🆘 Case #2 · waiting/);
    run.type("/support #1 Refund sent.");
    await run.waitFor(/\nbot> 💬 Kofi \(support\), case #1:\n\s+Refund sent\./);
    run.type("/support /cases");
    await run.waitFor(/\[support\] bot> Open cases \(2\), oldest first:\n\s+#1 · Collection COL-FAILED-1 · .* · taken by Kofi\n\s+#2 · Airtime AIR-PENDING-2 · .* · nobody has taken it/);

    // ✅ Resolved, pressed on the card shown last (case #2's).
    run.type("#2");
    await run.waitFor(/\nbot> ✅ Kofi from support resolved case #2\./);
    run.type("/support #3 Anyone?");
    await run.waitFor(/\(there is no case #3: \/support #N TEXT replies to case #N.s card\)/);
    run.child.stdin?.end();
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toMatch(/Warning:|Error:|\bat .*\.ts:\d+/);
  }, 90_000);

  it("/support with nothing to reply to yet says how to start", async () => {
    const run = (demo = startDemo());
    run.type("/support Hello?");
    run.type("/reply Hello?");
    run.child.stdin?.end();
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("(no card in the support chat yet: open a case first, e.g. /escalate COL-FAILED-1)");
    expect(run.output()).toContain("(no message of a case to reply to yet: open a case first, e.g. /escalate COL-FAILED-1)");
  }, 60_000);
});
