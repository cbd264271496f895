import { afterEach, describe, expect, it } from "vitest";
import type { StateStore } from "../../src/state/ports.ts";

export interface ContractSubject {
  store: StateStore;
  /** Deletes what the test wrote and closes the store. */
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every state store must have, run against each adapter: the rest of the bot relies
 * on exactly this, whichever store it is given.
 */
export function describeStateContract(name: string, open: () => Promise<ContractSubject>, options: { skip?: string } = {}): void {
  describe.skipIf(options.skip !== undefined)(`state store contract: ${name}`, () => {
    let subject: ContractSubject | undefined;
    const store = async () => {
      subject = await open();
      return subject.store;
    };
    afterEach(async () => {
      await subject?.dispose();
      subject = undefined;
    });

    describe("values", () => {
      it("stores, reads, replaces and deletes", async () => {
        const s = await store();
        expect(await s.kv.get("k")).toBeUndefined();
        await s.kv.set("k", "one", 60_000);
        expect(await s.kv.get("k")).toBe("one");
        await s.kv.set("k", "two", 60_000);
        expect(await s.kv.get("k")).toBe("two");
        await s.kv.delete("k");
        expect(await s.kv.get("k")).toBeUndefined();
      });

      it("expires values by themselves", async () => {
        const s = await store();
        await s.kv.set("short", "x", 50);
        await s.kv.set("long", "y", 60_000);
        await sleep(120);
        expect(await s.kv.get("short")).toBeUndefined();
        expect(await s.kv.get("long")).toBe("y");
      });

      it("stores only when absent, atomically: one of many concurrent claimers wins", async () => {
        const s = await store();
        const results = await Promise.all(Array.from({ length: 20 }, (_, i) => s.kv.setIfAbsent("once", String(i), 60_000)));
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true);
        expect(await s.kv.get("once")).toBe(String(winner));
        expect(await s.kv.setIfAbsent("once", "late", 60_000)).toBe(false);
      });

      it("lets an expired value be claimed again", async () => {
        const s = await store();
        expect(await s.kv.setIfAbsent("lapse", "a", 50)).toBe(true);
        await sleep(120);
        expect(await s.kv.setIfAbsent("lapse", "b", 60_000)).toBe(true);
        expect(await s.kv.get("lapse")).toBe("b");
      });
    });

    describe("budgets per fixed window", () => {
      it("adds what fits, refuses whole what does not, and spends nothing when refusing", async () => {
        const s = await store();
        expect(await s.counters.spend("b", 40, 60, 60_000)).toMatchObject({ granted: true, used: 40 });
        expect(await s.counters.spend("b", 21, 60, 60_000)).toMatchObject({ granted: false, used: 40 });
        expect(await s.counters.spend("b", 20, 60, 60_000)).toMatchObject({ granted: true, used: 60 });
        const refused = await s.counters.spend("b", 1, 60, 60_000);
        expect(refused.granted).toBe(false);
        expect(refused.resetInMs).toBeGreaterThan(0);
        expect(refused.resetInMs).toBeLessThanOrEqual(60_000);
      });

      it("starts a new window once the old one ends", async () => {
        const s = await store();
        expect((await s.counters.spend("w", 2, 2, 100)).granted).toBe(true);
        expect((await s.counters.spend("w", 1, 2, 100)).granted).toBe(false);
        await sleep(150);
        expect(await s.counters.spend("w", 2, 2, 100)).toMatchObject({ granted: true, used: 2 });
      });

      it("never lets concurrent spenders go past the limit", async () => {
        const s = await store();
        const results = await Promise.all(Array.from({ length: 50 }, () => s.counters.spend("c", 3, 60, 60_000)));
        expect(results.filter((r) => r.granted)).toHaveLength(20);
      });
    });

    describe("sliding windows", () => {
      it("grants at most the limit in any window of that length, and says when the next grant comes", async () => {
        const s = await store();
        const first = await Promise.all(Array.from({ length: 8 }, () => s.counters.take("bg", 5, 300)));
        expect(first.filter((r) => r.granted)).toHaveLength(5);
        const refused = first.find((r) => !r.granted);
        expect(refused && !refused.granted && refused.retryInMs).toBeGreaterThan(0);
        expect(refused && !refused.granted && refused.retryInMs).toBeLessThanOrEqual(300);
        await sleep(320);
        expect((await s.counters.take("bg", 5, 300)).granted).toBe(true);
      });
    });

    describe("claims", () => {
      it("hands work to one claimer, then reports it done", async () => {
        const s = await store();
        await s.heartbeat("a", 60_000);
        await s.heartbeat("b", 60_000);
        const results = await Promise.all([s.claims.claim("job", "a", 60_000), s.claims.claim("job", "b", 60_000)]);
        expect(results.sort()).toEqual(["busy", "claimed"]);
        await s.claims.complete("job", 60_000);
        expect(await s.claims.claim("job", "a", 60_000)).toBe("done");
        expect(await s.claims.claim("job", "b", 60_000)).toBe("done");
      });

      it("lets another take over the claim of an instance whose heartbeat stopped", async () => {
        const s = await store();
        await s.heartbeat("dying", 50);
        await s.heartbeat("alive", 60_000);
        expect(await s.claims.claim("job", "dying", 60_000)).toBe("claimed");
        expect(await s.claims.claim("job", "alive", 60_000)).toBe("busy");
        await sleep(120);
        expect(await s.claims.claim("job", "alive", 60_000)).toBe("claimed");
      });

      it("frees a released claim at once, but only its owner's", async () => {
        const s = await store();
        await s.heartbeat("a", 60_000);
        await s.heartbeat("b", 60_000);
        expect(await s.claims.claim("job", "a", 60_000)).toBe("claimed");
        await s.claims.release("job", "b");
        expect(await s.claims.claim("job", "b", 60_000)).toBe("busy");
        await s.claims.release("job", "a");
        expect(await s.claims.claim("job", "b", 60_000)).toBe("claimed");
      });

      it("forgets a completed claim after its time", async () => {
        const s = await store();
        expect(await s.claims.claim("job", "a", 60_000)).toBe("claimed");
        await s.claims.complete("job", 50);
        await sleep(120);
        expect(await s.claims.claim("job", "a", 60_000)).toBe("claimed");
      });
    });

    describe("leases", () => {
      it("gives a lease to one owner, renews it for that owner, and hands it on when released or lapsed", async () => {
        const s = await store();
        expect(await s.leases.acquire("poll", "a", 100)).toBe(true);
        expect(await s.leases.acquire("poll", "b", 100)).toBe(false);
        expect(await s.leases.acquire("poll", "a", 100)).toBe(true);
        await s.leases.release("poll", "b");
        expect(await s.leases.acquire("poll", "b", 100)).toBe(false);
        await s.leases.release("poll", "a");
        expect(await s.leases.acquire("poll", "b", 100)).toBe(true);
        await sleep(150);
        expect(await s.leases.acquire("poll", "a", 100)).toBe(true);
      });
    });

    describe("documents updated in one step", () => {
      it("creates, changes and deletes, returning what was stored", async () => {
        const s = await store();
        expect(await s.kv.update("doc", (current) => (current === undefined ? "1" : current), 60_000)).toBe("1");
        expect(await s.kv.update("doc", (current) => String(Number(current) + 1), 60_000)).toBe("2");
        expect(await s.kv.get("doc")).toBe("2");
        expect(await s.kv.update("doc", () => undefined, 60_000)).toBeUndefined();
        expect(await s.kv.get("doc")).toBeUndefined();
      });

      it("loses no change when many writers update at once", async () => {
        const s = await store();
        const add = (item: string) => s.kv.update("list", (current) => JSON.stringify([...(current ? (JSON.parse(current) as string[]) : []), item]), 60_000);
        await Promise.all(Array.from({ length: 25 }, (_, i) => add(`item-${i}`)));
        expect((JSON.parse((await s.kv.get("list")) ?? "[]") as string[]).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `item-${i}`).sort());
      });

      it("lets an updated document expire by itself", async () => {
        const s = await store();
        await s.kv.update("brief", () => "x", 50);
        await sleep(120);
        expect(await s.kv.get("brief")).toBeUndefined();
      });
    });

    describe("schedules", () => {
      it("hands out what is due, earliest first, each to one claimer, and leases it", async () => {
        const s = await store();
        await s.schedules.set("checks", "late", 3_000);
        await s.schedules.set("checks", "early", 1_000);
        await s.schedules.set("checks", "middle", 2_000);
        expect(await s.schedules.claimDue("checks", 2_500, 10, 10_000)).toEqual(["early", "middle"]);
        // Leased: not due again until the lease ends.
        expect(await s.schedules.claimDue("checks", 3_500, 10, 10_000)).toEqual(["late"]);
        expect(await s.schedules.claimDue("checks", 12_499, 10, 10_000)).toEqual([]);
        expect((await s.schedules.claimDue("checks", 12_500, 10, 10_000)).sort()).toEqual(["early", "middle"]);
        expect(await s.schedules.size("checks")).toBe(3);
      });

      it("gives each due member to exactly one of many concurrent claimers", async () => {
        const s = await store();
        for (let i = 0; i < 30; i++) await s.schedules.set("work", `m${i}`, 1_000 + i);
        const taken = (await Promise.all(Array.from({ length: 6 }, () => s.schedules.claimDue("work", 5_000, 10, 60_000)))).flat();
        expect(taken).toHaveLength(30);
        expect(new Set(taken).size).toBe(30);
      });

      it("reschedules, moves earlier only when asked to advance, reports when due, and removes", async () => {
        const s = await store();
        await s.schedules.set("checks", "a", 5_000);
        await s.schedules.advance("checks", "a", 8_000);
        expect(await s.schedules.dueAt("checks", "a")).toBe(5_000);
        await s.schedules.advance("checks", "a", 2_000);
        expect(await s.schedules.dueAt("checks", "a")).toBe(2_000);
        await s.schedules.set("checks", "a", 9_000);
        expect(await s.schedules.dueAt("checks", "a")).toBe(9_000);
        await s.schedules.advance("checks", "b", 1_000);
        expect(await s.schedules.dueAt("checks", "b")).toBe(1_000);
        await s.schedules.remove("checks", "a");
        expect(await s.schedules.dueAt("checks", "a")).toBeUndefined();
        expect(await s.schedules.claimDue("checks", 10_000, 10, 1_000)).toEqual(["b"]);
      });

      it("keeps schedules apart by name", async () => {
        const s = await store();
        await s.schedules.set("one", "m", 1);
        expect(await s.schedules.claimDue("two", 10, 10, 1_000)).toEqual([]);
        expect(await s.schedules.size("two")).toBe(0);
      });
    });

    describe("sets", () => {
      it("adds once, removes, lists, and expires whole when not added to", async () => {
        const s = await store();
        await s.sets.add("user:1", "a", 60_000);
        await s.sets.add("user:1", "b", 60_000);
        await s.sets.add("user:1", "a", 60_000);
        expect((await s.sets.members("user:1")).sort()).toEqual(["a", "b"]);
        await s.sets.remove("user:1", "a");
        expect(await s.sets.members("user:1")).toEqual(["b"]);
        await s.sets.add("brief", "x", 50);
        await sleep(120);
        expect(await s.sets.members("brief")).toEqual([]);
      });

      it("extends the whole set whenever a member is added", async () => {
        const s = await store();
        await s.sets.add("idx", "first", 150);
        await sleep(100);
        await s.sets.add("idx", "second", 150);
        await sleep(100);
        expect((await s.sets.members("idx")).sort()).toEqual(["first", "second"]);
      });
    });

    it("reports itself healthy", async () => {
      expect((await store()).health()).toEqual({ status: "ok" });
    });
  });
}
