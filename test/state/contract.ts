import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { StateUnavailableError, type StateStore } from "../../src/state/ports.ts";
import { decodeJson } from "../../src/util/decode-json.ts";

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
        await s.claims.heartbeat("a", 60_000);
        await s.claims.heartbeat("b", 60_000);
        const results = await Promise.all([s.claims.claim("job", "a", 60_000), s.claims.claim("job", "b", 60_000)]);
        expect(results.sort()).toEqual(["busy", "claimed"]);
        await s.claims.complete("job", 60_000);
        expect(await s.claims.claim("job", "a", 60_000)).toBe("done");
        expect(await s.claims.claim("job", "b", 60_000)).toBe("done");
      });

      it("lets another take over the claim of an instance whose heartbeat stopped", async () => {
        const s = await store();
        await s.claims.heartbeat("dying", 50);
        await s.claims.heartbeat("alive", 60_000);
        expect(await s.claims.claim("job", "dying", 60_000)).toBe("claimed");
        expect(await s.claims.claim("job", "alive", 60_000)).toBe("busy");
        await sleep(120);
        expect(await s.claims.claim("job", "alive", 60_000)).toBe("claimed");
      });

      it("frees a released claim at once, but only its owner's", async () => {
        const s = await store();
        await s.claims.heartbeat("a", 60_000);
        await s.claims.heartbeat("b", 60_000);
        expect(await s.claims.claim("job", "a", 60_000)).toBe("claimed");
        await s.claims.release("job", "b");
        expect(await s.claims.claim("job", "b", 60_000)).toBe("busy");
        await s.claims.release("job", "a");
        expect(await s.claims.claim("job", "b", 60_000)).toBe("claimed");
      });

      it("keeps claims apart from values: a claim and a value may share a name", async () => {
        const s = await store();
        await s.kv.set("bulk-job:1", "the job's record", 60_000);
        expect(await s.claims.claim("bulk-job:1", "a", 60_000)).toBe("claimed");
        await s.claims.complete("bulk-job:1", 60_000);
        expect(await s.kv.get("bulk-job:1")).toBe("the job's record");
        await s.kv.delete("bulk-job:1");
        expect(await s.claims.claim("bulk-job:1", "b", 60_000)).toBe("done");
      });

      it("forgets a completed claim after its time", async () => {
        const s = await store();
        expect(await s.claims.claim("job", "a", 60_000)).toBe("claimed");
        await s.claims.complete("job", 50);
        await sleep(120);
        expect(await s.claims.claim("job", "a", 60_000)).toBe("claimed");
      });
    });

    describe("a claim and a budget's spend in one step", () => {
      const budget = (cost: number, limit = 5) => ({ key: "rate:1", cost, limit, windowMs: 60_000 });

      it("spends only when the claim is taken: never for work done, nor for work in another's hands", async () => {
        const s = await store();
        await s.claims.heartbeat("a", 60_000);
        await s.claims.heartbeat("b", 60_000);
        expect(await s.claims.claimAndSpend("update:1", "a", 60_000, budget(2))).toMatchObject({ claim: "claimed", spend: { granted: true, used: 2 } });
        expect(await s.claims.claimAndSpend("update:1", "b", 60_000, budget(2))).toEqual({ claim: "busy", spend: undefined });
        await s.claims.complete("update:1", 60_000);
        expect(await s.claims.claimAndSpend("update:1", "b", 60_000, budget(2))).toEqual({ claim: "done", spend: undefined });
        // The budget holds the one spend, where the counters keep it.
        expect(await s.counters.spend("rate:1", 3, 5, 60_000)).toMatchObject({ granted: true, used: 5 });
      });

      it("takes the claim when the budget refuses, spending nothing: the work is then to say so", async () => {
        const s = await store();
        await s.claims.heartbeat("a", 60_000);
        await s.counters.spend("rate:1", 4, 5, 60_000);
        const result = await s.claims.claimAndSpend("update:2", "a", 60_000, budget(2));
        expect(result).toMatchObject({ claim: "claimed", spend: { granted: false, used: 4 } });
        expect(result.spend?.resetInMs).toBeGreaterThan(0);
        expect(result.spend?.resetInMs).toBeLessThanOrEqual(60_000);
        expect(await s.claims.claim("update:2", "b", 60_000)).toBe("busy");
        expect(await s.counters.spend("rate:1", 1, 5, 60_000)).toMatchObject({ granted: true, used: 5 });
      });

      it("hands each update to one of its concurrent claimers, and never lets them past the budget", async () => {
        const s = await store();
        const owners = ["a", "b", "c", "d", "e"];
        for (const owner of owners) await s.claims.heartbeat(owner, 60_000);
        const same = await Promise.all(owners.map((owner) => s.claims.claimAndSpend("update:3", owner, 60_000, budget(1, 60))));
        expect(same.filter((result) => result.claim === "claimed")).toHaveLength(1);
        expect(same.filter((result) => result.spend !== undefined)).toHaveLength(1);
        const many = await Promise.all(Array.from({ length: 50 }, (_, i) => s.claims.claimAndSpend(`update:${100 + i}`, "a", 60_000, budget(3, 61))));
        expect(many.every((result) => result.claim === "claimed")).toBe(true);
        expect(many.filter((result) => result.spend?.granted)).toHaveLength(20);
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
        const list = (text: string | undefined) => decodeJson(z.array(z.string()), text) ?? [];
        const add = (item: string) => s.kv.update("list", (current) => JSON.stringify([...list(current), item]), 60_000);
        await Promise.all(Array.from({ length: 25 }, (_, i) => add(`item-${i}`)));
        expect(list(await s.kv.get("list")).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `item-${i}`).sort());
      });

      it("stores an empty string as a value, as set does; only undefined deletes", async () => {
        const s = await store();
        expect(await s.kv.update("empty", () => "", 60_000)).toBe("");
        expect(await s.kv.get("empty")).toBe("");
        expect(await s.kv.update("empty", (current) => (current === "" ? "was empty" : "?"), 60_000)).toBe("was empty");
      });

      it("passes on what the change itself throws: the caller's error, not an outage of the store", async () => {
        const s = await store();
        const bug = new TypeError("a bug in the change");
        const failing = s.kv.update("doc", () => {
          throw bug;
        }, 60_000);
        await expect(failing).rejects.toBe(bug);
        await expect(failing).rejects.not.toBeInstanceOf(StateUnavailableError);
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

    describe("records", () => {
      it("keeps a record until it is deleted, and lists a collection", async () => {
        const s = await store();
        expect(await s.records.update("grants", "user:1", () => "one")).toBe("one");
        expect(await s.records.update("grants", "chat:-2", () => "two")).toBe("two");
        expect(await s.records.update("other", "user:1", () => "elsewhere")).toBe("elsewhere");
        expect(await s.records.get("grants", "user:1")).toBe("one");
        expect([...(await s.records.all("grants")).entries()].sort()).toEqual([
          ["chat:-2", "two"],
          ["user:1", "one"],
        ]);
        expect(await s.records.update("grants", "user:1", () => undefined)).toBeUndefined();
        expect(await s.records.get("grants", "user:1")).toBeUndefined();
        expect(await s.records.all("nothing")).toEqual(new Map());
      });

      it("moves a collection's revision on with every change, and only then, never to a revision seen before", async () => {
        const s = await store();
        expect(await s.records.revision("grants")).toBe("");
        const seen = new Set([""]);
        for (let change = 0; change < 20; change++) {
          await s.records.update("grants", "a", () => String(change % 2));
          const revision = await s.records.revision("grants");
          // An integer: during a rolling upgrade, an older version moves it on with INCR.
          expect(revision).toMatch(/^-?\d+$/);
          expect(seen.has(revision)).toBe(false);
          seen.add(revision);
          await s.records.update("grants", "a", (current) => current);
          expect(await s.records.revision("grants")).toBe(revision);
        }
        expect(await s.records.revision("other")).toBe("");
      });

      it("changes a record in one step: of many concurrent changes none is lost, and a one-time use is used once", async () => {
        const s = await store();
        await Promise.all(Array.from({ length: 20 }, () => s.records.update("counts", "x", (current) => String(Number(current ?? 0) + 1))));
        expect(await s.records.get("counts", "x")).toBe("20");
        await s.records.update("invites", "code", () => "1");
        // Whoever's change is the one stored knows it: the last run of `change` is the one that counts.
        const take = async () => {
          let won = false;
          await s.records.update("invites", "code", (current) => {
            won = current === "1";
            return won ? "0" : current;
          });
          return won;
        };
        const takes = await Promise.all(Array.from({ length: 10 }, take));
        expect(takes.filter(Boolean)).toHaveLength(1);
        expect(await s.records.get("invites", "code")).toBe("0");
      });
    });

    describe("schedules as indexes", () => {
      it("counts the members due by a time, and tells the earliest", async () => {
        const s = await store();
        expect(await s.schedules.countDue("starts", 1_000)).toEqual({ count: 0, earliest: undefined });
        await s.schedules.set("starts", "a", 300);
        await s.schedules.set("starts", "b", 100);
        await s.schedules.set("starts", "c", 5_000);
        await s.schedules.set("other", "z", 1);
        expect(await s.schedules.countDue("starts", 1_000)).toEqual({ count: 2, earliest: 100 });
        expect(await s.schedules.countDue("starts", 50)).toEqual({ count: 0, earliest: undefined });
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

    describe("tallies", () => {
      const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

      it("adds counts from many additions, in one call, and reads them back as sums", async () => {
        const s = await store();
        await s.tallies.add([
          { key: "m:1", ttlMs: 60_000, counts: counts({ "collection:found": 2, "airtime:timeout": 1 }) },
          { key: "m:2", ttlMs: 60_000, counts: counts({ "collection:found": 5 }) },
        ]);
        await s.tallies.add([{ key: "m:1", ttlMs: 60_000, counts: counts({ "collection:found": 3 }) }]);
        const read = await s.tallies.read(["m:1", "m:2", "m:absent"]);
        expect(read.get("m:1")).toEqual(counts({ "collection:found": 5, "airtime:timeout": 1 }));
        expect(read.get("m:2")).toEqual(counts({ "collection:found": 5 }));
        expect(read.has("m:absent")).toBe(false);
        expect(await s.tallies.read([])).toEqual(new Map());
      });

      it("adds up concurrent additions without losing any", async () => {
        const s = await store();
        await Promise.all(Array.from({ length: 20 }, () => s.tallies.add([{ key: "busy", ttlMs: 60_000, counts: counts({ n: 1 }) }])));
        expect((await s.tallies.read(["busy"])).get("busy")?.get("n")).toBe(20);
      });

      it("keeps a bounded tally within its fields: new fields beyond it go to the overflow", async () => {
        const s = await store();
        const limit = { fields: 3, overflow: "" };
        await s.tallies.add([{ key: "reasons", ttlMs: 60_000, limit, counts: counts({ a: 1, b: 1 }) }]);
        await s.tallies.add([{ key: "reasons", ttlMs: 60_000, limit, counts: counts({ c: 1, d: 2, e: 3, a: 4 }) }]);
        expect((await s.tallies.read(["reasons"])).get("reasons")).toEqual(counts({ a: 5, b: 1, c: 1, "": 5 }));
      });

      it("expires a tally whole when it is not added to, and starts it again from zero", async () => {
        const s = await store();
        await s.tallies.add([{ key: "brief", ttlMs: 50, counts: counts({ n: 7 }) }]);
        await s.tallies.add([{ key: "kept", ttlMs: 60_000, counts: counts({ n: 1 }) }]);
        await sleep(120);
        expect([...(await s.tallies.read(["brief", "kept"])).keys()]).toEqual(["kept"]);
        await s.tallies.add([{ key: "brief", ttlMs: 60_000, counts: counts({ n: 1 }) }]);
        expect((await s.tallies.read(["brief"])).get("brief")?.get("n")).toBe(1);
      });

      it("counts distinct members across several keys, each member once", async () => {
        const s = await store();
        await s.tallies.add([
          { key: "ids:1", ttlMs: 60_000, members: ["collection:A", "collection:B", "airtime:A"] },
          { key: "ids:2", ttlMs: 60_000, members: ["collection:B", "collection:C"] },
        ]);
        await s.tallies.add([{ key: "ids:2", ttlMs: 60_000, members: ["collection:A", "collection:C"] }]);
        expect(await s.tallies.countDistinct(["ids:1", "ids:2"])).toBe(4);
        expect(await s.tallies.countDistinct(["ids:2"])).toBe(3);
        expect(await s.tallies.countDistinct(["ids:none"])).toBe(0);
        await s.tallies.add([{ key: "ids:brief", ttlMs: 50, members: ["x"] }]);
        await sleep(120);
        expect(await s.tallies.countDistinct(["ids:brief"])).toBe(0);
      });
    });

    it("counts the instances alive: their heartbeat has not lapsed", async () => {
      const s = await store();
      await s.claims.heartbeat("one", 60_000);
      await s.claims.heartbeat("two", 60_000);
      await s.claims.heartbeat("brief", 50);
      await s.claims.heartbeat("one", 60_000);
      await sleep(120);
      expect(await s.claims.instancesAlive()).toBe(2);
    });

    it("keeps a marker: written the first time, renewed after", async () => {
      const s = await store();
      expect(await s.keepMarker(60_000)).toBe(false);
      expect(await s.keepMarker(60_000)).toBe(true);
    });

    it("reports itself healthy", async () => {
      expect((await store()).health()).toEqual({ status: "ok" });
    });
  });
}
