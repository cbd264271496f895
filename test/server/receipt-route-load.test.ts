import { request } from "node:http";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { RECEIPT_CHECKS_AT_ONCE, startHttpServer, type HttpServer, type ReceiptPageRoute } from "../../src/server/http-server.ts";
import { captureLogs } from "../support/logs.ts";

/**
 * A flood of /r/ requests must never crowd out the webhook (issue 34): the page shares the server
 * and its connection cap with Telegram's deliveries.
 */
const SECRET = "webhook_secret-123";
let server: HttpServer | undefined;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  await server?.close();
  server = undefined;
});

/** A page whose every lookup waits until the test lets it go: requests held as long as the test wants, no timer. */
function heldPage(status: 200 | 404 | 429 = 404): { route: ReceiptPageRoute; lookups: () => number; busy: () => number } {
  let lookups = 0;
  let busy = 0;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    lookups: () => lookups,
    busy: () => busy,
    route: {
      headers: { "Cache-Control": "no-store" },
      busyHtml: "too many checks",
      onBusy: () => busy++,
      sameTimeMs: 0,
      async answer() {
        lookups++;
        if (status === 429) return { status, html: "too many" };
        await gate;
        return { status, html: "no such receipt" };
      },
    },
  };
}

async function start(route: ReceiptPageRoute, extra: { maxConnections?: number; receiptChecksAtOnce?: number } = {}) {
  const received: unknown[] = [];
  server = await startHttpServer({
    port: 0,
    host: "127.0.0.1",
    logger: captureLogs().logger,
    ops: { readiness: () => ({ ready: true }), metrics: new Registry() },
    receiptPage: route,
    webhook: { path: "/tg/hook", secret: SECRET, receive: async (update) => (received.push(update), "acknowledge") },
    ...extra,
  });
  return { port: server.port, received };
}

/** One request on a connection of its own (no pooling: each holds a connection, as a flood's would). */
function send(port: number, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, agent: false, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const postUpdate = (port: number, id: number) => send(port, "POST", "/tg/hook", JSON.stringify({ update_id: id }), { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET });

/** The server counts a connection gone once its own side has closed, a moment after the client has its answer: try again then. */
async function postUntilAccepted(port: number, id: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postUpdate(port, id);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

describe("GET /r/<code> under a flood", () => {
  it("holds only so many checks at once, answers the rest 503 at once, and the webhook is still answered", async () => {
    const page = heldPage();
    const connections = 40;
    const { port, received } = await start(page.route, { maxConnections: connections, receiptChecksAtOnce: 8 });
    // As many checks as the server takes connections: without a bound, all of them would be held.
    const early: { status: number; headers: Record<string, unknown> }[] = [];
    let allBusy: () => void = () => undefined;
    const busyCame = new Promise<void>((resolve) => (allBusy = resolve));
    const flood = Array.from({ length: connections }, (_, i) =>
      send(port, "GET", `/r/ZZZZ-ZZZZ-${String(i).padStart(4, "0")}`).then((answer) => {
        early.push(answer);
        if (early.length === connections - 8) allBusy();
        return answer;
      }),
    );
    await busyCame;
    for (const answer of early) {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    expect(page.lookups()).toBe(8);
    expect(page.busy()).toBe(connections - 8);
    // Eight checks still held, and Telegram's delivery gets in and is answered.
    expect((await postUntilAccepted(port, 1)).status).toBe(200);
    expect(received).toEqual([{ update_id: 1 }]);
    release();
    const answered = await Promise.all(flood);
    expect(answered.filter((answer) => answer.status === 404)).toHaveLength(8);
  });

  it("answers a rate-limited check at once, not after the page's time", async () => {
    // A page time far longer than the test may run: a 429 held to it would never come.
    const { port } = await start({ ...heldPage(429).route, sameTimeMs: 600_000 });
    const answer = await send(port, "GET", "/r/ZZZZ-ZZZZ-ZZZZ");
    expect(answer.status).toBe(429);
    expect(answer.headers["retry-after"]).toBe("600");
  });

  it("holds at most 64 checks at once by default", () => {
    expect(RECEIPT_CHECKS_AT_ONCE).toBeLessThanOrEqual(64);
  });
});
