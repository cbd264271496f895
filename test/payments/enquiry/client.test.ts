import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createEnquiryClient, parseRetryAfter, type EnquiryClientOptions } from "../../../src/payments/enquiry/client.ts";
import { decodeJson } from "../../../src/util/decode-json.ts";
import { enquiryAnswer, json, startLocalServer, type Handler } from "../../support/http-server.ts";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib3QifQ.c2lnbmF0dXJl";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setup(handler: Handler, options: Partial<EnquiryClientOptions> = {}) {
  const server = await startLocalServer(handler);
  const retries: string[] = [];
  const client = createEnquiryClient({
    baseUrl: server.url,
    token: () => TOKEN,
    timeoutMs: 500,
    totalTimeoutMs: 2_000,
    retries: 2,
    connections: 4,
    backoffMs: 10,
    observer: { onRetry: (event) => retries.push(event.reason) },
    ...options,
  });
  cleanups.push(() => client.close(), () => server.close());
  return { server, client, retries };
}

const answering = (transaction: Record<string, unknown>, extra: Record<string, unknown> = {}): Handler => (request, res) => {
  const transactionID = decodeJson(z.object({ transactionID: z.string() }), request.body)?.transactionID ?? "";
  json(res, 200, enquiryAnswer(transactionID, transaction, extra));
};

describe("enquiry client, against a local HTTP server", () => {
  it("posts the ID to the spec's path with the bearer token, and reads a success", async () => {
    const { server, client } = await setup(answering({ status: "SUCCESS", mnoTransactionID: "MNO-77" }));
    const outcome = await client.enquire("collection", "TX-1");
    expect(outcome).toMatchObject({ type: "found", kind: "collection", transactionId: "TX-1", transaction: { status: "SUCCESS", mnoTransactionId: "MNO-77" } });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/api/v1/collection/enquiry" });
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({ transactionID: "TX-1" });
  });

  it("uses the airtime path and keeps a base path prefix", async () => {
    const server = await startLocalServer(answering({ status: "SUCCESS" }));
    const client = createEnquiryClient({ baseUrl: `${server.url}/gateway/`, token: () => TOKEN, timeoutMs: 500, totalTimeoutMs: 1_000, retries: 0, connections: 1 });
    cleanups.push(() => client.close(), () => server.close());
    await client.enquire("airtime", "AT-1");
    expect(server.requests[0]?.path).toBe("/gateway/api/v1/airtime/enquiry");
  });

  it("reads a failure with its reason, and a pending payment", async () => {
    const { client, server } = await setup(answering({ status: "FAILED", message: "Insufficient funds", mnoTransactionID: "M-1" }));
    expect(await client.enquire("collection", "TX-2")).toMatchObject({ type: "found", transaction: { status: "FAILED", message: "Insufficient funds" } });
    server.handle(answering({ status: "PENDING" }));
    expect(await client.enquire("collection", "TX-3")).toMatchObject({ type: "found", transaction: { status: "PENDING", mnoTransactionId: undefined } });
  });

  it("accepts a numeric code and extra fields", async () => {
    const { client } = await setup(answering({ status: "SUCCESS", mnoTransactionID: "M", fee: 12 }, { code: 200, channel: "USSD" }));
    expect((await client.enquire("collection", "TX-4")).type).toBe("found");
  });

  it.each([
    ["401", 401, "unauthorized"],
    ["403", 403, "unauthorized"],
    ["404", 404, "not_found"],
    ["500", 500, "upstream_error"],
    ["400", 400, "upstream_error"],
  ])("turns HTTP %s into %s without retrying", async (_, status, type) => {
    const { client, server } = await setup((_request, res) => json(res, status, { message: "nope" }));
    expect((await client.enquire("collection", "TX-5")).type).toBe(type);
    expect(server.requests).toHaveLength(1);
  });

  it("reads a 200 that says not found", async () => {
    const { client } = await setup((_r, res) => json(res, 200, { code: "200", status: "FAILED", message: "Transaction not found" }));
    expect((await client.enquire("collection", "TX-6")).type).toBe("not_found");
  });

  it("retries a 503 and returns the later success", async () => {
    let calls = 0;
    const { client, server, retries } = await setup((request, res) => {
      if (++calls === 1) return json(res, 503, { message: "busy" });
      void answering({ status: "SUCCESS" })(request, res, undefined as never);
    });
    expect((await client.enquire("collection", "TX-7")).type).toBe("found");
    expect(server.requests).toHaveLength(2);
    expect(retries).toEqual(["HTTP 503"]);
  });

  it("gives up after the bounded number of retries", async () => {
    const { client, server } = await setup((_r, res) => json(res, 502, "bad gateway"));
    expect(await client.enquire("collection", "TX-8")).toMatchObject({ type: "upstream_error", httpStatus: 502 });
    expect(server.requests).toHaveLength(3);
  });

  it("treats a body that is not JSON as an invalid answer", async () => {
    const { client } = await setup((_r, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>Gateway</html>");
    });
    expect(await client.enquire("collection", "TX-9")).toMatchObject({ type: "invalid_response", reason: "body is not JSON" });
  });

  it("rejects an answer about another transaction", async () => {
    const { client } = await setup((_r, res) => json(res, 200, enquiryAnswer("SOMEONE-ELSE", { status: "SUCCESS" })));
    expect(await client.enquire("collection", "TX-10")).toMatchObject({ type: "invalid_response" });
  });

  it("times out a slow service, retries, and stops within the total budget", async () => {
    const { client, server } = await setup(() => undefined, { timeoutMs: 200, totalTimeoutMs: 700 });
    const started = Date.now();
    expect((await client.enquire("collection", "TX-11")).type).toBe("timeout");
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(1_500);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
  });

  it("caps the response size", async () => {
    const { client } = await setup((_r, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"pad":"${"x".repeat(200_000)}"}`);
    });
    expect(await client.enquire("collection", "TX-12")).toMatchObject({ type: "invalid_response", reason: expect.stringMatching(/larger than/) });
  });

  it("reuses keep-alive connections, never opening more than the pool size", async () => {
    const { client, server } = await setup(answering({ status: "SUCCESS" }), { connections: 2 });
    for (let i = 0; i < 30; i++) await client.enquire("collection", `TX-${i}`);
    await Promise.all(Array.from({ length: 30 }, (_, i) => client.enquire("collection", `TX-P${i}`)));
    expect(server.requests).toHaveLength(60);
    expect(server.connections).toBeLessThanOrEqual(2);
  });

  it("asks nothing without a token", async () => {
    const { client, server } = await setup(answering({ status: "SUCCESS" }), { token: () => undefined });
    expect((await client.enquire("collection", "TX-13")).type).toBe("unauthorized");
    expect(server.requests).toHaveLength(0);
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("2", now)).toBe(2_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 12:00:05 GMT", now)).toBe(5_000);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});

describe("what the enquiry client sends besides the ID", () => {
  it("ENQUIRY_HEADERS with every enquiry, under the bot's own Authorization", async () => {
    const { client, server } = await setup(answering({ status: "SUCCESS" }), { headers: { "X-Target-Environment": "mtnuganda", "Ocp-Apim-Subscription-Key": "sub-key-1" } });
    await client.enquire("collection", "TX-H1");
    await client.enquire("airtime", "TX-H2");
    for (const request of server.requests) {
      expect(request.headers["x-target-environment"]).toBe("mtnuganda");
      expect(request.headers["ocp-apim-subscription-key"]).toBe("sub-key-1");
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
  });

  it("an HTML 404 (the address is wrong): could not check, with the hint, never not found, and not retried", async () => {
    const { client, server } = await setup((_request, res) => void res.writeHead(404, { "content-type": "text/html" }).end("<html><body><h1>404 Not Found</h1></body></html>"));
    expect(await client.enquire("collection", "TX-W1")).toMatchObject({ type: "upstream_error", httpStatus: 404, hint: "wrong_address" });
    expect(server.requests).toHaveLength(1);
  });
});

describe("whatever the HTTP library does, an enquiry ends in its time and costs no connection", () => {
  it("undici refusing 500 requests in a row (a token with a line break) leaves every connection to the pool: each is answered at once, and the 501st is asked and answered", async () => {
    let refusals = 500;
    const { client, server } = await setup(answering({ status: "SUCCESS", mnoTransactionID: "MNO-501" }), {
      // Past every check the token goes through on its way in: only undici is left to refuse it.
      token: () => (refusals-- > 0 ? "two\nlines" : TOKEN),
      connections: 4,
    });
    for (let n = 1; n <= 500; n++) {
      const outcome = await client.enquire("collection", `TX-R${n}`);
      expect(outcome, `refusal ${n}`).toMatchObject({ type: "upstream_error", httpStatus: undefined, reason: "not sent: invalid authorization header" });
    }
    expect(server.requests).toHaveLength(0);
    expect(await client.enquire("collection", "TX-501")).toMatchObject({ type: "found", transaction: { mnoTransactionId: "MNO-501" } });
  }, 20_000);

  it("a connection that never completes its TLS handshake (undici hears no abort while connecting): the enquiry still ends within ENQUIRY_TOTAL_TIMEOUT_MS", async () => {
    const sockets: Socket[] = [];
    const silent = createNetServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const client = createEnquiryClient({ baseUrl: `https://127.0.0.1:${(silent.address() as AddressInfo).port}`, token: () => TOKEN, timeoutMs: 300, totalTimeoutMs: 700, retries: 2, connections: 2, backoffMs: 10 });
    cleanups.push(async () => {
      // The handshakes fail once their sockets go, and the pool closes.
      sockets.forEach((socket) => socket.destroy());
      await client.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const started = performance.now();
    const outcome = await client.enquire("collection", "TX-TLS");
    expect(outcome.type).toBe("timeout");
    // undici's own connect timeout is 10 s: the enquiry's budget is what ends it.
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
