import { describe, expect, it } from "vitest";
import { assessReadiness } from "../../../src/ops/readiness.ts";
import type { TokenReport } from "../../../src/payments/service-token/client-credentials-token.ts";
import { createEnquiryClient } from "../../../src/payments/enquiry/client.ts";
import { inspectToken } from "../../../src/payments/service-token/service-token.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { useTokenSetup } from "../../support/client-credentials.ts";
import { startEnquiryServer, startTokenServer } from "../../support/token-servers.ts";

const { setup, cleanups } = useTokenSetup();

describe("an absurd lifetime, and failures in a row", () => {
  const readiness = (report: TokenReport) => assessReadiness({ mode: "webhook", phase: "running", token: inspectToken(undefined), tokenReport: report, state: { status: "ok" } }, new Date());

  it.each([[1e13], ["99999999999999"], [0.001]])("expires_in %s is not a renewal storm: one token request for 30 enquiries, all answered, and /readyz can write its date", async (expiresIn) => {
    const tokens = await startTokenServer(undefined);
    cleanups.push(() => tokens.close());
    tokens.server.handle((_request, res) => {
      const sent = `tok-${tokens.issued.length + 1}`;
      tokens.issued.push(sent);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: sent, expires_in: expiresIn }));
    });
    const { token, client } = await setup({ lifetimeSeconds: undefined, tokens });
    await token.start();
    const outcomes = [];
    for (let n = 0; n < 30; n++) outcomes.push((await client.enquire("collection", `TX-${n}`)).type);
    expect(new Set(outcomes)).toEqual(new Set(["found"]));
    expect(tokens.requests).toBe(1);
    const ready = readiness(token.report());
    expect(ready).toMatchObject({ ready: true });
    // No expiry (past a year), or 30 s (under 30 s): a date /readyz wrote.
    const expiresAt = ready.details?.tokenExpiresAt;
    if (expiresAt !== undefined) expect(typeof expiresAt === "string" ? Date.parse(expiresAt) - Date.now() : undefined).toBeLessThanOrEqual(30_000);
  });

  it("a token an older instance left in the store with a date past any Date (1e16 ms away): no expiry, never an Invalid Date, and no request", async () => {
    const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    cleanups.push(() => store.close());
    await store.kv.set("service-token:test", JSON.stringify({ token: "tok-from-before", obtainedAt: Date.now(), expiresAt: Date.now() + 1e16 }), 60_000);
    const { tokens, token } = await setup({ lifetimeSeconds: 3600, store });
    await token.start();
    expect(token.current()).toBe("tok-from-before");
    expect(token.report().expiresAt).toBeUndefined();
    expect(() => readiness(token.report())).not.toThrow();
    expect(tokens.requests).toBe(0);
  });

  it("a token an older instance left in the store that could not go in a header (a line break inside): not taken; this instance obtains its own", async () => {
    const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    cleanups.push(() => store.close());
    await store.kv.set("service-token:test", JSON.stringify({ token: "first-half\nsecond-half", obtainedAt: Date.now(), expiresAt: Date.now() + 3_600_000 }), 60_000);
    const { tokens, token, client } = await setup({ lifetimeSeconds: 3600, store });
    await token.start();
    expect(token.current()).toBe(tokens.issued[0]);
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "found" });
  });

  it("a shared token of another shape (a number for its token, a list, text that is not JSON): not taken; this instance obtains its own", async () => {
    for (const text of [JSON.stringify({ token: 42, obtainedAt: Date.now() }), JSON.stringify(["tok-in-a-list", Date.now()]), "tok-not-json"]) {
      const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
      cleanups.push(() => store.close());
      await store.kv.set("service-token:test", text, 60_000);
      const { tokens, token } = await setup({ lifetimeSeconds: 3600, store });
      await token.start();
      expect(token.current(), text).toBe(tokens.issued[0]);
    }
  });

  it("failures in a row back off, and a token obtained but not used yet does not reset the backoff: only a token the provider accepted does", async () => {
    const delays: number[] = [];
    const { tokens, token, client, clock } = await setup({ lifetimeSeconds: 3600, onFailure: (_failure, retryInMs) => delays.push(retryInMs) });
    tokens.mode = "error";
    await token.start();
    tokens.mode = "issue";
    clock.skewMs += 2_000;
    await token.start();
    expect(token.current()).toBeDefined();
    // Due for renewal, and the endpoint fails again: the backoff goes on from where it was.
    tokens.mode = "error";
    clock.skewMs += 2_900_000;
    await token.start();
    expect(delays).toEqual([1_000, 2_000]);
    // The token is used (the provider answers an enquiry with it); the endpoint recovers, then fails again: 1 s again.
    expect(await client.enquire("collection", "TX-used")).toMatchObject({ type: "found" });
    tokens.mode = "issue";
    clock.skewMs += 3_000;
    await token.start();
    expect(await client.enquire("collection", "TX-used-2")).toMatchObject({ type: "found" });
    tokens.mode = "error";
    clock.skewMs += 2_900_000;
    await token.start();
    expect(delays).toEqual([1_000, 2_000, 1_000]);
  });
});

describe("an enquiry waiting for a token being obtained", () => {
  it("the wait counts against its time: a token that takes 400 ms to come, then a provider that never answers, still ends the enquiry within ENQUIRY_TOTAL_TIMEOUT_MS", async () => {
    const tokens = await startTokenServer(3600);
    cleanups.push(() => tokens.close());
    tokens.server.handle((_request, res) => {
      // The endpoint's 400 ms are the scenario (time itself is the rule): the enquiry's budget must include them.
      setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "tok-slow", expires_in: 3600 })), 400);
    });
    const silent = await startEnquiryServer(() => true);
    cleanups.push(() => silent.close());
    silent.server.handle(() => undefined);
    const { token } = await setup({ lifetimeSeconds: 3600, tokens, enquiries: silent });
    const client = createEnquiryClient({ baseUrl: silent.url, token: () => token.current(), renewal: token, timeoutMs: 1_000, totalTimeoutMs: 1_000, retries: 0, connections: 2 });
    cleanups.push(() => client.close());
    const started = performance.now();
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "timeout" });
    // 1 s, not 400 ms of waiting for the token and then 1 s more for the provider (the 600 ms the
    // token leaves are room for a loaded machine to obtain it, so that the provider is what times out).
    expect(performance.now() - started).toBeLessThan(1_300);
  });
});
