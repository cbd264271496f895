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

  it("holds many stalled requests at once (timeouts) without a warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const wide = createEnquiryClient({ baseUrl: sandbox.url, token: () => "sandbox-token", timeoutMs: 200, totalTimeoutMs: 200, retries: 0, connections: 16, backoffMs: 10 });
    sandbox.setTrouble({ mode: "timeouts", kinds: ["collection"] });
    try {
      const before = sandbox.stats.requests;
      const answers = await Promise.all(Array.from({ length: 14 }, (_, n) => wide.enquire("collection", `COL-SUCCESS-S${n}`)));
      expect(answers.every((answer) => answer.type === "timeout")).toBe(true);
      expect(sandbox.stats.requests - before).toBe(14);
      // A process warning is emitted on a later tick, and nothing else shows it: one turn of the event loop lets any come.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      sandbox.setTrouble({ mode: "none", kinds: ["collection", "airtime"] });
      process.off("warning", onWarning);
      await wide.close();
    }
  });

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
    // A name every object has is no mode.
    expect((await post({ mode: "toString" })).status).toBe(400);
    expect(await (await fetch(troubleUrl(), { headers: { authorization: "Bearer sandbox-token" } })).json()).toEqual({ mode: "none", kinds: ["collection", "airtime"] });
    expect(sandbox.trouble().mode).toBe("none");
  });
});

describe("the sandbox playing a token endpoint (client credentials)", () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
  const form = { "content-type": "application/x-www-form-urlencoded" };

  async function withEndpoint(lifetimeSeconds: number, test: (tokens: Sandbox) => Promise<void>) {
    const tokens = await startSandbox({ token: "sandbox-token", tokenEndpoint: { clientId: "sandbox-client", clientSecret: "sandbox-secret", lifetimeSeconds } });
    try {
      await test(tokens);
    } finally {
      await tokens.close();
    }
  }

  it("hands out short-lived tokens by POST or GET, Basic or body credentials, that the enquiry API accepts until they expire", async () => {
    await withEndpoint(1, async (tokens) => {
      const byPost = await fetch(`${tokens.url}/oauth/token`, { method: "POST", headers: { ...form, authorization: basic("sandbox-client", "sandbox-secret") }, body: "grant_type=client_credentials" });
      expect(byPost.status).toBe(200);
      const answer = (await byPost.json()) as { access_token: string; expires_in: number; token_type: string };
      expect(answer).toMatchObject({ token_type: "Bearer", expires_in: 1 });
      const byGet = await fetch(`${tokens.url}/oauth/token?grant_type=client_credentials`, { headers: { authorization: basic("sandbox-client", "sandbox-secret") } });
      expect(byGet.status).toBe(200);
      const inBody = await fetch(`${tokens.url}/oauth/token`, { method: "POST", headers: form, body: "grant_type=client_credentials&client_id=sandbox-client&client_secret=sandbox-secret" });
      expect(inBody.status).toBe(200);
      expect(tokens.tokenEndpoint?.stats).toEqual({ requests: 3, issued: 3 });

      const holder = createEnquiryClient({ baseUrl: tokens.url, token: () => answer.access_token, timeoutMs: 500, totalTimeoutMs: 500, retries: 0, connections: 1 });
      try {
        expect(await holder.enquire("collection", "COL-SUCCESS-1")).toMatchObject({ type: "found" });
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        expect(await holder.enquire("collection", "COL-SUCCESS-1")).toMatchObject({ type: "unauthorized", httpStatus: 401 });
      } finally {
        await holder.close();
      }
    });
  });

  it("refuses wrong credentials, and on demand (refuse, errors), as a provider does", async () => {
    await withEndpoint(60, async (tokens) => {
      const ask = () => fetch(`${tokens.url}/oauth/token`, { method: "POST", headers: { ...form, authorization: basic("sandbox-client", "sandbox-secret") }, body: "grant_type=client_credentials" });
      const wrong = await fetch(`${tokens.url}/oauth/token`, { method: "POST", headers: { ...form, authorization: basic("sandbox-client", "nope") }, body: "grant_type=client_credentials" });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: "invalid_client" });
      const control = (mode: string, token = "sandbox-token") =>
        fetch(`${tokens.url}/sandbox/token-endpoint`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ mode }) });
      expect((await control("refuse", "wrong")).status).toBe(401);
      expect((await control("on fire")).status).toBe(400);
      expect((await control("constructor")).status).toBe(400);
      expect((await control("refuse")).status).toBe(200);
      expect((await ask()).status).toBe(401);
      tokens.tokenEndpoint?.setMode("errors");
      expect((await ask()).status).toBe(503);
      expect(await (await control("normal")).json()).toEqual({ mode: "normal" });
      expect((await ask()).status).toBe(200);
    });
  });

  it("answers an address that is not the API with a web server's HTML page, as in front of a real API", async () => {
    const wrong = createEnquiryClient({ baseUrl: `${sandbox.url}/api/v2`, token: () => "sandbox-token", timeoutMs: 300, totalTimeoutMs: 500, retries: 0, connections: 1 });
    try {
      expect(await wrong.enquire("collection", "COL-SUCCESS-1")).toMatchObject({ type: "upstream_error", httpStatus: 404, hint: "wrong_address" });
    } finally {
      await wrong.close();
    }
  });
});
