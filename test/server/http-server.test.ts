import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { startHttpServer, type HttpServer, type Readiness } from "../../src/server/http-server.ts";
import { captureLogs } from "../support/logs.ts";

const SECRET = "webhook_secret-123";
let server: HttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(readiness: () => Readiness = () => ({ ready: true })) {
  const received: unknown[] = [];
  const logs = captureLogs();
  server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    logger: logs.logger,
    readiness,
    metrics: new Registry(),
    webhook: { path: "/tg/hook", secret: SECRET, onUpdate: (update) => received.push(update) },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return { url, received, logs };
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

  it("accepts an update with the right secret, and acknowledges before handling", async () => {
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

  it("answers 404 elsewhere and 405 to the wrong method", async () => {
    const { url } = await start();
    expect((await fetch(`${url}/nope`)).status).toBe(404);
    expect((await fetch(`${url}/tg/hook`)).status).toBe(405);
  });
});
