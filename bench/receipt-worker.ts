import { existsSync, readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { createReceiptRenderer as CreateReceiptRenderer } from "../src/telegram/render/receipt-picture.ts";
import { HOSTILE_LAYOUT, RECEIPT_LAYOUTS } from "../test/support/receipt-layouts.ts";

/**
 * Run by bench/receipts.ts in a process of its own, so that the RSS it reports is the renderer's
 * alone: RSS before the renderer is loaded, the first receipt (its thread started), `count`
 * receipts one after another (their CPU, the thread's included), then 20 at once while the event
 * loop's delay is watched (what an agent's answer would wait meanwhile). RSS is read right after
 * the last receipt and once it has settled (two seconds later: what the renderer keeps), and its
 * peak (what drawing needs at its height); then once the thread has ended, as it does when idle.
 * The renderer is the one production runs: bundled by `npm run build:bench` into dist/bench/, its
 * thread dist/bench/receipt-thread.js, plain JavaScript. Prints one line of JSON.
 */
const BUNDLE = fileURLToPath(new URL("../dist/bench/receipt-picture.js", import.meta.url));
if (!existsSync(BUNDLE)) {
  process.stderr.write("dist/bench/receipt-picture.js is missing: run `npm run build:bench` first\n");
  process.exit(2);
}
const count = Number(process.argv[2] ?? 50);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const rssMb = () => process.memoryUsage.rss() / 2 ** 20;
/** The process's highest RSS so far (Linux's VmHWM). */
const peakRssMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? Number.NaN) / 1024;
const settledRssMb = async () => {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return rssMb();
};

const rssBefore = rssMb();
const { createReceiptRenderer } = (await import(BUNDLE)) as { createReceiptRenderer: typeof CreateReceiptRenderer };
const render = createReceiptRenderer();
const layouts = [...Object.values(RECEIPT_LAYOUTS), HOSTILE_LAYOUT];

let cpu = cpuMs();
await render(RECEIPT_LAYOUTS.en);
const firstCpuMs = cpuMs() - cpu;

cpu = cpuMs();
let bytes = 0;
for (let n = 0; n < count; n++) bytes += (await render(layouts[n % 4] ?? RECEIPT_LAYOUTS.en)).length;
const cpuMsPerReceipt = (cpuMs() - cpu) / count;

cpu = cpuMs();
const hostileRuns = Math.max(5, Math.round(count / 10));
for (let n = 0; n < hostileRuns; n++) await render(HOSTILE_LAYOUT);
const cpuMsPerHostileReceipt = (cpuMs() - cpu) / hostileRuns;
const oneByOne = rssMb() - rssBefore;
const settledAfterOneByOne = (await settledRssMb()) - rssBefore;

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const started = performance.now();
await Promise.all(Array.from({ length: 20 }, (_, n) => render(layouts[n % layouts.length] ?? RECEIPT_LAYOUTS.en)));
const twentyAtOnceMs = performance.now() - started;
delay.disable();
const afterTwentyAtOnce = rssMb() - rssBefore;
const settledAfterTwentyAtOnce = (await settledRssMb()) - rssBefore;
const peak = peakRssMb() - rssBefore;
await render.close();
const threadEnded = (await settledRssMb()) - rssBefore;

process.stdout.write(
  `${JSON.stringify({
    receipts: count,
    firstCpuMs,
    cpuMsPerReceipt,
    cpuMsPerHostileReceipt,
    averageKb: bytes / count / 1024,
    rssAddedMb: { oneByOne, settledAfterOneByOne, afterTwentyAtOnce, settledAfterTwentyAtOnce, peak, threadEnded },
    twentyAtOnce: { makespanMs: twentyAtOnceMs, eventLoopDelayMaxMs: delay.max / 1e6, eventLoopDelayP99Ms: delay.percentile(99) / 1e6 },
  })}\n`,
);
