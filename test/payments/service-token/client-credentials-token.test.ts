import { describe, expect, it } from "vitest";
import { isUsable } from "../../../src/payments/service-token/token-schedule.ts";
import { until, useTokenSetup } from "../../support/client-credentials.ts";
import { startTokenServer } from "../../support/token-servers.ts";

const { setup, cleanups } = useTokenSetup();

const MINUTE_S = 61;

describe("a token the bot obtains itself (client credentials)", () => {
  it("is obtained at start, sent with every enquiry, and renewed before it expires: no enquiry ever carries one in its last quarter", async () => {
    // Lives 2 s: never sent after 1.5 s, renewed by then.
    const issuedAt = new Map<string, number>();
    const { tokens, enquiries, token, client } = await setup({ lifetimeSeconds: 2, shortestLifetimeMs: 1_000 });
    const sentLate: string[] = [];
    enquiries.accepts = (sent) => {
      const issued = issuedAt.get(sent);
      if (issued !== undefined && Date.now() - issued > 1_500 + 100) sentLate.push(sent);
      return tokens.issued.includes(sent);
    };
    tokens.server.handle((_request, res) => {
      const sent = `tok-${tokens.issued.length + 1}`;
      tokens.issued.push(sent);
      issuedAt.set(sent, Date.now());
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: sent, expires_in: 2 }));
    });
    await token.start();
    expect(token.current()).toBe("tok-1");
    const started = Date.now();
    const outcomes: string[] = [];
    while (Date.now() - started < 3_500) {
      outcomes.push((await client.enquire("collection", `TX-${outcomes.length}`)).type);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(new Set(outcomes)).toEqual(new Set(["found"]));
    expect(sentLate).toEqual([]);
    // At start, then about every 1.35 s: renewed ahead, never in a loop.
    expect(tokens.requests).toBeGreaterThanOrEqual(3);
    expect(tokens.requests).toBeLessThanOrEqual(4);
    expect(new Set(enquiries.tokens).size).toBe(tokens.requests);
  }, 15_000);

  it("an enquiry answered 401 renews the token once and is tried once more, with the new one", async () => {
    const { tokens, enquiries, token, client, clock } = await setup({ lifetimeSeconds: 3600 });
    await token.start();
    const first = token.current();
    clock.skewMs += MINUTE_S * 1000;
    // The provider revokes it: only tokens handed out from now on are accepted.
    const revoked = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !revoked.has(sent);
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "found" });
    expect(tokens.requests).toBe(2);
    expect(enquiries.tokens).toEqual([first, token.current()]);
    expect(token.current()).not.toBe(first);
  });

  it("a token refused in its first minute (the provider keeps one token per client, and someone else asked for one) is renewed at once, and the enquiry answered with the new one", async () => {
    const { tokens, enquiries, token, client } = await setup({ lifetimeSeconds: 3600 });
    await token.start();
    const first = token.current();
    // No time passes: another client of the provider (npm run doctor, say) was handed a token, and the bot's is revoked.
    const revoked = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !revoked.has(sent);
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "found" });
    expect(tokens.requests).toBe(2);
    expect(enquiries.tokens).toEqual([first, token.current()]);
  });

  it("a token used, then refused a few seconds later, is renewed too: only the first use tells a token is good", async () => {
    const { tokens, enquiries, token, client } = await setup({ lifetimeSeconds: 3600 });
    await token.start();
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "found" });
    const revoked = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !revoked.has(sent);
    expect(await client.enquire("collection", "TX-2")).toMatchObject({ type: "found" });
    // Revoked again, while the second token has been used: renewed again.
    const again = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !again.has(sent);
    expect(await client.enquire("collection", "TX-3")).toMatchObject({ type: "found" });
    expect(tokens.requests).toBe(3);
  });

  it("a token obtained to replace a refused one, and refused as soon as it came: the credentials are at fault; no renewal until the backoff is over, then one more", async () => {
    const { tokens, enquiries, token, client } = await setup({ lifetimeSeconds: 3600, refusedRetryMs: 300 });
    await token.start();
    enquiries.accepts = () => false;
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "unauthorized", httpStatus: 401 });
    expect(tokens.requests).toBe(2);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => client.enquire("collection", `TX-B${i}`)));
    expect(burst.every((outcome) => outcome.type === "unauthorized")).toBe(true);
    expect(tokens.requests).toBe(2);
    // The backoff over (300 ms here, a minute by default), a refusal renews once more: never a loop.
    const deadline = Date.now() + 5_000;
    while (tokens.requests < 3 && Date.now() < deadline) expect((await client.enquire("collection", "TX-later")).type).toBe("unauthorized");
    expect(tokens.requests).toBe(3);
    const burst2 = await Promise.all(Array.from({ length: 10 }, (_, i) => client.enquire("collection", `TX-C${i}`)));
    expect(burst2.every((outcome) => outcome.type === "unauthorized")).toBe(true);
    expect(tokens.requests).toBe(3);
  });

  it("a burst of 30 enquiries all answered 401 makes one token request, not 30", async () => {
    const { tokens, enquiries, token, client, clock } = await setup({ lifetimeSeconds: 3600 });
    await token.start();
    clock.skewMs += MINUTE_S * 1000;
    const revoked = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !revoked.has(sent);
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => client.enquire(i % 2 ? "airtime" : "collection", `TX-${i}`)));
    expect(outcomes.map((outcome) => outcome.type)).toEqual(Array(30).fill("found"));
    expect(tokens.requests).toBe(2);
    expect(enquiries.tokens).toHaveLength(60);
  });

  it("a new token refused too: the enquiry is tried once more, no more, and answers 'rejected'; the next ones do not renew again at once", async () => {
    const { tokens, enquiries, token, client, clock } = await setup({ lifetimeSeconds: 3600 });
    await token.start();
    clock.skewMs += MINUTE_S * 1000;
    enquiries.accepts = () => false;
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "unauthorized", httpStatus: 401 });
    expect(enquiries.tokens).toHaveLength(2);
    expect(tokens.requests).toBe(2);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => client.enquire("collection", `TX-B${i}`)));
    expect(burst.every((outcome) => outcome.type === "unauthorized")).toBe(true);
    expect(tokens.requests).toBe(2);
    expect(enquiries.tokens).toHaveLength(12);
  });

  it("the token endpoint failing (HTTP 500): the token goes on while it has life, then 'could not check' (never failed, never rejected), retried with backoff until it answers", async () => {
    const { tokens, token, client, clock } = await setup({ lifetimeSeconds: 3600 });
    await token.start();
    const first = token.current();
    tokens.mode = "error";
    // Past 80 % of its life: renewal is due (start() asks at once rather than waiting for the real timer), and fails.
    clock.skewMs += 2_900 * 1000;
    await token.start();
    expect(token.report()).toMatchObject({ usable: true, problem: { kind: "unavailable", reason: "HTTP 500" } });
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "found" });
    // Past its last 30 s: no longer sent.
    clock.skewMs += 700 * 1000;
    expect(token.current()).toBeUndefined();
    const meanwhile = await client.enquire("collection", "TX-2");
    expect(meanwhile).toMatchObject({ type: "upstream_error", hint: "no_token", reason: "no service token: HTTP 500" });
    expect(token.report()).toMatchObject({ usable: false, problem: { kind: "unavailable" } });
    const failedRequests = tokens.requests;
    tokens.mode = "issue";
    await until(() => token.current() !== undefined && token.current() !== first);
    expect(token.report()).toMatchObject({ usable: true, problem: undefined });
    // A retry came after a second or two, not in a loop.
    expect(tokens.requests - failedRequests).toBeLessThanOrEqual(2);
    expect(await client.enquire("collection", "TX-3")).toMatchObject({ type: "found" });
  }, 15_000);

  it("the token endpoint not answering: a timeout, told as the reason, and backoff between attempts", async () => {
    const { tokens, token, client } = await setup({ lifetimeSeconds: 3600, timeoutMs: 200 });
    tokens.mode = "hang";
    await token.start();
    expect(token.report()).toMatchObject({ usable: false, problem: { kind: "unavailable", reason: "no answer within 200 ms" } });
    expect(await client.enquire("collection", "TX-1")).toMatchObject({ type: "upstream_error", hint: "no_token" });
    // 1 s, then 2 s later: two requests in the next 2.5 s, whatever is asked meanwhile.
    const started = Date.now();
    while (Date.now() - started < 2_500) {
      await client.enquire("collection", "TX-2");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(tokens.requests).toBeGreaterThanOrEqual(2);
    expect(tokens.requests).toBeLessThanOrEqual(3);
  }, 10_000);

  it("the credentials refused: the admins are told once, it asks again on its own schedule (not per enquiry), and tells once when a token comes again", async () => {
    const { tokens, token, client, alerts, clock } = await setup({ lifetimeSeconds: 3600, refusedRetryMs: 400 });
    tokens.mode = "refuse";
    await token.start();
    expect(token.report()).toMatchObject({ usable: false, problem: { kind: "refused", reason: "HTTP 401 invalid_client" } });
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => client.enquire("collection", `TX-${i}`)));
    expect(outcomes.every((outcome) => outcome.type === "upstream_error" && outcome.hint === "token_refused")).toBe(true);
    await until(() => tokens.requests >= 3);
    expect(alerts).toEqual([{ type: "refused", reason: "HTTP 401 invalid_client" }]);
    tokens.mode = "issue";
    await until(() => token.current() !== undefined);
    await until(() => alerts.length === 2);
    expect(alerts[1]).toEqual({ type: "obtained-again" });
    expect(await client.enquire("collection", "TX-after")).toMatchObject({ type: "found" });
    // A later refusal is a new episode, told again.
    tokens.mode = "refuse";
    clock.skewMs += MINUTE_S * 1000;
    expect(await token.refused(token.current() ?? "")).toBe(false);
    expect(alerts).toEqual([expect.objectContaining({ type: "refused" }), { type: "obtained-again" }, { type: "refused", reason: "HTTP 401 invalid_client" }]);
  }, 10_000);

  it("no expires_in and no JWT exp: kept until the provider refuses it, then renewed", async () => {
    const { tokens, enquiries, token, client, clock } = await setup({ lifetimeSeconds: undefined });
    await token.start();
    const first = token.current();
    expect(token.report()).toMatchObject({ usable: true, expiresAt: undefined });
    clock.skewMs += 30 * 86_400_000;
    expect(token.current()).toBe(first);
    const revoked = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !revoked.has(sent);
    expect(await client.enquire("airtime", "AT-1")).toMatchObject({ type: "found" });
    expect(tokens.requests).toBe(2);
  });

  it("the provider hands back the very token it refused (a caching gateway): it is sent again, and not asked for on every enquiry", async () => {
    const tokens = await startTokenServer(undefined);
    cleanups.push(() => tokens.close());
    tokens.server.handle((_request, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "same-token-every-time" })));
    const { token, clock } = await setup({ lifetimeSeconds: undefined, tokens });
    await token.start();
    clock.skewMs += MINUTE_S * 1000;
    expect(await token.refused("same-token-every-time")).toBe(true);
    expect(token.current()).toBe("same-token-every-time");
    for (let n = 0; n < 5; n++) expect(await token.awaitToken(AbortSignal.timeout(1_000))).toBe("same-token-every-time");
    expect(tokens.requests).toBe(2);
  });

  it("a JWT's exp stands for a missing expires_in", async () => {
    const tokens = await startTokenServer(undefined);
    cleanups.push(() => tokens.close());
    const exp = Math.floor(Date.now() / 1000) + 600;
    const jwt = ["eyJhbGciOiJIUzI1NiJ9", Buffer.from(JSON.stringify({ exp })).toString("base64url"), "c2ln"].join(".");
    tokens.server.handle((_request, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: jwt })));
    const { token } = await setup({ lifetimeSeconds: undefined, tokens });
    await token.start();
    expect(token.report().expiresAt?.getTime()).toBe(exp * 1000);
    expect(isUsable({ obtainedAt: Date.now(), expiresAt: exp * 1000 }, Date.now())).toBe(true);
  });

  it("another instance on the same store takes the shared token instead of asking for its own", async () => {
    const first = await setup({ lifetimeSeconds: 3600 });
    await first.token.start();
    const second = await setup({ lifetimeSeconds: 3600, store: first.store, tokens: first.tokens, enquiries: first.enquiries, instanceId: "instance-b" });
    await second.token.start();
    expect(second.token.current()).toBe(first.token.current());
    expect(first.tokens.requests).toBe(1);
  });
});
