import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ReceiptLayout } from "./receipt-layout.ts";
import type { DrawAnswer, DrawRequest } from "./receipt-thread.ts";

/** Draws a receipt as a PNG; close() ends its thread (a later receipt starts a new one). */
export interface ReceiptRenderer {
  (layout: ReceiptLayout): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ReceiptRendererOptions {
  /**
   * The thread ends after this long without a receipt, giving back its own Node and V8 heap (about
   * 20 MB); the next receipt starts it again, which costs that receipt 200 to 300 ms more of the
   * thread's CPU (its start, the fonts read, code not yet optimised).
   */
  idleMs?: number;
}

/**
 * The receipts' thread (receipt-thread.ts). Bundled, it is dist/receipt-thread.js beside
 * dist/main.js (deploy/build.js). From the sources (tsx, vitest) it is TypeScript, and worker
 * threads in Node 20 do not inherit the loader that compiles it: the thread registers tsx's
 * require hook itself first (tsx is a development dependency; production runs the bundle).
 */
/**
 * The thread's heap: a receipt's objects are few and short-lived (the pixels live in resvg's native
 * memory), so a young generation of 2 MB is plenty, and keeps about 6 MB less RSS than the default
 * with no measurable CPU (`npm run bench -- --only receipts`: 33–38 MB settled instead of 39–43).
 * The old generation's cap only stops a runaway thread: it then ends, failing its receipt, not the bot.
 */
const LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 };
function startThread(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./receipt-thread.js", here), { resourceLimits: LIMITS });
  const hook = createRequire(here).resolve("tsx/cjs/api");
  const thread = fileURLToPath(new URL("./receipt-thread.ts", here));
  return new Worker(`require(${JSON.stringify(hook)}).register(); require(${JSON.stringify(thread)});`, { eval: true, resourceLimits: LIMITS });
}

/**
 * Receipts drawn on a thread of their own, one at a time, in the order asked (see
 * receipt-thread.ts for why a thread, and what it does between two receipts). The agents' event
 * loop only sends the layout and receives the PNG: a receipt holds it up for well under a
 * millisecond, and twenty asked at once wait their turn on the thread (about 90 ms each) while the
 * answers go on. The thread starts with the first receipt (a bot that makes none never starts it),
 * never keeps the process alive, and ends when idle.
 */
export function createReceiptRenderer({ idleMs = 5 * 60_000 }: ReceiptRendererOptions = {}): ReceiptRenderer {
  type Waiter = { resolve: (png: Buffer) => void; reject: (error: Error) => void };
  /** The thread, and what it was asked and has not answered yet (a thread's own: one ending fails only its own). */
  let current: { worker: Worker; pending: Map<number, Waiter> } | undefined;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;

  const stop = async (): Promise<void> => {
    clearTimeout(idle);
    const ending = current;
    current = undefined;
    if (ending) await ending.worker.terminate();
  };

  const open = (): NonNullable<typeof current> => {
    if (current) return current;
    const thread = { worker: startThread(), pending: new Map<number, Waiter>() };
    const { worker, pending } = thread;
    worker.on("message", (reply: DrawAnswer) => {
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if ("png" in reply) waiter?.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else waiter?.reject(new Error(`the receipt could not be drawn: ${reply.error}`));
      if (pending.size === 0) {
        // Idle: the thread no longer keeps the process alive, and ends if no receipt comes.
        worker.unref();
        clearTimeout(idle);
        idle = setTimeout(() => void stop(), idleMs).unref();
      }
    });
    // A thread that dies (out of memory, a fault in resvg) fails what it was drawing; the next receipt starts another.
    const lost = (error: Error) => {
      if (current === thread) current = undefined;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the receipts' thread ended (exit code ${code})`)));
    current = thread;
    return thread;
  };

  const render = (layout: ReceiptLayout) =>
    new Promise<Buffer>((resolve, reject) => {
      clearTimeout(idle);
      const id = nextId++;
      const { worker, pending } = open();
      pending.set(id, { resolve, reject });
      // The thread keeps the process alive while a receipt is awaited, and only then.
      worker.ref();
      worker.postMessage({ id, layout } satisfies DrawRequest);
    });
  return Object.assign(render, { close: stop });
}

// One renderer for the process: its one thread is about this process's cores and memory.
let shared: ReceiptRenderer | undefined;

/** The receipt as a PNG, drawn by the process's one renderer (see createReceiptRenderer). */
export function renderReceiptPicture(layout: ReceiptLayout): Promise<Buffer> {
  shared ??= createReceiptRenderer();
  return shared(layout);
}
