import { afterEach, describe, expect, it } from "vitest";
import { mayCheckReceipt, RECEIPT_CHECK_LIMITS } from "../../../src/payments/receipts/check-limits.ts";
import { currentStatus } from "../../../src/payments/receipts/current-status.ts";
import { makeReceipt, type ReceiptRequest } from "../../../src/payments/receipts/make-receipt.ts";
import type { ReceiptAction } from "../../../src/payments/receipts/receipt-audit.ts";
import { receiptCodeHash } from "../../../src/payments/receipts/receipt-code.ts";
import { revokeReceipt, verifyReceipt } from "../../../src/payments/receipts/verify-receipt.ts";
import type { EnquiryOutcome } from "../../../src/payments/enquiry/types.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { CHECKED_AT, outcomes } from "../../support/outcomes.ts";

const DAY = 86_400_000;
let store: SqliteStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

function setUp() {
  let now = CHECKED_AT.getTime() + 10_000;
  store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0, now: () => now });
  const audited: { action: ReceiptAction; number: number; by: number }[] = [];
  const asked: boolean[] = [];
  let answer: EnquiryOutcome = outcomes.success("collection", "TX-1");
  const providerNow: EnquiryOutcome[] = [];
  const deps = {
    records: store.receipts,
    audit: (action: ReceiptAction, receipt: { number: number }, by: { userId: number }) => audited.push({ action, number: receipt.number, by: by.userId }),
    now: () => now,
    keepMs: 365 * DAY,
  };
  const request: ReceiptRequest = {
    ask: async (fresh) => {
      asked.push(fresh);
      return { ...answer, checkedAt: new Date(now - (fresh ? 0 : 5_000)) };
    },
    mayAskAgain: async () => true,
    title: "Pay Status Bot",
    language: "en",
    by: { userId: 12, name: "Amina" },
    chatId: 12,
  };
  const verify = {
    records: store.receipts,
    now: () => now,
    currentStatus: async () => providerNow.shift(),
  };
  return {
    store,
    deps,
    request,
    verify,
    audited,
    asked,
    providerNow,
    answer: (next: EnquiryOutcome) => (answer = next),
    wait: (ms: number) => (now += ms),
  };
}

describe("making a receipt", () => {
  it("keeps it under its code's hash only, numbered from the shared counter, and audits it", async () => {
    const { store, deps, request, audited } = setUp();
    const first = await makeReceipt(deps, request);
    const second = await makeReceipt(deps, request);
    if (first.type !== "made" || second.type !== "made") throw new Error("no receipt");
    expect([first.receipt.number, second.receipt.number]).toEqual([1, 2]);
    expect(first.code).not.toBe(second.code);
    expect(await store.receipts.get(receiptCodeHash(first.code))).toContain('"transactionId":"TX-1"');
    expect(await store.receipts.get(receiptCodeHash(first.code))).not.toContain(first.code);
    expect(audited).toEqual([
      { action: "made", number: 1, by: 12 },
      { action: "made", number: 2, by: 12 },
    ]);
  });

  it("uses an answer under a minute old, and asks again one that is older", async () => {
    const setup = setUp();
    await makeReceipt(setup.deps, setup.request);
    expect(setup.asked).toEqual([false]);
    await makeReceipt(setup.deps, { ...setup.request, ask: async (fresh) => (setup.asked.push(fresh), { ...outcomes.success("collection", "TX-1"), checkedAt: new Date(fresh ? setup.deps.now() : 0) }) });
    expect(setup.asked).toEqual([false, false, true]);
  });

  it("asks again only when that fits in the asker's rate limit, and makes none when it does not (#34)", async () => {
    const setup = setUp();
    const old = { ...setup.request, ask: async (fresh: boolean) => (setup.asked.push(fresh), { ...outcomes.success("collection", "TX-1"), checkedAt: new Date(fresh ? setup.deps.now() : 0) }) };
    let spent = 0;
    // Only an old answer is asked again, so only it spends.
    await makeReceipt(setup.deps, { ...setup.request, mayAskAgain: async () => (spent++, true) });
    expect(spent).toBe(0);
    expect((await makeReceipt(setup.deps, { ...old, mayAskAgain: async () => (spent++, true) })).type).toBe("made");
    expect(spent).toBe(1);
    expect(await makeReceipt(setup.deps, { ...old, mayAskAgain: async () => false })).toEqual({ type: "rate_limited" });
    expect(setup.asked).toEqual([false, false, true, false]);
    expect(setup.audited).toHaveLength(2);
  });

  it("makes none unless the provider says SUCCESS or FAILED", async () => {
    const setup = setUp();
    setup.answer(outcomes.pending("collection", "TX-1"));
    expect((await makeReceipt(setup.deps, setup.request)).type).toBe("not_final");
    setup.answer(outcomes.timeout("collection", "TX-1"));
    expect((await makeReceipt(setup.deps, setup.request)).type).toBe("not_final");
    expect(setup.audited).toEqual([]);
  });

  it("draws another code when one is taken (never writes over a receipt)", async () => {
    const setup = setUp();
    const codes = ["AAAA-AAAA-AAAA", "AAAA-AAAA-AAAA", "BBBB-BBBB-BBBB"];
    const deps = { ...setup.deps, newCode: () => codes.shift() ?? "" };
    expect(await makeReceipt(deps, setup.request)).toMatchObject({ code: "AAAA-AAAA-AAAA" });
    expect(await makeReceipt(deps, setup.request)).toMatchObject({ code: "BBBB-BBBB-BBBB" });
  });
});

describe("checking a receipt", () => {
  it("finds a genuine one however its code is typed, with what the provider says now", async () => {
    const setup = setUp();
    const made = await makeReceipt(setup.deps, setup.request);
    if (made.type !== "made") throw new Error("no receipt");
    setup.providerNow.push(outcomes.failed("collection", "TX-1"));
    const check = await verifyReceipt(setup.verify, made.code.toLowerCase().replace(/-/g, ""));
    expect(check).toMatchObject({ type: "genuine", code: made.code, receipt: { number: 1, state: "success" }, now: { type: "differs" } });
    expect(await verifyReceipt(setup.verify, made.code)).toMatchObject({ type: "genuine", now: { type: "unchecked" } });
  });

  it("tells unknown alike a code never made, one revoked, one expired, and nonsense", async () => {
    const setup = setUp();
    const revoked = await makeReceipt(setup.deps, setup.request);
    const expiring = await makeReceipt({ ...setup.deps, keepMs: DAY }, setup.request);
    if (revoked.type !== "made" || expiring.type !== "made") throw new Error("no receipt");
    expect(await revokeReceipt(setup.deps, revoked.code, { userId: 1, name: "Admin" })).toMatchObject({ type: "revoked", receipt: { revoked: { by: { userId: 1 } } } });
    expect(await revokeReceipt(setup.deps, revoked.code, { userId: 1, name: "Admin" })).toEqual({ type: "unknown" });
    setup.wait(DAY);
    for (const code of [revoked.code, expiring.code, "ZZZZ-ZZZZ-ZZZZ", "<script>", ""]) expect(await verifyReceipt(setup.verify, code), code).toEqual({ type: "unknown" });
    expect(setup.audited.map((entry) => entry.action)).toEqual(["made", "made", "revoked"]);
  });
});

describe("what the provider says now", () => {
  it("is asked at most once a minute per payment, within the checks' share; a timeout is not kept", async () => {
    const { store, deps, request } = setUp();
    const made = await makeReceipt(deps, request);
    if (made.type !== "made") throw new Error("no receipt");
    const answers: (EnquiryOutcome | undefined)[] = [outcomes.timeout("collection", "TX-1"), outcomes.success("collection", "TX-1")];
    let asked = 0;
    const status = currentStatus({ kv: store.kv, counters: store.counters, ask: async () => (asked++, answers.shift()) });
    expect((await status(made.receipt))?.type).toBe("timeout");
    expect((await status(made.receipt))?.type).toBe("found");
    expect((await status(made.receipt))?.type).toBe("found");
    expect(asked).toBe(2);
  });

  it("is not asked past the share: nothing is said of now", async () => {
    const { store, deps, request } = setUp();
    const made = await makeReceipt(deps, request);
    if (made.type !== "made") throw new Error("no receipt");
    for (let spent = 0; spent < RECEIPT_CHECK_LIMITS.provider.limit; spent++) await store.counters.take("receipt-check:provider", RECEIPT_CHECK_LIMITS.provider.limit, RECEIPT_CHECK_LIMITS.provider.windowMs);
    const status = currentStatus({ kv: store.kv, counters: store.counters, ask: async () => outcomes.success("collection", "TX-1") });
    expect(await status(made.receipt)).toBeUndefined();
  });
});

describe("the limits on checks", () => {
  it("allow each person or address their share, then refuse them without spending everyone's", async () => {
    const { store } = setUp();
    const { each } = RECEIPT_CHECK_LIMITS;
    for (let check = 0; check < each.limit; check++) expect(await mayCheckReceipt(store.counters, { type: "user", id: 5 })).toBe("allowed");
    expect(await mayCheckReceipt(store.counters, { type: "user", id: 5 })).toBe("rate_limited");
    expect(await mayCheckReceipt(store.counters, { type: "address", address: "203.0.113.9" })).toBe("allowed");
    expect(await mayCheckReceipt(store.counters, { type: "user", id: 6 })).toBe("allowed");
  });

  it("count an IPv6 network (/64) as one address, as anyone holding one can draw a new address for every check; IPv4 however written", async () => {
    const { store } = setUp();
    const { each } = RECEIPT_CHECK_LIMITS;
    for (let check = 0; check < each.limit; check++) expect(await mayCheckReceipt(store.counters, { type: "address", address: `2001:db8:1:2::${check.toString(16)}` })).toBe("allowed");
    for (const address of ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002::1", "2001:db8:1:2::7%eth0"]) expect(await mayCheckReceipt(store.counters, { type: "address", address }), address).toBe("rate_limited");
    expect(await mayCheckReceipt(store.counters, { type: "address", address: "2001:db8:1:3::1" })).toBe("allowed");
    for (let check = 0; check < each.limit; check++) await mayCheckReceipt(store.counters, { type: "address", address: "203.0.113.9" });
    expect(await mayCheckReceipt(store.counters, { type: "address", address: "::ffff:203.0.113.9" })).toBe("rate_limited");
    expect(await mayCheckReceipt(store.counters, { type: "address", address: "203.0.113.10" })).toBe("allowed");
  });

  it("refuse everyone once all checks together reach the total", async () => {
    const { store } = setUp();
    const { total } = RECEIPT_CHECK_LIMITS;
    for (let check = 0; check < total.limit; check++) await store.counters.take("receipt-check:all", total.limit, total.windowMs);
    expect(await mayCheckReceipt(store.counters, { type: "user", id: 7 })).toBe("rate_limited");
  });
});
