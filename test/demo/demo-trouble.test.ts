import { afterEach, describe, expect, it } from "vitest";
import { signalGroup } from "../support/child-processes.ts";
import { startDemo, type DemoProcess } from "../support/demo-process.ts";

let demo: DemoProcess | undefined;
afterEach(() => {
  signalGroup(demo?.child.pid, "SIGKILL");
  demo = undefined;
});

/** The walkthrough's checks: the sample file's 25 IDs, enough for the demo to judge the provider on. */
const FILE = "/file src/demo/sample-ids.csv /collection";
const REPORTS = /Statuses from sample-ids\.csv/;
/** What the banner promises: the recovery announced within this after /trouble none. */
const PROMISED_RECOVERY_MS = 15_000;
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, "g"))?.length ?? 0;
const DOWN = /bot> 🔴 Collection: the payment provider is down since/;
const RECOVERED = /bot> 🟢 Collection: the payment provider is back to normal since/;

describe("the demo's provider-trouble walkthrough", () => {
  it("works after some use, and again: 🔴 and one alert at once, then recovered within the promised time", async () => {
    demo = startDemo();
    const run = demo;
    await run.waitFor(/Ctrl\+D quits/);
    // Some use first: these very IDs checked (and cached) just before, and other checks that went through.
    run.type(FILE);
    await run.waitFor(REPORTS);
    run.type("/airtime AIR-SUCCESS-1 AIR-FAILED-2");
    await run.waitFor(/AIR-FAILED-2/);
    expect(run.output()).toMatch(/recovers within 15 s/);

    for (let round = 1; round <= 2; round++) {
      run.type("/trouble errors");
      run.type(FILE);
      // The alert follows the answer at once, before anything else is typed.
      await run.waitFor(new RegExp(`(${DOWN.source}[\\s\\S]*){${round}}`), 10_000);
      run.type("/health");
      await run.waitFor(new RegExp(`(bot> 🔴 The payment provider is down for Collection[\\s\\S]*){${round}}`), 10_000);

      const recovering = Date.now();
      run.type("/trouble none");
      run.type(FILE);
      await run.waitFor(new RegExp(`(${RECOVERED.source}[\\s\\S]*){${round}}`), PROMISED_RECOVERY_MS + 5_000);
      expect(Date.now() - recovering).toBeLessThanOrEqual(PROMISED_RECOVERY_MS);
    }
    const output = run.output();
    expect(count(output, DOWN)).toBe(2);
    expect(count(output, RECOVERED)).toBe(2);
    expect(output).not.toMatch(/bot> 🟠/);
    expect(output).toMatch(/In the last 5 minutes 100% of 25 enquiries could not be checked/);
    run.child.stdin?.end();
    expect(await run.exited).toBe(0);
  }, 90_000);
});
