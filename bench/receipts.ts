import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL("./receipt-worker.ts", import.meta.url));
/** The V8 flags of the start command (package.json, Dockerfile): the heap the renderer lives in. */
const START_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=30"];

export interface ReceiptSizes {
  receipts: number;
}
export const RECEIPTS_FULL: ReceiptSizes = { receipts: 100 };
export const RECEIPTS_QUICK: ReceiptSizes = { receipts: 20 };

interface WorkerFigures {
  receipts: number;
  firstCpuMs: number;
  cpuMsPerReceipt: number;
  cpuMsPerHostileReceipt: number;
  averageKb: number;
  rssAddedMb: { oneByOne: number; afterTwentyAtOnce: number };
  twentyAtOnce: { makespanMs: number; eventLoopDelayMaxMs: number; eventLoopDelayP99Ms: number };
}

/**
 * The receipt picture's cost, in a process of its own started as the bot is (so that the RSS it
 * adds is the renderer's alone): CPU per receipt (the receipts of each language in turn, then the
 * hostile one), RSS added, and twenty made at once, with how long the event loop, which answers the
 * agents, was held up meanwhile.
 */
export async function receiptRendering(sizes: ReceiptSizes): Promise<WorkerFigures & { targets: { cpuWithin100Ms: boolean; rssWithin40Mb: boolean; eventLoopHeldUnder50MsWhileTwentyAreMade: boolean } }> {
  const { stdout } = await run(process.execPath, [...START_FLAGS, "--import", "tsx", WORKER, String(sizes.receipts)], { maxBuffer: 1024 * 1024 });
  const figures = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as WorkerFigures;
  return {
    ...figures,
    targets: {
      cpuWithin100Ms: figures.cpuMsPerReceipt <= 100,
      rssWithin40Mb: Math.max(figures.rssAddedMb.oneByOne, figures.rssAddedMb.afterTwentyAtOnce) <= 40,
      eventLoopHeldUnder50MsWhileTwentyAreMade: figures.twentyAtOnce.eventLoopDelayMaxMs <= 50,
    },
  };
}
