import { cpuMs, GROUP, latencies, percentile, privateChat, rssMb, send, startRig, waitForReplies, type BotKind, type Rig } from "./harness.ts";

export interface Sizes {
  slowUsers: number;
  burstCommands: number;
  heavyCommands: number;
  heavyUsers: number;
  groupUsers: number;
  memoryCheckpoints: [number, number];
  memoryUsers: number;
  /** Also measure ours with V8's default heap sizing (what the start command's flags change). */
  heapComparison: boolean;
  /** A morning's start: this many agents, one command each, at once; each bot measured this many times, in turns. */
  morningUsers: number;
  morningRounds: number;
}

export const FULL: Sizes = { slowUsers: 100, burstCommands: 1_000, heavyCommands: 5_000, heavyUsers: 500, groupUsers: 50, memoryCheckpoints: [10_000, 30_000], memoryUsers: 3_000, heapComparison: true, morningUsers: 1_000, morningRounds: 3 };
export const QUICK: Sizes = { slowUsers: 30, burstCommands: 1_000, heavyCommands: 1_000, heavyUsers: 100, groupUsers: 10, memoryCheckpoints: [2_000, 6_000], memoryUsers: 600, heapComparison: false, morningUsers: 1_000, morningRounds: 1 };

const SLOW_SERVICE_MS = 300;
const BOTS: BotKind[] = ["ours", "baseline"];
export const users = (count: number, from = 10_000) => Array.from({ length: count }, (_, i) => from + i);

export async function withRig<T>(kind: BotKind, options: Parameters<typeof startRig>[1], run: (rig: Rig) => Promise<T>): Promise<T> {
  const rig = await startRig(kind, options);
  try {
    return await run(rig);
  } finally {
    await rig.close();
  }
}

/**
 * 1. Slow service, many users: does one user's slow enquiry hold up everyone else? Our bot is
 * measured twice: the first burst after start opens every connection (to the service and to
 * Telegram) cold; the second finds them open, as a bot in use does. The baseline answers one at a
 * time, so its connections do not matter; it runs once.
 */
export async function slowServiceManyUsers(sizes: Sizes) {
  type Figures = { makespanMs: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
  const burst = async (rig: Rig, ids: number[], tag: string): Promise<Figures> => {
    rig.sentAt.clear();
    rig.repliedAt.clear();
    for (const id of ids) send(rig, privateChat(id), id, `/collection COL-SUCCESS-${tag}${id}`);
    await waitForReplies(rig, ids.length, ids.length * SLOW_SERVICE_MS * 3 + 30_000);
    const values = latencies(rig);
    const first = Math.min(...rig.sentAt.values());
    const last = Math.max(...rig.repliedAt.values());
    return { makespanMs: last - first, p50Ms: percentile(values, 50), p95Ms: percentile(values, 95), p99Ms: percentile(values, 99), maxMs: Math.max(...values) };
  };
  const ids = users(sizes.slowUsers);
  const [cold, warm] = await withRig("ours", { latencyMs: SLOW_SERVICE_MS, users: ids }, async (rig) => {
    const first = await burst(rig, ids, "C");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return [first, await burst(rig, ids, "W")] as const;
  });
  const baseline = await withRig("baseline", { latencyMs: SLOW_SERVICE_MS, users: ids }, (rig) => burst(rig, ids, "B"));
  return {
    serviceLatencyMs: SLOW_SERVICE_MS,
    users: sizes.slowUsers,
    ours: cold,
    oursWarm: warm,
    baseline,
    ratios: {
      makespanShorterBy: baseline.makespanMs / cold.makespanMs,
      coldMakespanToLatency: cold.makespanMs / SLOW_SERVICE_MS,
      warmMakespanToLatency: warm.makespanMs / SLOW_SERVICE_MS,
    },
    targets: {
      coldMakespanWithin1_4xLatency: cold.makespanMs <= SLOW_SERVICE_MS * 1.4,
      warmMakespanWithin1_25xLatency: warm.makespanMs <= SLOW_SERVICE_MS * 1.25,
      makespanAtLeast20xShorter: baseline.makespanMs / cold.makespanMs >= 20,
    },
  };
}

/** Heavy traffic through one rig: a warm-up, then `commands` from `ids` as fast as they come; what it cost. */
export async function measureHeavyTraffic(rig: Rig, ids: number[], commands: number) {
  // Warm-up (JIT, connection pools), not measured.
  const warmup = 200;
  for (let n = 0; n < warmup; n++) send(rig, privateChat(ids[n % ids.length] ?? 0), ids[n % ids.length] ?? 0, `/collection COL-SUCCESS-W${n}`);
  await waitForReplies(rig, warmup, 120_000);
  rig.sentAt.clear();
  rig.repliedAt.clear();
  const cpuBefore = cpuMs(rig.bot.child.pid);
  for (let n = 0; n < commands; n++) {
    const user = ids[n % ids.length] ?? 0;
    send(rig, privateChat(user), user, `/${n % 2 ? "airtime AIR" : "collection COL"}-SUCCESS-H${n}`);
  }
  await waitForReplies(rig, commands, 600_000);
  const cpu = cpuMs(rig.bot.child.pid) - cpuBefore;
  const first = Math.min(...rig.sentAt.values());
  const last = Math.max(...rig.repliedAt.values());
  const values = latencies(rig);
  return {
    repliesPerSecond: commands / ((last - first) / 1000),
    cpuMsPerCommand: cpu / commands,
    p50Ms: percentile(values, 50),
    p99Ms: percentile(values, 99),
    // Every connection the bot ever opened to the service, warm-up included.
    connectionsPer1000: (rig.sandbox.stats.connections / (warmup + commands)) * 1000,
  };
}

/** 2. Fast service, heavy traffic: throughput and CPU cost per command. Also counts TCP connections for scenario 3. */
export async function fastServiceHeavyTraffic(sizes: Sizes) {
  const result: Record<BotKind, Awaited<ReturnType<typeof measureHeavyTraffic>>> = {} as never;
  for (const kind of BOTS) {
    const ids = users(sizes.heavyUsers);
    result[kind] = await withRig(kind, { latencyMs: 0, users: ids }, (rig) => measureHeavyTraffic(rig, ids, sizes.heavyCommands));
  }
  return {
    commands: sizes.heavyCommands,
    users: sizes.heavyUsers,
    ...result,
    ratios: {
      throughput: result.ours.repliesPerSecond / result.baseline.repliesPerSecond,
      cpuPerCommand: result.ours.cpuMsPerCommand / result.baseline.cpuMsPerCommand,
    },
    targets: { cpuPerCommandWithin1_5xBaseline: result.ours.cpuMsPerCommand / result.baseline.cpuMsPerCommand <= 1.5 },
  };
}

/** 3. Upstream economy: a group asking about one ID at the same moment. */
export async function upstreamEconomy(sizes: Sizes, connections: { ours: number; baseline: number }, poolSize: number) {
  const result: Record<BotKind, { upstreamRequests: number; connectionsPer1000Enquiries: number }> = {} as never;
  for (const kind of BOTS) {
    const ids = users(sizes.groupUsers);
    result[kind] = await withRig(kind, { latencyMs: SLOW_SERVICE_MS, users: ids }, async (rig) => {
      const before = rig.sandbox.stats.requests;
      for (const id of ids) send(rig, GROUP, id, "/collection COL-SUCCESS-SHARED-1");
      await waitForReplies(rig, ids.length, ids.length * SLOW_SERVICE_MS * 3 + 30_000);
      return { upstreamRequests: rig.sandbox.stats.requests - before, connectionsPer1000Enquiries: connections[kind] };
    });
  }
  return {
    askers: sizes.groupUsers,
    ...result,
    targets: {
      oneUpstreamRequest: result.ours.upstreamRequests === 1,
      connectionsWithinPool: result.ours.connectionsPer1000Enquiries <= poolSize,
    },
  };
}

/**
 * 4a. Memory after a burst: each bot's RSS once 1,000 commands from 100 users have been answered,
 * side by side, with the CPU the burst took. In a full run, ours also runs with V8's default heap
 * sizing, to show what the start command's flags trade.
 */
export async function memoryAfterBurst(sizes: Sizes) {
  const ids = users(100);
  const measure = (kind: BotKind, v8Defaults = false) =>
    withRig(kind, { latencyMs: 0, users: ids, v8Defaults }, async (rig) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const idleMb = rssMb(rig.bot.child.pid);
      const cpuBefore = cpuMs(rig.bot.child.pid);
      for (let n = 0; n < sizes.burstCommands; n++) {
        const user = ids[n % ids.length] ?? 0;
        send(rig, privateChat(user), user, `/collection COL-SUCCESS-B${n}`);
      }
      await waitForReplies(rig, sizes.burstCommands, 120_000);
      const cpuMsPerCommand = (cpuMs(rig.bot.child.pid) - cpuBefore) / sizes.burstCommands;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { idleMb, afterBurstMb: rssMb(rig.bot.child.pid), cpuMsPerCommand };
    });
  const ours = await measure("ours");
  const baseline = await measure("baseline");
  const oursV8Defaults = sizes.heapComparison ? await measure("ours", true) : undefined;
  const ratio = ours.afterBurstMb / baseline.afterBurstMb;
  return { commands: sizes.burstCommands, ours, baseline, oursV8Defaults, ratios: { afterBurst: ratio }, targets: { afterBurstWithin1_1xBaseline: ratio <= 1.1 } };
}

/**
 * 4c. Where a morning starts: every agent's first command at once (1,000 different users, one
 * command each), fast service. Each new user costs the bot what it keeps per user (rate-limit
 * windows, loggers, maps): RSS once the burst is answered and the bot has had a moment, and CPU
 * per command, against the baseline handling the same burst. Bots measured in turns, several times.
 */
export async function morningBurst(sizes: Sizes) {
  const ids = users(sizes.morningUsers, 50_000);
  type Figures = { idleMb: number; afterBurstMb: number; cpuMsPerCommand: number };
  const measure = (kind: BotKind) =>
    withRig(kind, { latencyMs: 0, users: ids }, async (rig): Promise<Figures> => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const idleMb = rssMb(rig.bot.child.pid);
      const cpuBefore = cpuMs(rig.bot.child.pid);
      for (const id of ids) send(rig, privateChat(id), id, `/collection COL-SUCCESS-MORNING${id}`);
      await waitForReplies(rig, ids.length, 180_000);
      const cpuMsPerCommand = (cpuMs(rig.bot.child.pid) - cpuBefore) / ids.length;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { idleMb, afterBurstMb: rssMb(rig.bot.child.pid), cpuMsPerCommand };
    });
  const runs: Record<BotKind, Figures[]> = { ours: [], baseline: [] };
  for (let round = 0; round < sizes.morningRounds; round++) {
    // In turns, the order reversed every round: whatever the machine does to later runs falls on both alike.
    for (const kind of round % 2 === 0 ? BOTS : [...BOTS].reverse()) runs[kind].push(await measure(kind));
  }
  const median = (values: number[]) => percentile(values, 50);
  const summary = (list: Figures[]) => ({
    idleMb: median(list.map((run) => run.idleMb)),
    afterBurstMb: median(list.map((run) => run.afterBurstMb)),
    cpuMsPerCommand: median(list.map((run) => run.cpuMsPerCommand)),
  });
  const ours = summary(runs.ours);
  const baseline = summary(runs.baseline);
  const ratios = { afterBurst: ours.afterBurstMb / baseline.afterBurstMb, cpuPerCommand: ours.cpuMsPerCommand / baseline.cpuMsPerCommand };
  return {
    users: sizes.morningUsers,
    rounds: sizes.morningRounds,
    ours,
    baseline,
    runs,
    ratios,
    targets: { afterBurstWithin1_25xBaseline: ratios.afterBurst <= 1.25, cpuPerCommandWithin0_8xBaseline: ratios.cpuPerCommand <= 0.8 },
  };
}

/** 4b. Memory over time (ours): RSS after start and after each checkpoint of enquiries; no growth beyond noise at the end. */
export async function memory(sizes: Sizes) {
  const ids = users(sizes.memoryUsers);
  const [first, second] = sizes.memoryCheckpoints;
  return withRig("ours", { latencyMs: 0, users: ids }, async (rig) => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));
    await settle();
    const afterStart = rssMb(rig.bot.child.pid);
    const readings: number[] = [];
    // Every 5,000 enquiries too, so that a plateau (heap sizing) can be told from a leak (a slope).
    const trail: Record<string, number> = {};
    let sent = 0;
    for (const checkpoint of [first, second]) {
      while (sent < checkpoint) {
        const batch = Math.min(1_000, checkpoint - sent);
        for (let n = 0; n < batch; n++, sent++) {
          const user = ids[sent % ids.length] ?? 0;
          send(rig, privateChat(user), user, `/collection COL-SUCCESS-M${sent}`);
        }
        await waitForReplies(rig, sent, 300_000);
        if (sent % 5_000 === 0) trail[String(sent)] = Math.round(rssMb(rig.bot.child.pid));
      }
      await settle();
      readings.push(rssMb(rig.bot.child.pid));
    }
    const [atFirst = 0, atSecond = 0] = readings;
    const growthMb = atSecond - atFirst;
    // Noise: heap sizing and allocator behaviour move RSS by a few percent between idle readings.
    const noiseMb = Math.max(10, atFirst * 0.1);
    return {
      rssMb: { afterStart, [`after${first}`]: atFirst, [`after${second}`]: atSecond },
      rssTrailMb: trail,
      growthBetweenLastTwoMb: growthMb,
      noiseAllowanceMb: noiseMb,
      targets: { noGrowthBeyondNoise: growthMb <= noiseMb },
    };
  });
}
