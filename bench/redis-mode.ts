import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { deletePrefix, probeRedis, testPrefix } from "../test/support/redis.ts";
import { cpuMs, privateChat, send, startRig, waitForReplies, type Rig } from "./harness.ts";

export interface RedisSizes {
  commands: number;
}
export const REDIS_FULL: RedisSizes = { commands: 3_000 };
export const REDIS_QUICK: RedisSizes = { commands: 500 };

/** What Redis itself counts: commands, and reads (one per batch a client sends, so round trips). */
async function redisCounters(client: Redis): Promise<{ commands: number; reads: number }> {
  const stats = await client.info("stats");
  const read = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(stats)?.[1] ?? Number.NaN);
  return { commands: read("total_commands_processed"), reads: read("total_reads_processed") };
}

async function commandsCost(rig: Rig, users: number[], count: number, text: (n: number) => string, redis?: Redis) {
  rig.sentAt.clear();
  rig.repliedAt.clear();
  const before = redis ? await redisCounters(redis) : undefined;
  const cpuBefore = cpuMs(rig.bot.child.pid);
  for (let n = 0; n < count; n++) {
    const user = users[n % users.length] ?? 0;
    send(rig, privateChat(user), user, text(n));
  }
  await waitForReplies(rig, count, 120_000);
  const cpuMsPerCommand = (cpuMs(rig.bot.child.pid) - cpuBefore) / count;
  const after = redis ? await redisCounters(redis) : undefined;
  return {
    cpuMsPerCommand,
    // The two INFO calls are Redis commands too.
    redisCommandsPerCommand: before && after ? (after.commands - before.commands - 2) / count : undefined,
    redisRoundTripsPerCommand: before && after ? (after.reads - before.reads - 2) / count : undefined,
  };
}

/**
 * 8. Several instances' state, in Redis: what a command costs with REDIS_URL against the embedded
 * store (fast service, heavy traffic), and how many times a command waits for Redis, for a new
 * answer and for a cached one.
 */
export async function redisMode(sizes: RedisSizes) {
  const availability = await probeRedis();
  if (!availability.available) return { skipped: availability.reason };
  const users = Array.from({ length: 200 }, (_, i) => 10_000 + i);
  const heavy = (n: number) => `/collection COL-SUCCESS-H${n}`;
  const run = async (env: Record<string, string>, redis?: Redis) => {
    const rig = await startRig("ours", { latencyMs: 0, users, env });
    try {
      await commandsCost(rig, users, 300, (n) => `/collection COL-SUCCESS-WARM${n}`, redis);
      const fresh = await commandsCost(rig, users, sizes.commands, heavy, redis);
      // Every command asks about one settled payment this bot has already answered.
      const cached = await commandsCost(rig, users, Math.min(sizes.commands, 1_000), () => "/collection COL-SUCCESS-CACHED", redis);
      // One agent at a time, as on a quiet day: nothing to share a round trip with.
      let alone = { redisCommandsPerCommand: 0, redisRoundTripsPerCommand: 0 } as Awaited<ReturnType<typeof commandsCost>>;
      if (redis) {
        const counted = async (work: () => Promise<void>) => {
          const before = await redisCounters(redis);
          await work();
          const after = await redisCounters(redis);
          return { commands: after.commands - before.commands - 2, reads: after.reads - before.reads - 2 };
        };
        const startedAt = performance.now();
        const busy = await counted(async () => {
          for (let n = 0; n < 50; n++) await commandsCost(rig, users.slice(n, n + 1), 1, () => "/collection COL-SUCCESS-CACHED");
        });
        // The background loops (watches, notices) poll Redis meanwhile: as much idle time is taken off.
        const idle = await counted(() => sleep(performance.now() - startedAt));
        alone = { cpuMsPerCommand: Number.NaN, redisCommandsPerCommand: (busy.commands - idle.commands) / 50, redisRoundTripsPerCommand: (busy.reads - idle.reads) / 50 };
      }
      return { fresh, cached, alone };
    } finally {
      await rig.close();
    }
  };
  const embedded = await run({});
  const prefix = testPrefix("bench");
  const redis = new Redis(availability.url);
  try {
    const shared = await run({ REDIS_URL: availability.url, REDIS_PREFIX: prefix }, redis);
    return {
      commands: sizes.commands,
      embedded: { cpuMsPerCommand: embedded.fresh.cpuMsPerCommand },
      redis: {
        cpuMsPerCommand: shared.fresh.cpuMsPerCommand,
        commandsPerCommand: shared.fresh.redisCommandsPerCommand,
        roundTripsPerCommand: shared.fresh.redisRoundTripsPerCommand,
        cached: { commandsPerCommand: shared.cached.redisCommandsPerCommand, roundTripsPerCommand: shared.cached.redisRoundTripsPerCommand },
        cachedOneAtATime: { commandsPerCommand: shared.alone.redisCommandsPerCommand, roundTripsPerCommand: shared.alone.redisRoundTripsPerCommand },
      },
      ratios: { cpuPerCommand: shared.fresh.cpuMsPerCommand / embedded.fresh.cpuMsPerCommand },
      targets: {
        cpuWithin1_3xEmbedded: shared.fresh.cpuMsPerCommand <= 1.3 * embedded.fresh.cpuMsPerCommand,
        atMost2RoundTripsForCachedAnswer: (shared.cached.redisRoundTripsPerCommand ?? Infinity) <= 2,
        atMost2RoundTripsForCachedAnswerOneAtATime: (shared.alone.redisRoundTripsPerCommand ?? Infinity) <= 2,
      },
    };
  } finally {
    redis.disconnect();
    await deletePrefix(availability.url, prefix);
  }
}
