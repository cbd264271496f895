import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, startHttpServer, type HttpServer, type Readiness } from "../../src/server/http-server.ts";
import { captureLogs } from "../support/logs.ts";

const SECRET = "webhook_secret-123";
let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(readiness: () => Readiness = () => ({ ready: true }), verdict: () => "acknowledge" | "retry_later" = () => "acknowledge") {
  const received: unknown[] = [];
  const rejected: string[] = [];
  const logs = captureLogs();
  server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    logger: logs.logger,
    ops: { readiness, metrics: new Registry() },
    webhook: {
      path: "/tg/hook",
      secret: SECRET,
      receive: async (update) => {
        received.push(update);
        return verdict();
      },
      onRejected: (reason) => rejected.push(reason),
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return { url, received, rejected, logs };
}

const post = (url: string, body: string, secret?: string) =>
  fetch(url, { method: "POST", body, headers: { "content-type": "application/json", ...(secret === undefined ? {} : { "x-telegram-bot-api-secret-token": secret }) } });

describe("http server", () => {
  it("answers /healthz", async () => {
    const { url } = await start();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("without the ops routes (they have OPS_PORT), answers /healthz, /readyz and /metrics 404 and still takes the webhook", async () => {
    const received: unknown[] = [];
    server = await startHttpServer({
      port: 0,
      host: "127.0.0.1",
      logger: captureLogs().logger,
      webhook: { path: "/tg/hook", secret: SECRET, receive: async (update) => (received.push(update), "acknowledge") },
    });
    const url = `http://127.0.0.1:${server.port}`;
    for (const path of ["/healthz", "/readyz", "/metrics"]) expect((await fetch(`${url}${path}`)).status, path).toBe(404);
    expect((await post(`${url}/tg/hook`, JSON.stringify({ update_id: 1 }), SECRET)).status).toBe(200);
    expect(received).toEqual([{ update_id: 1 }]);
  });

  it("answers /readyz with 200 or 503 and a reason", async () => {
    let readiness: Readiness = { ready: false, reason: "starting" };
    const { url } = await start(() => readiness);
    let res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "not ready", reason: "starting" });
    readiness = { ready: true, details: { token: "ok" } };
    res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", token: "ok" });
  });

  it("serves metrics in Prometheus text format", async () => {
    const { url } = await start();
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("accepts an update with the right secret", async () => {
    const { url, received } = await start();
    const res = await post(`${url}/tg/hook`, JSON.stringify({ update_id: 7, message: { text: "hi" } }), SECRET);
    expect(res.status).toBe(200);
    expect(received).toEqual([{ update_id: 7, message: { text: "hi" } }]);
  });

  it.each([
    ["a wrong secret", "webhook_secret-124"],
    ["a missing secret", undefined],
    ["an empty secret", ""],
  ])("answers 401 to %s, and handles nothing", async (_, secret) => {
    const { url, received, logs } = await start();
    const res = await post(`${url}/tg/hook`, JSON.stringify({ update_id: 8 }), secret);
    expect(res.status).toBe(401);
    expect(received).toEqual([]);
    expect(logs.lines.join("")).not.toContain(SECRET);
  });

  it.each([
    ["not JSON", "{update"],
    ["not an update", JSON.stringify({ hello: "world" })],
    ["an array", "[1]"],
    ["a negative update_id", JSON.stringify({ update_id: -1 })],
  ])("rejects a body that is %s with 400", async (_, body) => {
    const { url, received } = await start();
    const res = await post(`${url}/tg/hook`, body, SECRET);
    expect(res.status).toBe(400);
    expect(received).toEqual([]);
  });

  it("answers 503 when the bot cannot take the update now, so that Telegram delivers it again", async () => {
    const { url, received } = await start(undefined, () => "retry_later");
    const res = await post(`${url}/tg/hook`, JSON.stringify({ update_id: 9 }), SECRET);
    expect(res.status).toBe(503);
    expect(received).toHaveLength(1);
  });

  it("counts refused requests and logs one summary, not a line each", async () => {
    const { url, rejected, logs } = await start();
    for (let i = 0; i < 20; i++) await post(`${url}/tg/hook`, JSON.stringify({ update_id: i }), "wrong-secret-value");
    for (let i = 0; i < 5; i++) await post(`${url}/tg/hook`, "{nope", SECRET);
    expect(rejected.filter((reason) => reason === "unauthorized")).toHaveLength(20);
    expect(rejected.filter((reason) => reason === "not_an_update")).toHaveLength(5);
    await server?.close();
    server = undefined;
    const summaries = logs.entries().filter((entry) => entry.msg === "webhook requests refused (bad secret or body)");
    // The first refusal at once, the rest in one summary (here, when the server closes).
    expect(summaries).toHaveLength(2);
    expect(summaries.reduce((sum, entry) => sum + Number(entry.total), 0)).toBe(25);
  });

  it("cuts off a client that never finishes sending its headers", async () => {
    const logs = captureLogs();
    server = await startHttpServer({ port: 0, host: "127.0.0.1", logger: logs.logger, ops: { readiness: () => ({ ready: true }), metrics: new Registry() }, timeouts: { headersMs: 300, requestMs: 600 } });
    const socket = connect(server.port, "127.0.0.1");
    socket.write("POST /tg/hook HTTP/1.1\r\nHost: x\r\n");
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let data = "";
      socket.on("data", (chunk) => (data += String(chunk)));
      socket.on("close", () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("uses timeouts no longer than 10 s for headers and 30 s for a request by default", () => {
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
  });

  it("answers 404 elsewhere and 405 to the wrong method", async () => {
    const { url } = await start();
    expect((await fetch(`${url}/nope`)).status).toBe(404);
    expect((await fetch(`${url}/tg/hook`)).status).toBe(405);
  });
});
