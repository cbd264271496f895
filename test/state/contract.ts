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

    it("reports itself healthy", async () => {
      expect((await store()).health()).toEqual({ status: "ok" });
    });
  });
}
