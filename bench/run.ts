import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../src/config.ts";
import { BOT_TOKEN } from "../test/support/bot-harness.ts";
import { fastServiceHeavyTraffic, FULL, memory, QUICK, slowServiceManyUsers, upstreamEconomy } from "./scenarios.ts";

/**
 * `npm run bench [-- --quick] [-- --out FILE]`: the bot and a minimal baseline bot, side by side in
 * one run, on 127.0.0.1. The machine is shared and noisy: read the ratios; absolute figures are
 * context.
 */
const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, out: { type: "string", default: "bench/results/latest.json" } } });
const sizes = values.quick ? QUICK : FULL;
const defaults = parseConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, ENQUIRY_BASE_URL: "http://127.0.0.1", ENQUIRY_TOKEN: "x", ALLOW_EVERYONE: "true" });
const poolSize = defaults.ok ? defaults.config.enquiry.connections : 16;

const log = (text: string) => process.stderr.write(`${text}\n`);
const started = Date.now();

log(`benchmark (${values.quick ? "quick" : "full"}): 1/4 slow service, many users`);
const slow = await slowServiceManyUsers(sizes);
log("benchmark: 2/4 fast service, heavy traffic");
const heavy = await fastServiceHeavyTraffic(sizes);
log("benchmark: 3/4 upstream economy");
const economy = await upstreamEconomy(sizes, { ours: heavy.ours.connectionsPer1000, baseline: heavy.baseline.connectionsPer1000 }, poolSize);
log("benchmark: 4/4 memory");
const mem = await memory(sizes);

const cpu = cpus();
const results = {
  date: new Date().toISOString(),
  mode: values.quick ? "quick" : "full",
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: { cpu: cpu[0]?.model ?? "unknown", cores: cpu.length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: process.platform },
  scenarios: { slowServiceManyUsers: slow, fastServiceHeavyTraffic: heavy, upstreamEconomy: economy, memory: mem },
};

const n = (value: number, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pass = (ok: boolean) => (ok ? "PASS" : "MISS");
const row = (label: string, ours: string, baseline: string, ratio = "") => `| ${label} | ${ours} | ${baseline} | ${ratio} |`;
const header = ["| | ours | baseline | ratio |", "|---|---:|---:|---:|"];
const memoryReadings = Object.entries(mem.rssMb).map(([label, value]) => `${label.replace(/^after(\d+)$/, "after $1 enquiries").replace("afterStart", "after start")}: ${n(value)} MB`);

const table = [
  `Machine: ${results.machine.cpu}, ${results.machine.cores} cores, Node ${results.machine.node}. Mode: ${results.mode}.`,
  "",
  `**1. Slow service (${slow.serviceLatencyMs} ms per enquiry), ${slow.users} users, one command each**`,
  "",
  "| | ours, cold connections | ours, warm | baseline | ratio (cold) |",
  "|---|---:|---:|---:|---:|",
  `| makespan, first command to last reply (ms) | ${n(slow.ours.makespanMs)} | ${n(slow.oursWarm.makespanMs)} | ${n(slow.baseline.makespanMs)} | ${n(slow.ratios.makespanShorterBy, 1)}× shorter |`,
  `| p50 command-to-reply (ms) | ${n(slow.ours.p50Ms)} | ${n(slow.oursWarm.p50Ms)} | ${n(slow.baseline.p50Ms)} | |`,
  `| p95 command-to-reply (ms) | ${n(slow.ours.p95Ms)} | ${n(slow.oursWarm.p95Ms)} | ${n(slow.baseline.p95Ms)} | |`,
  `| p99 command-to-reply (ms) | ${n(slow.ours.p99Ms)} | ${n(slow.oursWarm.p99Ms)} | ${n(slow.baseline.p99Ms)} | |`,
  "",
  `Targets: every reply within ${n(slow.serviceLatencyMs * 1.5)} ms: cold ${pass(slow.targets.everyReplyWithin1_5xServiceLatency)} (slowest ${n(slow.ours.maxMs)} ms), warm ${pass(slow.targets.everyReplyWithin1_5xServiceLatencyWarm)} (slowest ${n(slow.oursWarm.maxMs)} ms); makespan ≥ 20× shorter: ${pass(slow.targets.makespanAtLeast20xShorter)}.`,
  "",
  `**2. Fast service, heavy traffic: ${n(heavy.commands)} commands from ${n(heavy.users)} users**`,
  "",
  ...header,
  row("replies per second", n(heavy.ours.repliesPerSecond), n(heavy.baseline.repliesPerSecond), `${n(heavy.ratios.throughput, 1)}×`),
  row("CPU ms per command", n(heavy.ours.cpuMsPerCommand, 2), n(heavy.baseline.cpuMsPerCommand, 2), `${n(heavy.ratios.cpuPerCommand, 2)}×`),
  row("p50 / p99 command-to-reply (ms)", `${n(heavy.ours.p50Ms)} / ${n(heavy.ours.p99Ms)}`, `${n(heavy.baseline.p50Ms)} / ${n(heavy.baseline.p99Ms)}`),
  "",
  `Target: CPU per command within 1.5× the baseline's: ${pass(heavy.targets.cpuPerCommandWithin1_5xBaseline)}.`,
  "",
  `**3. Upstream economy: ${economy.askers} members of one group ask about the same ID at the same moment**`,
  "",
  ...header,
  row("requests to the service", n(economy.ours.upstreamRequests), n(economy.baseline.upstreamRequests)),
  row("TCP connections per 1,000 enquiries (scenario 2)", n(economy.ours.connectionsPer1000Enquiries, 1), n(economy.baseline.connectionsPer1000Enquiries, 1)),
  "",
  `Targets: one request: ${pass(economy.targets.oneUpstreamRequest)}; connections within the pool (${poolSize}): ${pass(economy.targets.connectionsWithinPool)}.`,
  "",
  "**4. Memory (ours)**",
  "",
  `RSS ${memoryReadings.join(", ")}. Growth between the last two: ${n(mem.growthBetweenLastTwoMb, 1)} MB (noise allowance ${n(mem.noiseAllowanceMb, 1)} MB): ${
    values.quick ? "not judged in quick mode (too few enquiries for the heap to level off; run the full benchmark)" : pass(mem.targets.noGrowthBeyondNoise)
  }.`,
].join("\n");

process.stdout.write(`${table}\n`);
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify({ ...results, table }, null, 2)}\n`);
log(`\nraw figures: ${values.out} (${results.durationSeconds} s)`);
process.exit(0);
