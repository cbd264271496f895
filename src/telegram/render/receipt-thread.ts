import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, type MessagePort } from "node:worker_threads";
import { drawReceipt } from "./draw-receipt.ts";
import { loadReceiptFonts, type ReceiptFonts } from "./fonts.ts";
import type { ReceiptLayout } from "./receipt-layout.ts";

/**
 * The receipts' own thread (started by receipt-picture.ts): draws one receipt at a time, and after
 * each one collects its garbage at once, before the next.
 *
 * Why: resvg-js keeps each picture's pixels (7 to 11 MB, more while drawing) in native memory that
 * V8 does not count, so V8 sees no reason to collect the small objects holding them, and a process
 * drawing receipts grows by 150 MB and more. Collecting on the main thread would hold the agents'
 * answers (370 ms measured); here the heap is this thread's alone and a few MB, so a collection
 * holds nobody. The order matters, each step measured: a collection once the drawing's function
 * has returned (nothing on the stack keeps its objects), then a turn of the loop, in which Node runs
 * the native finalizers that free the pixels, then a second collection and another turn, and only
 * then the next receipt. Collecting inside the message handler instead freed almost nothing (+330 MB
 * for 20 receipts); one collection instead of two left 34 to 58 MB instead of 33 to 37; a young-
 * generation collection (1 ms instead of 25) missed the objects promoted while drawing, 27 to 70 MB.
 */
export interface DrawRequest {
  id: number;
  layout: ReceiptLayout;
}
export type DrawAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

// V8 gives `gc` to contexts made after the flag is set: this thread's own, only (the main thread's
// context was made before, and keeps no such function).
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function threadPort(): MessagePort {
  if (!parentPort) throw new Error("receipt-thread.ts runs as a worker thread only");
  return parentPort;
}
const port = threadPort();
const waiting: DrawRequest[] = [];
let fonts: ReceiptFonts | undefined;
let drawing = false;

function answer(request: DrawRequest): DrawAnswer {
  try {
    fonts ??= loadReceiptFonts();
    // A copy in an ArrayBuffer of its own, handed over whole (no copy on the way); the PNG resvg
    // itself may write lives in memory its native side owns, which is not to be handed over.
    const png = new Uint8Array(drawReceipt(request.layout, fonts));
    return { id: request.id, png };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

async function drawAll(): Promise<void> {
  if (drawing) return;
  drawing = true;
  for (let request = waiting.shift(); request; request = waiting.shift()) {
    const reply = answer(request);
    port.postMessage(reply, "png" in reply ? [reply.png.buffer as ArrayBuffer] : []);
    collect();
    await nextTurn();
    collect();
    await nextTurn();
  }
  drawing = false;
}

port.on("message", (request: DrawRequest) => {
  waiting.push(request);
  void drawAll();
});
