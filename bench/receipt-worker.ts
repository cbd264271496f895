import { monitorEventLoopDelay } from "node:perf_hooks";
import { HOSTILE_LAYOUT, RECEIPT_LAYOUTS } from "../test/support/receipt-layouts.ts";

/**
 * Run by bench/receipts.ts in a process of its own, so that the RSS it reports is the renderer's
 * alone: RSS before the renderer is loaded, the first receipt, `count` receipts one after another
 * (their CPU, the thread pool's included), then 20 at once while the event loop's delay is watched
 * (what an agent's answer would wait meanwhile). Prints one line of JSON.
 */
const count = Number(process.argv[2] ?? 50);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const rssMb = () => process.memoryUsage.rss() / 2 ** 20;

const rssBefore = rssMb();
const { renderReceiptPicture } = await import("../src/telegram/render/receipt-picture.ts");
const layouts = [...Object.values(RECEIPT_LAYOUTS), HOSTILE_LAYOUT];

let cpu = cpuMs();
await renderReceiptPicture(RECEIPT_LAYOUTS.en);
const firstCpuMs = cpuMs() - cpu;

cpu = cpuMs();
let bytes = 0;
for (let n = 0; n < count; n++) bytes += (await renderReceiptPicture(layouts[n % 4] ?? RECEIPT_LAYOUTS.en)).length;
const cpuMsPerReceipt = (cpuMs() - cpu) / count;

cpu = cpuMs();
const hostileRuns = Math.max(5, Math.round(count / 10));
for (let n = 0; n < hostileRuns; n++) await renderReceiptPicture(HOSTILE_LAYOUT);
const cpuMsPerHostileReceipt = (cpuMs() - cpu) / hostileRuns;
const rssAfterOneByOneMb = rssMb() - rssBefore;

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const started = performance.now();
await Promise.all(Array.from({ length: 20 }, (_, n) => renderReceiptPicture(layouts[n % layouts.length] ?? RECEIPT_LAYOUTS.en)));
const twentyAtOnceMs = performance.now() - started;
delay.disable();

process.stdout.write(
  `${JSON.stringify({
    receipts: count,
    firstCpuMs,
    cpuMsPerReceipt,
    cpuMsPerHostileReceipt,
    averageKb: bytes / count / 1024,
    rssAddedMb: { oneByOne: rssAfterOneByOneMb, afterTwentyAtOnce: rssMb() - rssBefore },
    twentyAtOnce: { makespanMs: twentyAtOnceMs, eventLoopDelayMaxMs: delay.max / 1e6, eventLoopDelayP99Ms: delay.percentile(99) / 1e6 },
  })}\n`,
);
