import { describe, expect, it, vi } from "vitest";
import { shareEnquiries } from "../../../src/payments/enquiry/shared-enquiries.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { CANCELLED, type EnquiryOutcome } from "../../../src/payments/enquiry/types.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";

function deferred() {
  let resolve!: (outcome: EnquiryOutcome) => void;
  const promise = new Promise<EnquiryOutcome>((r) => (resolve = r));
  return { promise, resolve };
}

/** A store of the test's own; with a clock, so expiry is exact. */
const storeWith = (now: () => number = Date.now) => openSqliteStore({ path: IN_MEMORY, now, sweepIntervalMs: 0 }).kv;

describe("shareEnquiries", () => {
  it("makes one upstream request for identical enquiries in flight together", async () => {
    const gate = deferred();
    const inner = scriptedEnquiry(() => gate.promise);
    const shared = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 0 });
    const answers = Array.from({ length: 50 }, () => shared.enquire("collection", "TX-1"));
    gate.resolve(outcomes.pending("collection", "TX-1"));
    const results = await Promise.all(answers);
    expect(inner.calls).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
  });

  it("does not share across kinds or IDs", async () => {
    const inner = scriptedEnquiry((kind, id) => outcomes.pending(kind, id));
    const shared = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 30_000 });
    await Promise.all([shared.enquire("collection", "TX-1"), shared.enquire("airtime", "TX-1"), shared.enquire("collection", "TX-2")]);
    expect(inner.calls).toHaveLength(3);
  });

  it("reuses a final outcome until it expires", async () => {
    let clock = Date.parse("2026-11-22T14:00:00Z");
    const inner = scriptedEnquiry((kind, id) => ({ ...outcomes.success(kind, id), checkedAt: new Date(clock) }));
    const shared = shareEnquiries(inner, { store: storeWith(() => clock), cacheTtlMs: 30_000, now: () => clock });
    const first = await shared.enquire("collection", "TX-1");
    clock += 29_999;
    expect(await shared.enquire("collection", "TX-1")).toBe(first);
    expect(inner.calls).toHaveLength(1);
    clock += 1;
    await shared.enquire("collection", "TX-1");
    expect(inner.calls).toHaveLength(2);
  });

  it("uses a settled answer another instance cached in the shared store", async () => {
    const store = storeWith();
    const one = shareEnquiries(scriptedEnquiry((kind, id) => ({ ...outcomes.failed(kind, id), checkedAt: new Date() })), { store, cacheTtlMs: 30_000 });
    const otherInner = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const other = shareEnquiries(otherInner, { store, cacheTtlMs: 30_000 });
    const first = await one.enquire("airtime", "TX-7");
    const second = await other.enquire("airtime", "TX-7");
    expect(otherInner.calls).toHaveLength(0);
    expect(second).toEqual(first);
    expect(second.checkedAt).toBeInstanceOf(Date);
  });

  it("treats a store that cannot answer as a miss, never as a failed enquiry", async () => {
    const down = () => Promise.reject(new Error("down"));
    const broken = { get: down, set: down, setIfAbsent: down, delete: down, update: down };
    const inner = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const shared = shareEnquiries(inner, { store: broken, cacheTtlMs: 30_000 });
    expect((await shared.enquire("collection", "TX-1")).type).toBe("found");
  });

  it.each([
    ["pending", outcomes.pending("collection", "TX-1")],
    ["not found", outcomes.notFound("collection", "TX-1")],
    ["timeout", outcomes.timeout("collection", "TX-1")],
    ["service error", outcomes.upstreamError("collection", "TX-1")],
  ])("never caches a %s outcome", async (_, outcome) => {
    const inner = scriptedEnquiry(() => outcome);
    const shared = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 30_000 });
    await shared.enquire("collection", "TX-1");
    await shared.enquire("collection", "TX-1");
    expect(inner.calls).toHaveLength(2);
  });

  it("goes to the service for a fresh answer (Refresh), and with the cache disabled", async () => {
    const inner = scriptedEnquiry((kind, id) => outcomes.failed(kind, id));
    const cached = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 30_000 });
    await cached.enquire("collection", "TX-1");
    await cached.enquire("collection", "TX-1", { fresh: true });
    expect(inner.calls).toHaveLength(2);
    const uncached = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 0 });
    await uncached.enquire("airtime", "TX-1");
    await uncached.enquire("airtime", "TX-1");
    expect(inner.calls).toHaveLength(4);
  });

  it("cancels a request whose every asker gave up, and answers each at once as cancelled", async () => {
    const inner = scriptedEnquiry(() => new Promise<EnquiryOutcome>(() => undefined));
    const shared = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 0 });
    const a = new AbortController();
    const b = new AbortController();
    const answers = [shared.enquire("collection", "TX-1", { signal: a.signal }), shared.enquire("collection", "TX-1", { signal: b.signal })];
    expect(inner.calls).toHaveLength(1);
    const upstream = inner.calls[0]?.options?.signal;
    a.abort();
    expect(await answers[0]).toMatchObject({ type: "upstream_error", reason: CANCELLED });
    expect(upstream?.aborted).toBe(false);
    b.abort();
    expect(await answers[1]).toMatchObject({ type: "upstream_error", reason: CANCELLED });
    expect(upstream?.aborted).toBe(true);
  });

  it("goes on with a request someone still waits for, however many others gave up", async () => {
    const gate = deferred();
    const inner = scriptedEnquiry(() => gate.promise);
    const shared = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 0 });
    const bulk = new AbortController();
    const cancelled = shared.enquire("collection", "TX-1", { signal: bulk.signal });
    const command = shared.enquire("collection", "TX-1");
    bulk.abort();
    expect(await cancelled).toMatchObject({ reason: CANCELLED });
    expect(inner.calls[0]?.options?.signal?.aborted).toBe(false);
    gate.resolve(outcomes.success("collection", "TX-1"));
    expect(await command).toMatchObject({ type: "found" });
  });

  it("makes no request for an asker who had already given up", async () => {
    const inner = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const shared = shareEnquiries(inner, { store: storeWith(), cacheTtlMs: 0 });
    expect(await shared.enquire("collection", "TX-1", { signal: AbortSignal.abort() })).toMatchObject({ reason: CANCELLED });
    expect(inner.calls).toHaveLength(0);
  });

  describe("off the reply's path, and ahead of it", () => {
    /** A store that counts its reads, and whose writes wait until the test lets them through. */
    const countingStore = () => {
      const kv = storeWith();
      const reads: string[] = [];
      const writes: (() => void)[] = [];
      return {
        reads,
        letWritesThrough: () => writes.splice(0).forEach((go) => go()),
        store: {
          ...kv,
          get: (key: string) => (reads.push(key), kv.get(key)),
          set: (key: string, value: string, ttlMs: number) => new Promise<void>((resolve) => writes.push(() => void kv.set(key, value, ttlMs).then(resolve))),
        },
      };
    };
    const settled = (kind: "collection" | "airtime", id: string) => ({ ...outcomes.success(kind, id), checkedAt: new Date() });

    it("answers without waiting for the cache to be written: the write follows the answer", async () => {
      const counting = countingStore();
      const shared = shareEnquiries(scriptedEnquiry(settled), { store: counting.store, cacheTtlMs: 30_000 });
      expect((await shared.enquire("collection", "TX-1")).type).toBe("found");
      expect(await counting.store.get("answer:collection:TX-1")).toBeUndefined();
      counting.letWritesThrough();
      await vi.waitFor(async () => expect(await counting.store.get("answer:collection:TX-1")).toContain("SUCCESS"));
    });

    it("reads ahead: the enquiry that follows takes what was read, found or not, without reading again", async () => {
      const counting = countingStore();
      const store = counting.store;
      const other = shareEnquiries(scriptedEnquiry(settled), { store, cacheTtlMs: 30_000 });
      await other.enquire("airtime", "TX-2");
      counting.letWritesThrough();
      await vi.waitFor(async () => expect(await store.get("answer:airtime:TX-2")).toBeDefined());
      counting.reads.length = 0;
      const inner = scriptedEnquiry(settled);
      const shared = shareEnquiries(inner, { store, cacheTtlMs: 30_000 });
      shared.readAhead?.("airtime", "TX-2");
      shared.readAhead?.("collection", "TX-3");
      expect(counting.reads).toEqual(["answer:airtime:TX-2", "answer:collection:TX-3"]);
      expect((await shared.enquire("airtime", "TX-2")).type).toBe("found");
      expect(await shared.enquire("collection", "TX-3")).toMatchObject({ type: "found" });
      expect(counting.reads).toHaveLength(2);
      expect(inner.calls.map((call) => call.id)).toEqual(["TX-3"]);
    });

    it("reads nothing ahead with the cache off, nor what this process holds already", async () => {
      const counting = countingStore();
      const off = shareEnquiries(scriptedEnquiry(settled), { store: counting.store, cacheTtlMs: 0 });
      off.readAhead?.("collection", "TX-1");
      const on = shareEnquiries(scriptedEnquiry(settled), { store: counting.store, cacheTtlMs: 30_000 });
      await on.enquire("collection", "TX-1");
      counting.reads.length = 0;
      on.readAhead?.("collection", "TX-1");
      expect(counting.reads).toEqual([]);
    });
  });
});
