import { describe, expect, it } from "vitest";
import { deadlineIn, finishedWithin } from "../../src/util/deadline.ts";

describe("a deadline several steps share", () => {
  it("counts down from one moment, never below 0", () => {
    let now = 1_000;
    const deadline = deadlineIn(500, () => now);
    expect(deadline.left()).toBe(500);
    now += 300;
    expect(deadline.left()).toBe(200);
    now += 1_000;
    expect(deadline.left()).toBe(0);
  });

  it("waits for work no longer than asked: true when it finished, false when it did not", async () => {
    expect(await finishedWithin(Promise.resolve(), 1_000)).toBe(true);
    const started = performance.now();
    expect(await finishedWithin(new Promise(() => undefined), 50)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("passes on a failure that comes in time, and ignores one that comes late", async () => {
    await expect(finishedWithin(Promise.reject(new Error("broken")), 1_000)).rejects.toThrow("broken");
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 30));
    expect(await finishedWithin(late, 0)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
  });

  it("without a limit, waits for the work whatever it takes", async () => {
    expect(await finishedWithin(new Promise((resolve) => setTimeout(resolve, 20)), Infinity)).toBe(true);
  });
});
