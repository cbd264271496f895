import type { bulkFile, settleStorm, watchStorm } from "./background.ts";
import type { historyAtSize } from "./history.ts";
import type { receiptRendering } from "./receipts.ts";
import type { redisMode } from "./redis-mode.ts";
import type { fastServiceHeavyTraffic, memory, memoryAfterBurst, morningBurst, slowServiceManyUsers, upstreamEconomy } from "./scenarios.ts";

/** What each scenario measured; those not run are absent. */
export type ScenarioResults = Partial<{
  slowServiceManyUsers: Awaited<ReturnType<typeof slowServiceManyUsers>>;
  fastServiceHeavyTraffic: Awaited<ReturnType<typeof fastServiceHeavyTraffic>>;
  upstreamEconomy: Awaited<ReturnType<typeof upstreamEconomy>>;
  memoryAfterBurst: Awaited<ReturnType<typeof memoryAfterBurst>>;
  morningBurst: Awaited<ReturnType<typeof morningBurst>>;
  memory: Awaited<ReturnType<typeof memory>>;
  watchStorm: Awaited<ReturnType<typeof watchStorm>>;
  settleStorm: Awaited<ReturnType<typeof settleStorm>>;
  bulkFile: Awaited<ReturnType<typeof bulkFile>>;
  redisMode: Awaited<ReturnType<typeof redisMode>>;
  receipts: Awaited<ReturnType<typeof receiptRendering>>;
  history: Awaited<ReturnType<typeof historyAtSize>>;
}>;

interface Results {
  mode: string;
  machine: { cpu: string; cores: number; node: string };
  scenarios: ScenarioResults;
}

const n = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? "–" : value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pass = (ok: boolean) => (ok ? "PASS" : "MISS");
const row = (...cells: string[]) => `| ${cells.join(" | ")} |`;
const header = ["| | ours | baseline | ratio |", "|---|---:|---:|---:|"];

/** The benchmark's results as docs/performance.md shows them: one Markdown section per scenario that ran. */
export function renderTable(results: Results, poolSize: number): string {
  const { scenarios: s } = results;
  const parts = [`Machine: ${results.machine.cpu}, ${results.machine.cores} cores, Node ${results.machine.node}. Mode: ${results.mode}.`];
  if (s.slowServiceManyUsers) {
    const slow = s.slowServiceManyUsers;
    parts.push(
      [
        `**1. Slow service (${slow.serviceLatencyMs} ms per enquiry), ${slow.users} users, one command each**`,
        "",
        "| | ours, cold connections | ours, warm | baseline | ratio (cold) |",
        "|---|---:|---:|---:|---:|",
        `| makespan, first command to last reply (ms) | ${n(slow.ours.makespanMs)} | ${n(slow.oursWarm.makespanMs)} | ${n(slow.baseline.makespanMs)} | ${n(slow.ratios.makespanShorterBy, 1)}× shorter |`,
        `| makespan ÷ service latency | ${n(slow.ratios.coldMakespanToLatency, 2)}× | ${n(slow.ratios.warmMakespanToLatency, 2)}× | ${n(slow.baseline.makespanMs / slow.serviceLatencyMs, 1)}× | |`,
        `| p50 command-to-reply (ms) | ${n(slow.ours.p50Ms)} | ${n(slow.oursWarm.p50Ms)} | ${n(slow.baseline.p50Ms)} | |`,
        `| p99 command-to-reply (ms) | ${n(slow.ours.p99Ms)} | ${n(slow.oursWarm.p99Ms)} | ${n(slow.baseline.p99Ms)} | |`,
        "",
        `Targets: cold makespan ≤ 1.4× the latency: ${pass(slow.targets.coldMakespanWithin1_4xLatency)} (${n(slow.ratios.coldMakespanToLatency, 2)}×); warm ≤ 1.25×: ${pass(slow.targets.warmMakespanWithin1_25xLatency)} (${n(slow.ratios.warmMakespanToLatency, 2)}×); makespan ≥ 20× shorter than the baseline's: ${pass(slow.targets.makespanAtLeast20xShorter)}.`,
      ].join("\n"),
    );
  }
  if (s.fastServiceHeavyTraffic) {
    const heavy = s.fastServiceHeavyTraffic;
    parts.push(
      [
        `**2. Fast service, heavy traffic: ${n(heavy.commands)} commands from ${n(heavy.users)} users**`,
        "",
        ...header,
        row("replies per second", n(heavy.ours.repliesPerSecond), n(heavy.baseline.repliesPerSecond), `${n(heavy.ratios.throughput, 1)}×`),
        row("CPU ms per command", n(heavy.ours.cpuMsPerCommand, 2), n(heavy.baseline.cpuMsPerCommand, 2), `${n(heavy.ratios.cpuPerCommand, 2)}×`),
        row("p50 / p99 command-to-reply (ms)", `${n(heavy.ours.p50Ms)} / ${n(heavy.ours.p99Ms)}`, `${n(heavy.baseline.p50Ms)} / ${n(heavy.baseline.p99Ms)}`, ""),
        "",
        `Target: CPU per command within 1.5× the baseline's: ${pass(heavy.targets.cpuPerCommandWithin1_5xBaseline)}.`,
      ].join("\n"),
    );
  }
  if (s.upstreamEconomy) {
    const economy = s.upstreamEconomy;
    parts.push(
      [
        `**3. Upstream economy: ${economy.askers} members of one group ask about the same ID at the same moment**`,
        "",
        ...header,
        row("requests to the service", n(economy.ours.upstreamRequests), n(economy.baseline.upstreamRequests), ""),
        row("TCP connections per 1,000 enquiries (scenario 2)", n(economy.ours.connectionsPer1000Enquiries, 1), n(economy.baseline.connectionsPer1000Enquiries, 1), ""),
        "",
        `Targets: one request: ${pass(economy.targets.oneUpstreamRequest)}; connections within the pool (${poolSize}): ${pass(economy.targets.connectionsWithinPool)}.`,
      ].join("\n"),
    );
  }
  if (s.memoryAfterBurst) {
    const burst = s.memoryAfterBurst;
    const v8 = burst.oursV8Defaults;
    const cells = (ours: number, baseline: number, v8Defaults: number | undefined, digits = 0) => [
      n(ours, digits),
      n(baseline, digits),
      `${n(ours / baseline, 2)}×`,
      ...(v8 ? [n(v8Defaults, digits)] : []),
    ];
    parts.push(
      [
        `**4. Memory after a burst of ${n(burst.commands)} commands from 100 users (RSS, MB)**`,
        "",
        v8 ? "| | ours | baseline | ratio | ours, V8's default heap sizing |" : header[0],
        v8 ? "|---|---:|---:|---:|---:|" : header[1],
        row("after start", ...cells(burst.ours.idleMb, burst.baseline.idleMb, v8?.idleMb)),
        row("after the burst", ...cells(burst.ours.afterBurstMb, burst.baseline.afterBurstMb, v8?.afterBurstMb)),
        row("CPU ms per command in the burst", ...cells(burst.ours.cpuMsPerCommand, burst.baseline.cpuMsPerCommand, v8?.cpuMsPerCommand, 2)),
        "",
        `Target: after the burst, within 1.1× the baseline's: ${pass(burst.targets.afterBurstWithin1_1xBaseline)} (${n(burst.ratios.afterBurst, 2)}×).`,
      ].join("\n"),
    );
  }
  if (s.memory) {
    const mem = s.memory;
    const readings = Object.entries(mem.rssMb).map(([label, value]) => `${label.replace(/^after(\d+)$/, "after $1 enquiries").replace("afterStart", "after start")}: ${n(value)} MB`);
    parts.push(`**4b. Memory over time (ours)**: RSS ${readings.join(", ")}. Growth between the last two: ${n(mem.growthBetweenLastTwoMb, 1)} MB (noise allowance ${n(mem.noiseAllowanceMb, 1)} MB): ${pass(mem.targets.noGrowthBeyondNoise)}.`);
  }
  if (s.morningBurst) {
    const morning = s.morningBurst;
    parts.push(
      [
        `**4c. A morning's start: ${n(morning.users)} agents, one command each, at once (RSS, MB; medians of ${morning.rounds} runs each, in turns)**`,
        "",
        ...header,
        row("after start", n(morning.ours.idleMb), n(morning.baseline.idleMb), `${n(morning.ours.idleMb / morning.baseline.idleMb, 2)}×`),
        row("after the burst", n(morning.ours.afterBurstMb), n(morning.baseline.afterBurstMb), `${n(morning.ratios.afterBurst, 2)}×`),
        row("CPU ms per command", n(morning.ours.cpuMsPerCommand, 2), n(morning.baseline.cpuMsPerCommand, 2), `${n(morning.ratios.cpuPerCommand, 2)}×`),
        "",
        `Targets: after the burst, within 1.25× the baseline's: ${pass(morning.targets.afterBurstWithin1_25xBaseline)} (${n(morning.ratios.afterBurst, 2)}×); CPU per command within 0.8× the baseline's: ${pass(morning.targets.cpuPerCommandWithin0_8xBaseline)} (${n(morning.ratios.cpuPerCommand, 2)}×).`,
      ].join("\n"),
    );
  }
  if (s.watchStorm) {
    const storm = s.watchStorm;
    parts.push(
      [
        `**5. ${n(storm.watches)} watched payments, all PENDING, service ${storm.serviceLatencyMs} ms, ENQUIRY_MAX_PER_SECOND=${storm.enquiryMaxPerSecond}, measured over ${storm.seconds} s (ours)**`,
        "",
        "| | measured | target | |",
        "|---|---:|---:|---|",
        row("background enquiries in the busiest second", n(storm.busiestSecond), `≤ ${storm.enquiryMaxPerSecond}`, pass(storm.targets.neverOverBudget)),
        row(
          "CPU ms per background check",
          n(storm.cpuMsPerBackgroundCheck, 2),
          `≤ ${n(1.2 * storm.cpuMsPerInteractiveCommand.paced, 2)} (1.2 × ${n(storm.cpuMsPerInteractiveCommand.paced, 2)} per interactive command at the same pace; ${n(storm.cpuMsPerInteractiveCommand.inBurst, 2)} in a burst of 100)`,
          pass(storm.targets.backgroundCheckCpuWithin1_2xInteractive),
        ),
        row("a command sent meanwhile: slowest reply (ms)", n(storm.interactiveLatencyMs.max), `≤ ${storm.serviceLatencyMs + 150}`, pass(storm.targets.interactiveWithinLatencyPlus150)),
        row("RSS with the watches (MB)", n(storm.rssMb.withWatches), `≤ ${n(storm.rssMb.idle + 30)} (idle ${n(storm.rssMb.idle)} + 30)`, pass(storm.targets.rssWithinIdlePlus30)),
        "",
        `Background checks made: ${n(storm.backgroundChecks)} (${n(storm.backgroundChecks / storm.seconds, 1)} a second).`,
      ].join("\n"),
    );
  }
  if (s.settleStorm) {
    const settle = s.settleStorm;
    parts.push(
      [
        `**6. ${n(settle.settled)} watched payments settle at once, one chat each; the Bot API answers 429 past 30 messages a second or 1 a second per chat (ours)**`,
        "",
        `${n(settle.notifications)} notifications to ${n(settle.distinctChats)} chats in ${n(settle.seconds, 1)} s (at most ${n(settle.busiestSecond)} in any second), ${n(settle.duplicates)} sent twice, ${n(settle.tooManyRequests)} answered 429.`,
        `Targets: none lost, none twice: ${pass(settle.targets.noneLostNoneTwice)}; within 30 a second: ${pass(settle.targets.within30PerSecond)}; no 429 storm: ${pass(settle.targets.no429Storm)}.`,
      ].join("\n"),
    );
  }
  if (s.bulkFile) {
    const bulk = s.bulkFile;
    parts.push(
      [
        `**7. A file of ${n(bulk.ids)} IDs, ENQUIRY_MAX_PER_SECOND=${bulk.enquiryMaxPerSecond}, service ${bulk.serviceLatencyMs} ms (ours)**`,
        "",
        `Report sent ${n(bulk.secondsToReport, 1)} s after the upload; ${n(bulk.progressEdits)} progress edits, at least ${n(bulk.shortestGapBetweenEditsMs)} ms apart.`,
        `Targets: within ${n(bulk.deadlineSeconds)} s: ${pass(bulk.targets.reportWithinDeadline)}; at most one edit every 2 s: ${pass(bulk.targets.oneEditPer2sAtMost)}.`,
      ].join("\n"),
    );
  }
  if (s.redisMode) {
    const redis = s.redisMode;
    if ("skipped" in redis) parts.push(`**8. Redis mode**: not measured: ${redis.skipped}.`);
    else {
      const away = `Redis ${redis.delayMs} ms away`;
      const { redis: near, redisAway: far, addedToServiceLatencyMs: added } = redis;
      const trips = (value: number | undefined) => n(value, 2);
      parts.push(
        [
          `**8. Redis mode: ${n(redis.commands)} commands from 200 users, fast service; then one agent at a time; Redis on 127.0.0.1 and ${redis.delayMs} ms away (a proxy holding each chunk ${redis.delayMs} ms each way)**`,
          "",
          `| | embedded (SQLite) | Redis | ${away} | baseline |`,
          "|---|---:|---:|---:|---:|",
          row("CPU ms per command, heavy traffic", n(redis.embedded.cpuMsPerCommand, 2), `${n(near.cpuMsPerCommand, 2)} (${n(redis.ratios.cpuPerCommand, 2)}×)`, `${n(far.cpuMsPerCommand, 2)} (${n(redis.ratios.cpuPerCommandAway, 2)}×)`, ""),
          row("Redis commands per command (counted by the server: scripts count their inner commands)", "", n(near.commandsPerCommand, 1), "", ""),
          row("Redis round trips per command in a burst: a new answer / a cached one", "", `${trips(near.roundTripsPerCommand)} / ${trips(near.cached.roundTripsPerCommand)}`, `${trips(far.roundTripsPerCommand)} / ${trips(far.cached.roundTripsPerCommand)}`, ""),
          row(
            "one agent at a time: writes to Redis between the command and its reply (round trips, and the cache's write beside the reply), a new answer / a cached one",
            "",
            `${trips(near.oneAtATime.newAnswer.roundTripsBeforeReply)} / ${trips(near.oneAtATime.cachedAnswer.roundTripsBeforeReply)}`,
            `${trips(far.oneAtATime.newAnswer.roundTripsBeforeReply)} / ${trips(far.oneAtATime.cachedAnswer.roundTripsBeforeReply)}`,
            "",
          ),
          row(
            "one agent at a time: round trips the reply waited for, told by its latency (2 ms away less 127.0.0.1, ÷ a round trip through the proxy), a new answer / a cached one",
            "",
            "",
            `${n(far.roundTripsWaitedFor.newAnswer, 1)} / ${n(far.roundTripsWaitedFor.cachedAnswer, 1)}`,
            "",
          ),
          row("one agent at a time: what the bot adds to the service latency, p50 (ms)", n(added.embedded, 1), n(added.redis, 1), n(added.redisAway, 1), n(added.baseline, 1)),
          "",
          `A Redis round trip (PING, p50): ${n(redis.roundTripMs.direct, 2)} ms on 127.0.0.1, ${n(redis.roundTripMs.throughProxy, 2)} ms through the proxy.`,
          "",
          `${redis.atOnce.agents} agents at once right after start, service ${redis.atOnce.serviceLatencyMs} ms, ${away}: the last reply after ${n(redis.atOnce.redisAway.makespanMs)} ms, ${n(redis.ratios.atOnceMakespanToLatency, 2)}× the service latency.`,
          "",
          `Targets: CPU within 1.3× the embedded store's: ${pass(redis.targets.cpuWithin1_3xEmbedded)}; at most 2 round trips for a cached answer, in a burst: ${pass(redis.targets.atMost2RoundTripsForCachedAnswer)}; ${away}, one agent at a time: a cached answer after at most 1 round trip: ${pass(redis.targets.cachedAnswerAfterAtMost1RoundTrip)}, a new one after at most 2: ${pass(redis.targets.newAnswerAfterAtMost2RoundTrips)}; what the bot adds within the baseline's + 10 ms: ${pass(redis.targets.addedWithinBaselinePlus10Ms)} (${n(redis.ratios.addedOverBaselineMs, 1)} ms more); ${redis.atOnce.agents} agents at once within 1.4× the service latency: ${pass(redis.targets.atOnceWithin1_4xLatency)}.`,
        ].join("\n"),
      );
    }
  }
  if (s.receipts) {
    const r = s.receipts;
    parts.push(
      [
        `**9. Receipt pictures: ${n(r.receipts)} receipts one after another (each language in turn), then 20 at once, on the renderer's own thread, in a process started as the bot is, with the Docker image's MALLOC_ARENA_MAX=2 (ours)**`,
        "",
        "| | measured | target | |",
        "|---|---:|---:|---|",
        row("CPU ms per receipt (its thread's included)", n(r.cpuMsPerReceipt, 1), "≤ 100", pass(r.targets.cpuWithin100Ms)),
        row("CPU ms per receipt of hostile provider text", n(r.cpuMsPerHostileReceipt, 1), "", ""),
        row("CPU ms for the first receipt (the thread started, fonts read)", n(r.firstCpuMs, 1), "", ""),
        row(
          "RSS added, settled (MB): after one after another / after 20 at once",
          `${n(r.rssAddedMb.settledAfterOneByOne)} / ${n(r.rssAddedMb.settledAfterTwentyAtOnce)}`,
          "≤ 40",
          pass(r.targets.rssWithin40Mb),
        ),
        row("RSS added right after the last receipt (MB): one after another / 20 at once", `${n(r.rssAddedMb.oneByOne)} / ${n(r.rssAddedMb.afterTwentyAtOnce)}`, "", ""),
        row("RSS added at its peak, while drawing (MB)", n(r.rssAddedMb.peak), "", ""),
        row("RSS added once the thread has ended, idle (MB)", n(r.rssAddedMb.threadEnded), "", ""),
        row(
          "without MALLOC_ARENA_MAX: RSS added, settled (MB), one after another / 20 at once",
          `${n(r.withoutArenaLimit.settledAfterOneByOne)} / ${n(r.withoutArenaLimit.settledAfterTwentyAtOnce)}`,
          "",
          "",
        ),
        row("20 at once: the event loop held up at most (ms), p99", `${n(r.twentyAtOnce.eventLoopDelayMaxMs, 1)}, ${n(r.twentyAtOnce.eventLoopDelayP99Ms, 1)}`, "≤ 50", pass(r.targets.eventLoopHeldUnder50MsWhileTwentyAreMade)),
        row("20 at once: the last one after (ms)", n(r.twentyAtOnce.makespanMs), "", ""),
        row("average PNG (KB)", n(r.averageKb), "< 300", pass(r.averageKb < 300)),
      ].join("\n"),
    );
  }
  if (s.history) parts.push(historyTable(s.history));
  return parts.join("\n\n");
}

type History = NonNullable<ScenarioResults["history"]>;

/** 10. The history at size: one column per store, each row a target with what was measured. */
function historyTable(h: History): string {
  const { layout } = h;
  const stores = [h.sqlite, ...("skipped" in h.redis ? [] : [h.redis])];
  const cells = (cell: (store: History["sqlite"]) => string) => stores.map(cell);
  const ms = (value: number) => n(value, 1);
  const lat = (l: { p50Ms: number; p95Ms: number }) => `${ms(l.p50Ms)} / ${ms(l.p95Ms)}`;
  const judged = (ok: boolean, text: string) => `${text} ${pass(ok)}`;
  return [
    `**10. The history at size: ${n(layout.total)} entries (one payment with ${n(layout.payment)}, one agent with ${n(layout.person)}, ${n(layout.exported)} yesterday), then ${n(layout.old)} older than HISTORY_DAYS; the bot on an empty history and on the filled one in turns (ours)**`,
    "",
    `| | target | SQLite | ${"skipped" in h.redis ? "Redis (not measured)" : "Redis"} |`,
    "|---|---|---:|---:|",
    row("entries appended a second through the Journal port, batches of 5,000 (filling the bench's store)", "", ...cells((x) => n(x.filledPerSecond))),
    row("CPU ms per /collection, bursts: empty / filled (medians; the ratio: the median of each round's)", "filled ≤ 1.1× empty", ...cells((x) => judged(x.targets.cpuWithin1_1xEmpty, `${n(x.commands.cpuMsPerCommand.empty, 2)} / ${n(x.commands.cpuMsPerCommand.filled, 2)} (${n(x.ratios.cpuPerCommand, 2)}×)`))),
    row("/collection one at a time, p50 (ms): empty / filled", "unchanged (≤ 1.1× or +1 ms)", ...cells((x) => judged(x.targets.latencyUnchanged, `${ms(x.commands.oneAtATime.empty.p50Ms)} / ${ms(x.commands.oneAtATime.filled.p50Ms)}`))),
    row(`/history of the payment with ${n(layout.payment)} entries, p50 / p95 (ms)`, "≤ 200", ...cells((x) => judged(x.targets.historyWithin200Ms, lat(x.history)))),
    row(`/mychecks of the agent with ${n(layout.person)} checks, p50 / p95 (ms)`, "≤ 200", ...cells((x) => judged(x.targets.myChecksWithin200Ms, lat(x.myChecks)))),
    row(`/export of ${n(layout.exported)} entries: the CSV sent after (s); both files (s)`, "≤ 15", ...cells((x) => judged(x.targets.exportSentWithin15s, `${n(x.exported.secondsToDocument, 1)}; ${n(x.exported.secondsToBothFiles, 1)}`))),
    row("RSS during the export (MB): before → peak", "growth ≤ 30", ...cells((x) => judged(x.targets.exportRssWithin30Mb, `${n(x.exported.rssMb.before)} → ${n(x.exported.rssMb.peak)} (+${n(x.exported.rssMb.growth, 1)})`))),
    row("others' /collection, p50 / p95 (ms): quiet; during the export", "p95 ≤ quiet + 50", ...cells((x) => judged(x.targets.othersDuringExportWithin50Ms, `${lat(x.exported.othersMs.quiet)}; ${lat(x.exported.othersMs.meanwhile)} (${x.exported.othersMs.meanwhile.count})`))),
    row("Redis round trips before the reply of a new /collection, one at a time: journal on / HISTORY_DAYS=0", "on ≤ off", ...cells((x) => (x.roundTrips === undefined ? "–" : judged(x.targets.noRoundTripAddedByTheJournal, `${n(x.roundTrips, 2)} / ${n(x.roundTripsOff, 2)}`)))),
    row(`removing ${n(layout.old)} old entries at start: all gone after (s)`, "", ...cells((x) => n(x.removal.secondsToRemoveAll, 1))),
    row("others' /collection, p50 / p95 (ms): while they are removed (commands); after", "p95 ≤ after + 10", ...cells((x) => judged(x.targets.removalHoldsNothingUp, `${lat(x.removal.othersMs.during)} (${x.removal.othersMs.during.count}); ${lat(x.removal.othersMs.quiet)}`))),
    ...("skipped" in h.redis ? ["", `Redis: not measured: ${h.redis.skipped}.`] : []),
  ].join("\n");
}
