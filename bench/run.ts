import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../src/config/config.ts";
import { BOT_TOKEN } from "../test/support/bot-harness.ts";
import { BACKGROUND_FULL, BACKGROUND_QUICK, bulkFile, settleStorm, watchStorm } from "./background.ts";
import { HISTORY_FULL, HISTORY_QUICK, historyAtSize } from "./history.ts";
import { RECEIPTS_FULL, RECEIPTS_QUICK, receiptRendering } from "./receipts.ts";
import { REDIS_FULL, REDIS_QUICK, redisMode } from "./redis-mode.ts";
import { fastServiceHeavyTraffic, FULL, memory, memoryAfterBurst, morningBurst, QUICK, slowServiceManyUsers, upstreamEconomy } from "./scenarios.ts";
import { renderTable, type ScenarioResults } from "./table.ts";

/**
 * `npm run bench [-- --quick] [-- --only a,b] [-- --out FILE]`: the bot and a minimal baseline bot,
 * side by side in one run, on 127.0.0.1; then the bot's background work (watches, bulk checks) and
 * its Redis mode. The machine is shared and noisy: read the ratios; absolute figures are context.
 */
const { values } = parseArgs({
  options: { quick: { type: "boolean", default: false }, only: { type: "string" }, out: { type: "string", default: "bench/results/latest.json" } },
});
const quick = values.quick;
const sizes = quick ? QUICK : FULL;
const background = quick ? BACKGROUND_QUICK : BACKGROUND_FULL;
const defaults = parseConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN, ENQUIRY_BASE_URL: "http://127.0.0.1", ENQUIRY_TOKEN: "x", ALLOW_EVERYONE: "true" });
const poolSize = defaults.ok ? defaults.config.enquiry.connections : 128;

const log = (text: string) => process.stderr.write(`${text}\n`);
const started = Date.now();
const only = values.only?.split(",");

const scenarios: ScenarioResults = {};
const steps: { name: keyof ScenarioResults; title: string; run: () => Promise<void>; quick?: false }[] = [
  { name: "slowServiceManyUsers", title: "slow service, many users", run: async () => void (scenarios.slowServiceManyUsers = await slowServiceManyUsers(sizes)) },
  { name: "fastServiceHeavyTraffic", title: "fast service, heavy traffic", run: async () => void (scenarios.fastServiceHeavyTraffic = await fastServiceHeavyTraffic(sizes)) },
  {
    name: "upstreamEconomy",
    title: "upstream economy",
    run: async () => {
      const heavy = scenarios.fastServiceHeavyTraffic;
      scenarios.upstreamEconomy = await upstreamEconomy(sizes, { ours: heavy?.ours.connectionsPer1000 ?? Number.NaN, baseline: heavy?.baseline.connectionsPer1000 ?? Number.NaN }, poolSize);
    },
  },
  { name: "memoryAfterBurst", title: "memory after a burst", run: async () => void (scenarios.memoryAfterBurst = await memoryAfterBurst(sizes)) },
  { name: "morningBurst", title: "a morning's start: 1,000 users at once", run: async () => void (scenarios.morningBurst = await morningBurst(sizes)) },
  // Too few enquiries in quick mode for the heap to level off: only the full run judges growth.
  { name: "memory", title: "memory over time", run: async () => void (scenarios.memory = await memory(sizes)), quick: false },
  { name: "watchStorm", title: "10,000 watches", run: async () => void (scenarios.watchStorm = await watchStorm(background)) },
  { name: "settleStorm", title: "watches settling at once", run: async () => void (scenarios.settleStorm = await settleStorm(background)) },
  { name: "bulkFile", title: "a bulk file", run: async () => void (scenarios.bulkFile = await bulkFile(background)) },
  { name: "redisMode", title: "Redis mode", run: async () => void (scenarios.redisMode = await redisMode(quick ? REDIS_QUICK : REDIS_FULL)) },
  { name: "receipts", title: "receipt pictures", run: async () => void (scenarios.receipts = await receiptRendering(quick ? RECEIPTS_QUICK : RECEIPTS_FULL)) },
  { name: "history", title: "the history at size", run: async () => void (scenarios.history = await historyAtSize(quick ? HISTORY_QUICK : HISTORY_FULL)) },
];
const chosen = steps.filter((step) => (only ? only.includes(step.name) : !(quick && step.quick === false)));
for (const [index, step] of chosen.entries()) {
  const since = Date.now();
  log(`benchmark (${quick ? "quick" : "full"}): ${index + 1}/${chosen.length} ${step.title}`);
  await step.run();
  log(`  ${((Date.now() - since) / 1000).toFixed(1)} s`);
}

const cpu = cpus();
const results = {
  date: new Date().toISOString(),
  mode: quick ? "quick" : "full",
  durationSeconds: Math.round((Date.now() - started) / 1000),
  machine: { cpu: cpu[0]?.model ?? "unknown", cores: cpu.length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: process.platform },
  scenarios,
};
const table = renderTable(results, poolSize);
process.stdout.write(`${table}\n`);
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify({ ...results, table }, null, 2)}\n`);
log(`\nraw figures: ${values.out} (${results.durationSeconds} s)`);
process.exit(0);
