import { afterEach, describe, expect, it } from "vitest";
import type { WatchSchedule } from "../../../src/payments/watches/schedule.ts";
import type { NewWatch } from "../../../src/payments/watches/target.ts";
import { createWatchStore } from "../../../src/payments/watches/watch-store.ts";
import type { StateStore } from "../../../src/state/ports.ts";
import { openRedisStore } from "../../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { outcomes } from "../../support/outcomes.ts";
import { deletePrefix, probeRedis, testPrefix } from "../../support/redis.ts";

const redis = await probeRedis();
const schedule: WatchSchedule = { firstCheckMs: 15_000, maxIntervalMs: 600_000, maxAgeMs: 24 * 3_600_000, notFoundMs: 30 * 60_000 };
const T0 = Date.parse("2026-11-22T08:00:00Z");
const TX1 = { scope: "collection" as const, transactionId: "TX-1" };
const TX2 = { scope: "airtime" as const, transactionId: "TX-2" };
const watcher = (userId: number, chatId = userId): NewWatch => ({ chatId, chatType: chatId < 0 ? "supergroup" : "private", messageId: 10, locale: "en", subscriber: { userId, name: `U${userId}` } });

const adapters: { name: string; open: () => Promise<{ state: StateStore; dispose: () => Promise<void> }>; skip?: string }[] = [
  { name: "SQLite", open: async () => { const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }); return { state, dispose: () => state.close() }; } },
  {
    name: "Redis",
    ...(redis.available ? {} : { skip: redis.reason }),
    open: async () => {
      const prefix = testPrefix("watches");
      const url = redis.available ? redis.url : "";
      const state = await openRedisStore({ url, prefix });
      return { state, dispose: async () => { await state.close(); await deletePrefix(url, prefix); } };
    },
  },
];

for (const adapter of adapters) {
  describe.skipIf(adapter.skip !== undefined)(`watches kept in ${adapter.name}`, () => {
    let clock = T0;
    let dispose: (() => Promise<void>) | undefined;
    const open = async () => {
      clock = T0;
      const opened = await adapter.open();
      dispose = opened.dispose;
      return createWatchStore({ state: opened.state, schedule, now: () => clock, random: () => 0.5 });
    };
    afterEach(async () => {
      await dispose?.();
      dispose = undefined;
    });

    it("schedules a new watch's first check, and hands it to one checker at a time", async () => {
      const store = await open();
      expect(await store.subscribe([TX1], watcher(1), 50)).toEqual({ type: "ok", added: [TX1], already: [] });
      expect(await store.claimDueChecks(10, 60_000)).toEqual([]);
      clock += 15_000;
      const [first, second] = await Promise.all([store.claimDueChecks(10, 60_000), store.claimDueChecks(10, 60_000)]);
      expect([...(first ?? []), ...(second ?? [])]).toEqual([TX1]);
      expect(await store.activeTargets()).toBe(1);
    });

    it("tells how many watched payments have waited long, and since when the oldest has; settled ones leave", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1), 50);
      clock += 30 * 60_000;
      await store.subscribe([TX2], watcher(2), 50);
      // A second watcher does not make the payment younger.
      await store.subscribe([TX1], watcher(3), 50);
      clock += 45 * 60_000;
      expect(await store.waitingSince(clock - 3_600_000)).toEqual({ count: 1, oldest: T0 });
      expect(await store.waitingSince(clock)).toEqual({ count: 2, oldest: T0 });
      const due = await store.claimDueChecks(10, 60_000);
      expect(due).toContainEqual(TX1);
      await store.prepareCheck(TX1, () => true);
      await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
      expect(await store.waitingSince(clock)).toEqual({ count: 1, oldest: T0 + 30 * 60_000 });
    });

    it("says so when already watching, and refuses whole past the per-user limit, naming it", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1), 2);
      expect(await store.subscribe([TX1], watcher(1), 2)).toEqual({ type: "ok", added: [], already: [TX1] });
      expect(await store.subscribe([TX2, { scope: "collection", transactionId: "TX-3" }], watcher(1), 2)).toEqual({ type: "limit", active: 1, max: 2 });
      expect((await store.watchesOf(1, 1)).map((entry) => entry.target.transactionId)).toEqual(["TX-1"]);
    });

    it("turns a settled check into notices, which are sent once and then forgotten", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1, -5), 50);
      await store.subscribe([TX1], watcher(2, -5), 50);
      clock += 15_000;
      const [ref] = await store.claimDueChecks(10, 60_000);
      expect(ref).toEqual(TX1);
      expect(await store.prepareCheck(TX1, () => true)).toBeDefined();
      await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
      expect(await store.activeTargets()).toBe(0);
      expect(await store.claimDueNotices(10, 60_000)).toEqual([TX1]);
      const target = await store.load(TX1);
      expect(target?.notices.map((notice) => [notice.chatId, notice.subscribers.length])).toEqual([[-5, 2]]);
      await store.noticeDone(TX1, target?.notices[0]?.id ?? "", "sent");
      expect(await store.load(TX1)).toBeUndefined();
      expect(await store.pendingNotices()).toBe(0);
      expect(await store.watchesOf(-5, 1)).toEqual([]);
    });

    it("keeps checking what is still pending, later each time", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1), 50);
      clock += 15_000;
      await store.claimDueChecks(10, 60_000);
      await store.recordCheck(TX1, [outcomes.pending("collection", "TX-1")]);
      clock += 29_999;
      expect(await store.claimDueChecks(10, 60_000)).toEqual([]);
      clock += 1;
      expect(await store.claimDueChecks(10, 60_000)).toEqual([TX1]);
    });

    it("gives a claimed check to another checker once its lease lapses (its checker died)", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1), 50);
      clock += 15_000;
      expect(await store.claimDueChecks(10, 60_000)).toEqual([TX1]);
      clock += 59_999;
      expect(await store.claimDueChecks(10, 60_000)).toEqual([]);
      clock += 1;
      expect(await store.claimDueChecks(10, 60_000)).toEqual([TX1]);
    });

    it("hands a /watch on both kinds on to the kind that knows the ID", async () => {
      const store = await open();
      const both = { scope: "status" as const, transactionId: "TX-7" };
      await store.subscribe([both], watcher(1), 50);
      clock += 15_000;
      await store.claimDueChecks(10, 60_000);
      await store.recordCheck(both, [outcomes.notFound("collection", "TX-7"), outcomes.pending("airtime", "TX-7")]);
      expect(await store.load(both)).toBeUndefined();
      expect((await store.watchesOf(1, 1)).map((entry) => entry.target.scope)).toEqual(["airtime"]);
      clock += 15_000;
      expect(await store.claimDueChecks(10, 60_000)).toEqual([{ scope: "airtime", transactionId: "TX-7" }]);
    });

    it("drops watches that may no longer ask, silently, and makes no check when none is left", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1), 50);
      clock += 15_000;
      await store.claimDueChecks(10, 60_000);
      expect(await store.prepareCheck(TX1, () => false)).toBeUndefined();
      expect(await store.load(TX1)).toBeUndefined();
      expect(await store.activeTargets()).toBe(0);
    });

    it("stops a user's own subscription only, and ends a chat's watches when the bot is blocked there", async () => {
      const store = await open();
      await store.subscribe([TX1, TX2], watcher(1, -5), 50);
      await store.subscribe([TX1], watcher(2, -5), 50);
      await store.subscribe([TX1], watcher(3), 50);
      expect(await store.unsubscribe(-5, 1, (ref) => ref.transactionId === "TX-1")).toEqual([TX1]);
      expect([...(await store.subscribersIn(-5, [TX1, TX2]))].sort()).toEqual([1, 2]);
      await store.forChat(-5, { drop: true });
      expect(await store.load(TX2)).toBeUndefined();
      expect((await store.load(TX1))?.watches.map((watch) => watch.chatId)).toEqual([3]);
    });

    it("moves a chat's watches to its new ID when the group became a supergroup", async () => {
      const store = await open();
      await store.subscribe([TX1], watcher(1, -5), 50);
      await store.forChat(-5, { moveTo: -1005 });
      expect((await store.load(TX1))?.watches.map((watch) => watch.chatId)).toEqual([-1005]);
      expect((await store.watchesOf(-1005, 1)).map((entry) => entry.target.transactionId)).toEqual(["TX-1"]);
    });
  });
}
