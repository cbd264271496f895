import { afterEach, describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../../src/state/sqlite/sqlite-store.ts";
import { csvUpload } from "../../../../src/telegram/features/history/csv-upload.ts";
import { runningExports } from "../../../../src/telegram/features/history/running-exports.ts";

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

/** Instances sharing one store: each a registry of its own over the store's leases. */
function instances() {
  const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  stores.push(store);
  return () => runningExports(store.leases);
}
const stores: ReturnType<typeof openSqliteStore>[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

describe("the exports running here", () => {
  it("take one per admin; stopping aborts each and waits until each has ended, even one not yet streaming", async () => {
    const exports = instances()();
    const first = await exports.begin(1);
    expect(await exports.begin(1)).toBeUndefined();
    const other = await exports.begin(2);
    const stopping = exports.stop(5_000);
    expect(first?.signal.aborted).toBe(true);
    expect(other?.signal.aborted).toBe(true);
    expect(await settled(stopping)).toBe(false);
    first?.end();
    expect(await settled(stopping)).toBe(false);
    other?.end();
    expect(await settled(stopping)).toBe(true);
  });

  it("take one per admin across the instances sharing the store, and give the turn back when it ends", async () => {
    const instance = instances();
    const [a, b] = [instance(), instance()];
    const onA = await a.begin(1);
    expect(onA).toBeDefined();
    expect(await b.begin(1)).toBeUndefined();
    expect(await b.begin(2)).toBeDefined();
    onA?.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await b.begin(1)).toBeDefined();
  });

  it("give an export begun once stopping a signal already aborted, and stop waits no longer than it is given", async () => {
    const exports = instances()();
    const held = await exports.begin(1);
    const started = Date.now();
    await exports.stop(50);
    expect(Date.now() - started).toBeLessThan(1_000);
    held?.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await exports.begin(3))?.signal.aborted).toBe(true);
  });

  it("an upload whose stop signal was aborted before it began reads nothing and aborts its send", async () => {
    const stop = new AbortController();
    stop.abort(new Error("the bot is stopping"));
    let opened = 0;
    const upload = csvUpload(async function* () {
      opened++;
      yield new Uint8Array([1]);
    }, "x.csv", stop.signal);
    expect(upload.signal?.aborted).toBe(true);
    const stream = (upload.file as unknown as { fileData: () => AsyncIterable<Uint8Array> }).fileData;
    await expect((async () => { for await (const _ of stream()) void _; })()).rejects.toThrow("the bot is stopping");
    expect(opened).toBe(0);
  });
});
