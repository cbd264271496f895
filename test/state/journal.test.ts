import { describe, expect, it } from "vitest";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { deletePrefix, keysWithTtl, probeRedis, testPrefix } from "../support/redis.ts";
import { describeJournalContract } from "./journal-contract.ts";
import { sqliteInFile, sqliteInMemory, redisUnderPrefix } from "./contract-stores.ts";

const redis = await probeRedis();
const skip = redis.available ? undefined : redis.reason;
const url = redis.available ? redis.url : "";

describeJournalContract("SQLite, in memory", sqliteInMemory);
describeJournalContract("SQLite, in a file", sqliteInFile("journal-contract"));
describeJournalContract("Redis", redisUnderPrefix(url, "journal"), skip === undefined ? {} : { skip });

const T0 = Date.parse("2026-11-22T12:00:00Z");

describe.skipIf(skip !== undefined)("the journal in Redis", () => {
  it("takes appends from two instances at once, each entry once, in one order for both", async () => {
    const prefix = testPrefix("journal-two");
    const [one, two] = await Promise.all([openRedisStore({ url, prefix }), openRedisStore({ url, prefix })]);
    try {
      const append = (store: typeof one, i: number) => store.journal.append({ at: T0 + (i % 5), payment: "collection:C", person: String(i % 3), status: "PENDING", onlyIfChanged: false, data: `{"n":${i}}`, retentionMs: 86_400_000 });
      await Promise.all([...Array(200).keys()].map((i) => append(i % 2 === 0 ? one : two, i)));
      const fromOne = await one.journal.forPayment("collection:C", { limit: 500 });
      const fromTwo = await two.journal.forPayment("collection:C", { limit: 500 });
      expect(fromOne).toHaveLength(200);
      expect(fromTwo).toEqual(fromOne);
      expect(new Set(fromOne.map((row) => row.data)).size).toBe(200);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await deletePrefix(url, prefix);
    }
  });

  it("trims by age as it appends, and every key it writes lapses by itself", async () => {
    const prefix = testPrefix("journal-trim");
    const store = await openRedisStore({ url, prefix });
    try {
      const retentionMs = 60_000;
      const append = (at: number, payment: string) => store.journal.append({ at, payment, person: "1", status: "PENDING", onlyIfChanged: false, data: `{"at":${at}}`, retentionMs });
      await append(T0, "collection:old");
      await append(T0 + 2 * retentionMs, "collection:new");
      expect((await store.journal.range(0, T0 + 10 * retentionMs, { limit: 10 })).map((row) => row.at)).toEqual([T0 + 2 * retentionMs]);
      expect(await store.journal.forPayment("collection:old", { limit: 10 })).toEqual([]);
      const ttls = await keysWithTtl(url, prefix);
      expect(ttls.size).toBeGreaterThan(0);
      for (const [key, ttl] of ttls) expect({ key, lapses: ttl > 0 }).toEqual({ key, lapses: true });
    } finally {
      await store.close();
      await deletePrefix(url, prefix);
    }
  });
});
