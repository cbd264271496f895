import { describe, expect, it, vi } from "vitest";
import { startBackgroundLoop, type NextTurn } from "../../src/util/background-loop.ts";
import { fakeClock } from "../support/fake-clock.ts";
import { captureLogs } from "../support/logs.ts";

/** Lets every promise the loop has ready run (its turns take no real time). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A loop whose turns return what `next` says, counted. */
function counted(next: (turn: number, signal: AbortSignal) => Promise<NextTurn> | NextTurn, more: { drain?: () => Promise<unknown>; retryMs?: number } = {}) {
  const clock = fakeClock();
  const logs = captureLogs();
  let turns = 0;
  const loop = startBackgroundLoop({
    turn: async (signal) => next(++turns, signal),
    retryMs: more.retryMs ?? 5_000,
    failure: "the test loop failed; retrying",
    reportedElsewhere: (error) => error instanceof Error && error.message === "store away",
    logger: logs.logger,
    wait: clock.wait,
    ...(more.drain ? { drain: more.drain } : {}),
  });
  return { clock, logs, loop, turns: () => turns };
}

describe("a background loop", () => {
  it("takes a turn at once, then waits what the turn asks for before the next", async () => {
    const t = counted(() => 250);
    await vi.waitFor(() => expect(t.turns()).toBe(1));
    expect(t.clock.asked).toEqual([250]);
    t.clock.advance(249);
    await settle();
    expect(t.turns()).toBe(1);
    t.clock.advance(1);
    await vi.waitFor(() => expect(t.turns()).toBe(2));
    expect(t.clock.asked).toEqual([250, 250]);
    await t.loop.stop(0);
  });

  it("follows a turn that asks for no wait at once, without waiting on the clock", async () => {
    const t = counted((turn) => (turn < 4 ? 0 : 1_000));
    await vi.waitFor(() => expect(t.turns()).toBe(4));
    expect(t.clock.asked).toEqual([1_000]);
    await t.loop.stop(0);
  });

  it("takes the next turn early when what the turn named happens first, and leaves no wait behind", async () => {
    let wake: () => void = () => undefined;
    const t = counted((turn) => (turn === 1 ? { ms: 500, orWhen: new Promise<void>((resolve) => (wake = resolve)) } : 10_000));
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    wake();
    await vi.waitFor(() => expect(t.turns()).toBe(2));
    expect(t.clock.asked).toEqual([500, 10_000]);
    expect(t.clock.waiting()).toBe(1);
    await t.loop.stop(0);
  });

  it("logs a failed turn, a warning, and tries again after retryMs; a failure reported elsewhere (the store away) only at debug", async () => {
    const t = counted(
      (turn) => {
        if (turn === 1) throw new Error("broken");
        if (turn === 2) throw new Error("store away");
        return 60_000;
      },
      { retryMs: 5_000 },
    );
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    expect(t.turns()).toBe(1);
    t.clock.advance(5_000);
    await vi.waitFor(() => expect(t.turns()).toBe(2));
    t.clock.advance(5_000);
    await vi.waitFor(() => expect(t.turns()).toBe(3));
    expect(t.clock.asked).toEqual([5_000, 5_000, 60_000]);
    const failures = t.logs.entries().filter((entry) => entry.msg === "the test loop failed; retrying");
    expect(failures.map((entry) => [entry.level, (entry.err as { message: string }).message])).toEqual([
      ["warn", "broken"],
      ["debug", "store away"],
    ]);
    await t.loop.stop(0);
  });

  it("stops: the wait under way ends at once, no turn starts after, and stop resolves once the loop and what it left running have ended", async () => {
    let drained = false;
    const t = counted(() => 60_000, { drain: async () => void (drained = true) });
    await vi.waitFor(() => expect(t.clock.waiting()).toBe(1));
    await t.loop.stop(1_000);
    expect(drained).toBe(true);
    expect(t.turns()).toBe(1);
    expect(t.clock.waiting()).toBe(0);
    t.clock.advance(120_000);
    await settle();
    expect(t.turns()).toBe(1);
  });

  it("stopping, waits for the turn under way (its signal aborted), then for what it left, at most graceMs", async () => {
    let finish: () => void = () => undefined;
    let aborted = false;
    const t = counted(
      (_turn, signal) =>
        new Promise<number>((resolve) => {
          signal.addEventListener("abort", () => void (aborted = true));
          finish = () => resolve(1_000);
        }),
      { drain: () => new Promise(() => undefined) },
    );
    await vi.waitFor(() => expect(t.turns()).toBe(1));
    let stopped = false;
    const stopping = t.loop.stop(30_000).then(() => void (stopped = true));
    await settle();
    expect(aborted).toBe(true);
    finish();
    await settle();
    // The turn has ended; what it left (the drain) never does: stop gives up at the grace period.
    expect(stopped).toBe(false);
    t.clock.advance(29_999);
    await settle();
    expect(stopped).toBe(false);
    t.clock.advance(1);
    await stopping;
    expect(t.turns()).toBe(1);
    expect(t.clock.waiting()).toBe(0);
  });
});
