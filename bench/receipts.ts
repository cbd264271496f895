import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL("./receipt-worker.ts", import.meta.url));
/** The V8 flags of the start command (package.json, Dockerfile): the heap the renderer lives in. */
const START_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=30"];
/** The allocator's setting of the Docker image (Dockerfile's ENV; see docs/performance.md "Receipts"). */
const IMAGE_ENV = { MALLOC_ARENA_MAX: "2" };

export interface ReceiptSizes {
  receipts: number;
}
export const RECEIPTS_FULL: ReceiptSizes = { receipts: 200 };
export const RECEIPTS_QUICK: ReceiptSizes = { receipts: 20 };

interface WorkerFigures {
  receipts: number;
  firstCpuMs: number;
  cpuMsPerReceipt: number;
  cpuMsPerHostileReceipt: number;
  averageKb: number;
  rssAddedMb: { oneByOne: number; settledAfterOneByOne: number; afterTwentyAtOnce: number; settledAfterTwentyAtOnce: number; peak: number; threadEnded: number };
  twentyAtOnce: { makespanMs: number; eventLoopDelayMaxMs: number; eventLoopDelayP99Ms: number };
}

async function measure(sizes: ReceiptSizes, env: Record<string, string>): Promise<WorkerFigures> {
  // This shell's own allocator settings left out: each run has exactly the ones it names.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("MALLOC_")));
  const { stdout } = await run(process.execPath, [...START_FLAGS, "--import", "tsx", WORKER, String(sizes.receipts)], { maxBuffer: 1024 * 1024, env: { ...inherited, ...env } });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as WorkerFigures;
}

/**
 * The receipt picture's cost, in a process of its own started as the bot is (so that the RSS it
 * adds is the renderer's alone): CPU per receipt (the receipts of each language in turn, then the
 * hostile one), RSS added, and twenty made at once, with how long the event loop, which answers the
 * agents, was held up meanwhile. Measured with the Docker image's allocator setting, and the RSS
 * also without it (a process started without MALLOC_ARENA_MAX).
 */
export async function receiptRendering(sizes: ReceiptSizes): Promise<
  WorkerFigures & {
    withoutArenaLimit: WorkerFigures["rssAddedMb"];
    targets: { cpuWithin100Ms: boolean; rssWithin40Mb: boolean; eventLoopHeldUnder50MsWhileTwentyAreMade: boolean };
  }
> {
  const figures = await measure(sizes, IMAGE_ENV);
  const withoutArenaLimit = (await measure(sizes, {})).rssAddedMb;
  return {
    ...figures,
    withoutArenaLimit,
    targets: {
      cpuWithin100Ms: figures.cpuMsPerReceipt <= 100,
      // What the renderer keeps: RSS once settled after 200 in a row and after 20 at once.
      rssWithin40Mb: Math.max(figures.rssAddedMb.settledAfterOneByOne, figures.rssAddedMb.settledAfterTwentyAtOnce) <= 40,
      eventLoopHeldUnder50MsWhileTwentyAreMade: figures.twentyAtOnce.eventLoopDelayMaxMs <= 50,
    },
  };
}
