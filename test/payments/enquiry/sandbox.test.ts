import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEnquiryClient, type EnquiryClient } from "../../../src/payments/enquiry/client.ts";
import { FAILED_REASON } from "../../../src/payments/enquiry/sandbox/scenarios.ts";
import { startSandbox, type Sandbox } from "../../../src/payments/enquiry/sandbox/server.ts";

let sandbox: Sandbox;
let client: EnquiryClient;

beforeAll(async () => {
  sandbox = await startSandbox({ token: "sandbox-token", stallMs: 5_000 });
  client = createEnquiryClient({ baseUrl: sandbox.url, token: () => "sandbox-token", timeoutMs: 300, totalTimeoutMs: 500, retries: 2, connections: 2, backoffMs: 10 });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

describe("the sandbox plays every documented example", () => {
  it.each([
    ["collection", "COL-SUCCESS-1", { type: "found", transaction: { status: "SUCCESS" } }],
    ["collection", "COL-FAILED-1", { type: "found", transaction: { status: "FAILED", message: FAILED_REASON } }],
    ["collection", "COL-PENDING-1", { type: "found", transaction: { status: "PENDING" } }],
    ["collection", "COL-NOTFOUND-1", { type: "not_found" }],
    ["collection", "COL-TOKEN-1", { type: "unauthorized" }],
    ["collection", "COL-SLOW-1", { type: "timeout" }],
    ["collection", "COL-ERROR-1", { type: "upstream_error" }],
    ["collection", "COL-FLAKY-1", { type: "found" }],
    ["collection", "COL-GARBLED-1", { type: "invalid_response" }],
    ["airtime", "AIR-SUCCESS-1", { type: "found" }],
    ["airtime", "COL-SUCCESS-1", { type: "not_found" }],
    ["airtime", "ANY-SUCCESS-1", { type: "found" }],
    ["collection", "UNKNOWN-1", { type: "not_found" }],
  ] as const)("%s %s", async (kind, id, expected) => {
    expect(await client.enquire(kind, id)).toMatchObject(expected);
  });

  it("gives the same references every time", async () => {
    const first = await client.enquire("collection", "COL-SUCCESS-2");
    const second = await client.enquire("collection", "COL-SUCCESS-2");
    expect(first).toMatchObject({ type: "found" });
    expect(second).toMatchObject({ serviceTransactionId: (first as { serviceTransactionId: string }).serviceTransactionId });
  });

  it("rejects a wrong token", async () => {
    const stranger = createEnquiryClient({ baseUrl: sandbox.url, token: () => "wrong", timeoutMs: 300, totalTimeoutMs: 500, retries: 0, connections: 1 });
    expect((await stranger.enquire("collection", "COL-SUCCESS-1")).type).toBe("unauthorized");
    await stranger.close();
  });
});

describe("the sandbox's trouble on demand", () => {
  const troubleUrl = () => `${sandbox.url}/sandbox/trouble`;
  const post = (body: unknown, token = "sandbox-token") =>
    fetch(troubleUrl(), { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("fails every enquiry of the kinds in trouble, whatever the ID, and recovers", async () => {
    const set = await post({ mode: "errors", kinds: ["collection"] });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ mode: "errors", kinds: ["collection"] });
    try {
      expect(await client.enquire("collection", "COL-SUCCESS-7")).toMatchObject({ type: "upstream_error", httpStatus: 503 });
      expect(await client.enquire("airtime", "AIR-SUCCESS-7")).toMatchObject({ type: "found" });
      sandbox.setTrouble({ mode: "timeouts", kinds: ["airtime"] });
      expect(await client.enquire("airtime", "AIR-SUCCESS-8")).toMatchObject({ type: "timeout" });
    } finally {
      expect((await post({ mode: "none" })).status).toBe(200);
    }
    expect(await client.enquire("collection", "COL-SUCCESS-7")).toMatchObject({ type: "found" });
    expect(sandbox.trouble()).toEqual({ mode: "none", kinds: ["collection", "airtime"] });
  });

  it("takes orders only with its token, and says what it understands", async () => {
    expect((await post({ mode: "errors" }, "wrong")).status).toBe(401);
    const bad = await post({ mode: "on fire" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("none, errors, timeouts, slow");
    expect((await post({ mode: "errors", kinds: ["mobile"] })).status).toBe(400);
    expect(await (await fetch(troubleUrl(), { headers: { authorization: "Bearer sandbox-token" } })).json()).toEqual({ mode: "none", kinds: ["collection", "airtime"] });
    expect(sandbox.trouble().mode).toBe("none");
  });
});
