import { afterEach, describe, expect, it } from "vitest";
import { openServiceToken } from "../../../src/app/open-service-token.ts";
import { SecretSet } from "../../../src/logger.ts";
import { assessReadiness } from "../../../src/ops/readiness.ts";
import { clientCredentialsToken, type TokenAlert } from "../../../src/payments/service-token/client-credentials-token.ts";
import { createEnquiryClient } from "../../../src/payments/enquiry/client.ts";
import type { ClientCredentials } from "../../../src/payments/service-token/token-request.ts";
import { openRedisStore } from "../../../src/state/redis/redis-store.ts";
import { json } from "../../support/http-server.ts";
import { captureLogs } from "../../support/logs.ts";
import { deletePrefix, keysWithTtl, probeRedis, testPrefix } from "../../support/redis.ts";
import { startEnquiryServer, startTokenServer, testTokenRequester, type EnquiryServer, type TokenServer } from "../../support/token-servers.ts";

const redis = await probeRedis();
const skip = redis.available ? undefined : redis.reason;
const url = redis.available ? redis.url : "";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One clock for every instance, which a test moves forward (timers still run in real time). */
const clock = { skewMs: 0, now: () => Date.now() + clock.skewMs };

/** An instance of the bot as far as its token goes: its own Redis connections, token manager and enquiry client, on a shared prefix. */
async function instance(name: string, prefix: string, tokens: TokenServer, enquiries: EnquiryServer, refusedRetryMs?: number) {
  const store = await openRedisStore({ url, prefix });
  // Tokens of 2 s are watched renewed in real time: counted as they are, not as 30 s.
  const requester = testTokenRequester(tokens, clock.now, undefined, 1_000);
  const token = clientCredentialsToken({
    requester,
    kv: store.kv,
    leases: store.leases,
    credentialsKey: () => "shared-test",
    instanceId: name,
    now: clock.now,
    waitForOthersMs: 3_000,
    ...(refusedRetryMs === undefined ? {} : { refusedRetryMs }),
  });
  const alerts: TokenAlert[] = [];
  token.onAlert((alert) => alerts.push(alert));
  const client = createEnquiryClient({ baseUrl: enquiries.url, token: () => token.current(), renewal: token, timeoutMs: 2_000, totalTimeoutMs: 5_000, retries: 0, connections: 32 });
  cleanups.push(async () => {
    token.close();
    await Promise.all([client.close(), requester.close()]);
    await store.close();
  });
  return { token, client, alerts };
}

async function setup(lifetimeSeconds: number | undefined, instances = 2, refusedRetryMs?: number) {
  clock.skewMs = 0;
  const prefix = testPrefix("shared-token");
  cleanups.push(() => deletePrefix(url, prefix));
  const tokens = await startTokenServer(lifetimeSeconds);
  const enquiries = await startEnquiryServer((token) => tokens.issued.includes(token));
  cleanups.push(() => tokens.close(), () => enquiries.close());
  const all = await Promise.all(Array.from({ length: instances }, (_, i) => instance(`instance-${i + 1}`, prefix, tokens, enquiries, refusedRetryMs)));
  return { prefix, tokens, enquiries, instances: all };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(skip !== undefined)("instances sharing one token through Redis", () => {
  it("starting together, three instances make one token request and hold the same token; it sits in Redis with a TTL ending with the token's use", async () => {
    const { prefix, tokens, instances } = await setup(3600, 3);
    await Promise.all(instances.map(({ token }) => token.start()));
    expect(tokens.requests).toBe(1);
    expect(new Set(instances.map(({ token }) => token.current()))).toEqual(new Set([tokens.issued[0]]));
    const ttl = [...(await keysWithTtl(url, prefix))].find(([key]) => key.endsWith("service-token:shared-test"))?.[1] ?? -1;
    // Shared until its last 30 s begin: 3570 s.
    expect(ttl).toBeGreaterThan(3_560_000);
    expect(ttl).toBeLessThanOrEqual(3_570_000);
  });

  it("short-lived tokens: N instances make one request per token lifetime, not N, and every enquiry finds one", async () => {
    const { tokens, instances } = await setup(2);
    await Promise.all(instances.map(({ token }) => token.start()));
    const started = Date.now();
    const outcomes: string[] = [];
    while (Date.now() - started < 4_000) {
      const answers = await Promise.all(instances.map(({ client }, i) => client.enquire("collection", `TX-${i}-${outcomes.length}`)));
      outcomes.push(...answers.map((answer) => answer.type));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(new Set(outcomes)).toEqual(new Set(["found"]));
    // At start, then about every 1.35 s: 3 or 4 in 4 s, for both instances together.
    expect(tokens.requests).toBeGreaterThanOrEqual(3);
    expect(tokens.requests).toBeLessThanOrEqual(4);
  }, 15_000);

  it("a burst of 401s on both instances makes one token request between them; each enquiry is tried once more and answered", async () => {
    const { tokens, enquiries, instances } = await setup(3600);
    await Promise.all(instances.map(({ token }) => token.start()));
    clock.skewMs += 61_000;
    const revoked = new Set(tokens.issued);
    enquiries.accepts = (sent) => tokens.issued.includes(sent) && !revoked.has(sent);
    const outcomes = await Promise.all(instances.flatMap(({ client }, i) => Array.from({ length: 15 }, (_, n) => client.enquire("collection", `TX-${i}-${n}`))));
    expect(outcomes.map((outcome) => outcome.type)).toEqual(Array(30).fill("found"));
    expect(tokens.requests).toBe(2);
    expect(new Set(instances.map(({ token }) => token.current()))).toEqual(new Set([tokens.issued[1]]));
  });

  it("the credentials refused: the admins are told once between all instances, asked again about once a period, and told once when a token comes again", async () => {
    const { tokens, instances } = await setup(3600, 3, 500);
    tokens.mode = "refuse";
    await Promise.all(instances.map(({ token }) => token.start()));
    expect(instances.map(({ token }) => token.report().problem?.kind)).toEqual(["refused", "refused", "refused"]);
    const first = tokens.requests;
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    // Three instances, 1.8 s, one request every 0.5 s between them: never one each.
    expect(tokens.requests - first).toBeLessThanOrEqual(5);
    tokens.mode = "issue";
    await until(() => instances.every(({ token }) => token.current() !== undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const told = instances.flatMap(({ alerts }) => alerts);
    expect(told.filter((alert) => alert.type === "refused")).toHaveLength(1);
    expect(told.filter((alert) => alert.type === "obtained-again")).toHaveLength(1);
  }, 15_000);
});

describe.skipIf(skip !== undefined)("instances with other credentials on the same Redis (a stale ENQUIRY_CLIENT_SECRET)", () => {
  /** An instance as production opens its token (openServiceToken), with this client secret, on the shared prefix. */
  async function openInstance(name: string, prefix: string, tokens: TokenServer, secret: string) {
    const store = await openRedisStore({ url, prefix });
    const logs = captureLogs([secret]);
    const credentials: ClientCredentials = { tokenUrl: tokens.url, clientId: "client-1", secret: { from: "environment", value: secret }, auth: "basic", method: "POST", scope: undefined };
    const token = openServiceToken({ token: { source: "client_credentials", credentials }, headers: {}, timeoutMs: 1_000 }, { logger: logs.logger, secrets: new SecretSet(), state: store, instanceId: name });
    const alerts: TokenAlert[] = [];
    token.onAlert((alert) => alerts.push(alert));
    cleanups.push(async () => {
      await token.close();
      await store.close();
    });
    const ready = () => assessReadiness({ mode: "webhook", phase: "running", token: token.status(), tokenReport: token.report(), state: { status: "ok" } }, new Date());
    return { token, logs, alerts, ready };
  }

  it("the instance with the stale secret does not share its failure: the well-configured ones obtain and keep their token, and the wrong one says so in its own /readyz and log", async () => {
    const prefix = testPrefix("stale-secret");
    cleanups.push(() => deletePrefix(url, prefix));
    const tokens = await startTokenServer(3600);
    cleanups.push(() => tokens.close());
    const good = `Basic ${Buffer.from("client-1:secret-current").toString("base64")}`;
    tokens.server.handle((request, res) => {
      if (request.headers.authorization !== good) return json(res, 401, { error: "invalid_client" });
      const token = `tok-${tokens.issued.length + 1}`;
      tokens.issued.push(token);
      json(res, 200, { access_token: token, expires_in: 3600 });
    });
    // The stale one first: before, it left the credentials' refusal in the shared record, and a lease for a minute.
    const stale = await openInstance("stale", prefix, tokens, "secret-before-rotation");
    await stale.token.start();
    const first = await openInstance("first", prefix, tokens, "secret-current");
    const second = await openInstance("second", prefix, tokens, "secret-current");
    await first.token.start();
    await second.token.start();

    expect(first.ready()).toMatchObject({ ready: true });
    expect(second.ready()).toMatchObject({ ready: true });
    // The same credentials still share one token: one request between them.
    expect(second.token.current()).toBe(first.token.current());
    expect(tokens.issued).toHaveLength(1);
    expect([...first.alerts, ...second.alerts]).toEqual([]);
    expect([...first.logs.entries(), ...second.logs.entries()].filter((entry) => entry.level === "error")).toEqual([]);

    expect(stale.token.current()).toBeUndefined();
    expect(stale.ready()).toMatchObject({ ready: false, reason: "no service token: HTTP 401 invalid_client", details: { tokenProblem: expect.stringMatching(/^credentials refused since .*: HTTP 401 invalid_client$/) } });
    expect(stale.logs.entries()).toEqual(expect.arrayContaining([expect.objectContaining({ level: "error", msg: "the provider refused the bot's credentials (ENQUIRY_CLIENT_ID, ENQUIRY_CLIENT_SECRET, ENQUIRY_TOKEN_URL)" })]));
    expect(stale.alerts).toEqual([{ type: "refused", reason: "HTTP 401 invalid_client" }]);

    // What is shared is named by a fingerprint of the credentials, never the secret itself.
    const keys = [...(await keysWithTtl(url, prefix)).keys()].join("\n");
    expect(keys).not.toMatch(/secret-current|secret-before-rotation|client-1/);
    expect(keys.match(/service-token:[0-9a-f]+$/gm)).toHaveLength(1);
  });
});
