import { afterEach, describe, expect, it } from "vitest";
import { startLatencyProxy, type LatencyProxy } from "../../../bench/latency-proxy.ts";
import type { EnquiryKind } from "../../../src/payments/enquiry/types.ts";
import { withFallback } from "../../../src/state/fallback-store.ts";
import { openRedisStore, type RedisStore } from "../../../src/state/redis/redis-store.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { deletePrefix, probeRedis, testPrefix } from "../../support/redis.ts";
import { messageUpdate } from "../../support/updates.ts";
import { webhookReceiver } from "../../../src/telegram/transport/webhook.ts";

const redis = await probeRedis();
const url = redis.available ? redis.url : "";

/**
 * A Redis a network hop away costs every answer its round trips: each one the bot waits for
 * before it replies adds the hop twice. Counted here by a proxy in front of Redis (the bench's,
 * without delay): the writes the bot's connections make between the update and its reply.
 */
describe.skipIf(!redis.available)("Redis round trips before the reply, one agent at a time (polling: the update claimed)", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const settled = (kind: EnquiryKind, id: string) => ({ ...outcomes.success(kind, id), checkedAt: new Date() });

  /** One instance of the bot on Redis (through a counting proxy), with the cache on, as production polls (or takes a webhook's updates). */
  async function instance(prefix: string, answer: (kind: EnquiryKind, id: string) => ReturnType<typeof outcomes.success> = settled, claimedBy: "middleware" | "receiver" = "middleware") {
    const proxy: LatencyProxy = await startLatencyProxy({ target: url, delayMs: 0 });
    cleanup.push(() => proxy.close());
    const primary: RedisStore = await openRedisStore({ url: proxy.url, prefix });
    const state = withFallback(primary, openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), { lost: () => undefined, back: () => undefined });
    cleanup.push(() => state.close());
    const writesAtReply: number[] = [];
    const enquiry = scriptedEnquiry(answer);
    const harness = createTestBot({
      enquiry,
      state,
      cacheTtlSeconds: 600,
      claimUpdates: claimedBy,
      answerWith: (method) => void (method === "sendMessage" && writesAtReply.push(proxy.writes.length)),
    });
    const receiver =
      claimedBy === "receiver" && harness.claims
        ? webhookReceiver({ bot: harness.bot, claims: harness.claims, along: (update) => harness.assembled.claimAlong(update), logger: harness.logs.logger, accepting: () => true, acknowledgeWithinMs: 5_000, maxConcurrent: 10 })
        : undefined;
    /** Round trips between the update and its reply; whatever the last update left behind (its done mark, the cache) is over first. */
    const roundTripsBeforeReply = async (text: string) => {
      // A command answered in order after everything sent before it: the connection is quiet once it is back.
      await primary.client.ping();
      const before = proxy.writes.length;
      const update = messageUpdate(text);
      if (receiver) expect(await receiver.receive(update)).toBe("acknowledge");
      else await harness.bot.handleUpdate(update);
      const atReply = writesAtReply.at(-1);
      expect(atReply, "a reply").toBeDefined();
      return (atReply ?? 0) - before;
    };
    return { ...harness, enquiry, primary, roundTripsBeforeReply };
  }

  const prefixed = () => {
    const prefix = testPrefix("round-trips");
    cleanup.push(() => deletePrefix(url, prefix));
    return prefix;
  };

  it("a new answer: one round trip (the claim, the rate limit and the cache read together), the cache written after the reply", async () => {
    const bot = await instance(prefixed());
    expect(await bot.roundTripsBeforeReply("/collection TX-NEW-1")).toBe(1);
    expect(bot.enquiry.calls).toHaveLength(1);
    await bot.primary.client.ping();
    expect(await bot.primary.kv.get("answer:collection:TX-NEW-1")).toContain("SUCCESS");
  });

  it("an answer cached here: one round trip (the claim and the rate limit)", async () => {
    const bot = await instance(prefixed());
    await bot.bot.handleUpdate(messageUpdate("/collection TX-CACHED-1"));
    expect(await bot.roundTripsBeforeReply("/collection TX-CACHED-1")).toBe(1);
    expect(bot.enquiry.calls).toHaveLength(1);
  });

  it("an answer another instance cached: one round trip, the cache read with the claim", async () => {
    const prefix = prefixed();
    const first = await instance(prefix);
    await first.bot.handleUpdate(messageUpdate("/status TX-SHARED-1"));
    await first.primary.client.ping();
    const second = await instance(prefix);
    expect(await second.roundTripsBeforeReply("/status TX-SHARED-1")).toBe(1);
    expect(second.enquiry.calls).toHaveLength(0);
  });

  it("open payments, several IDs: two round trips (then who watches them, all at once)", async () => {
    const bot = await instance(prefixed(), (kind, id) => ({ ...outcomes.pending(kind, id), checkedAt: new Date() }));
    expect(await bot.roundTripsBeforeReply("/collection TX-OPEN-1 TX-OPEN-2 TX-OPEN-3")).toBe(2);
    expect(bot.enquiry.calls).toHaveLength(3);
  });

  it("behind a webhook too: the receiver's claim takes the rate limit's charge and the cache read with it", async () => {
    const prefix = prefixed();
    const first = await instance(prefix, settled, "receiver");
    expect(await first.roundTripsBeforeReply("/collection TX-HOOK-1")).toBe(1);
    await first.primary.client.ping();
    const second = await instance(prefix, settled, "receiver");
    expect(await second.roundTripsBeforeReply("/collection TX-HOOK-1")).toBe(1);
    expect(second.enquiry.calls).toHaveLength(0);
    expect(await second.roundTripsBeforeReply("/collection TX-HOOK-1")).toBe(1);
  });
});
