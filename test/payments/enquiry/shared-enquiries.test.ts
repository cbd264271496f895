import { describe, expect, it } from "vitest";
import { shareEnquiries } from "../../../src/payments/enquiry/shared-enquiries.ts";
import type { EnquiryOutcome } from "../../../src/payments/enquiry/types.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";

function deferred() {
  let resolve!: (outcome: EnquiryOutcome) => void;
  const promise = new Promise<EnquiryOutcome>((r) => (resolve = r));
  return { promise, resolve };
}

describe("shareEnquiries", () => {
  it("makes one upstream request for identical enquiries in flight together", async () => {
    const gate = deferred();
    const inner = scriptedEnquiry(() => gate.promise);
    const shared = shareEnquiries(inner, { cacheTtlMs: 0 });
    const answers = Array.from({ length: 50 }, () => shared.enquire("collection", "TX-1"));
    gate.resolve(outcomes.pending("collection", "TX-1"));
    const results = await Promise.all(answers);
    expect(inner.calls).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
  });

  it("does not share across kinds or IDs", async () => {
    const inner = scriptedEnquiry((kind, id) => outcomes.pending(kind, id));
    const shared = shareEnquiries(inner, { cacheTtlMs: 30_000 });
    await Promise.all([shared.enquire("collection", "TX-1"), shared.enquire("airtime", "TX-1"), shared.enquire("collection", "TX-2")]);
    expect(inner.calls).toHaveLength(3);
  });

  it("reuses a final outcome until it expires", async () => {
    let clock = 0;
    const inner = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const shared = shareEnquiries(inner, { cacheTtlMs: 30_000, now: () => clock });
    const first = await shared.enquire("collection", "TX-1");
    clock = 29_999;
    expect(await shared.enquire("collection", "TX-1")).toBe(first);
    expect(inner.calls).toHaveLength(1);
    clock = 30_000;
    await shared.enquire("collection", "TX-1");
    expect(inner.calls).toHaveLength(2);
  });

  it.each([
    ["pending", outcomes.pending("collection", "TX-1")],
    ["not found", outcomes.notFound("collection", "TX-1")],
    ["timeout", outcomes.timeout("collection", "TX-1")],
    ["service error", outcomes.upstreamError("collection", "TX-1")],
  ])("never caches a %s outcome", async (_, outcome) => {
    const inner = scriptedEnquiry(() => outcome);
    const shared = shareEnquiries(inner, { cacheTtlMs: 30_000 });
    await shared.enquire("collection", "TX-1");
    await shared.enquire("collection", "TX-1");
    expect(inner.calls).toHaveLength(2);
  });

  it("goes to the service for a fresh answer (Refresh), and with the cache disabled", async () => {
    const inner = scriptedEnquiry((kind, id) => outcomes.failed(kind, id));
    const cached = shareEnquiries(inner, { cacheTtlMs: 30_000 });
    await cached.enquire("collection", "TX-1");
    await cached.enquire("collection", "TX-1", { fresh: true });
    expect(inner.calls).toHaveLength(2);
    const uncached = shareEnquiries(inner, { cacheTtlMs: 0 });
    await uncached.enquire("airtime", "TX-1");
    await uncached.enquire("airtime", "TX-1");
    expect(inner.calls).toHaveLength(4);
  });
});
