import { createServer as createTcpServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createEnquiryClient, type EnquiryClient } from "../../src/payments/enquiry/client.ts";
import { BOT_TOKEN, createTestBot } from "../support/bot-harness.ts";
import { enquiryAnswer, json, startLocalServer, type Handler, type LocalServer } from "../support/http-server.ts";
import { messageUpdate } from "../support/updates.ts";

const SERVICE_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmYXVsdHMifQ.c2lnbmF0dXJlLWZhdWx0cw";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const healthy: Handler = (request, res) => {
  const { transactionID } = JSON.parse(request.body) as { transactionID: string };
  json(res, 200, enquiryAnswer(transactionID, { status: "SUCCESS", mnoTransactionID: "MNO-OK" }));
};

function botAgainst(baseUrl: string, budget = { timeoutMs: 300, totalTimeoutMs: 1_000 }) {
  const client: EnquiryClient = createEnquiryClient({ baseUrl, token: () => SERVICE_TOKEN, retries: 2, connections: 4, backoffMs: 20, ...budget });
  cleanups.push(() => client.close());
  return createTestBot({ enquiry: client });
}

/**
 * One fault, then a healthy service: exactly one reply with the expected wording, no crash, no
 * secret or internal address in replies or logs, and the next command answered normally.
 */
async function expectFaultHandled(server: LocalServer, fault: Handler, expected: RegExp, budget?: { timeoutMs: number; totalTimeoutMs: number }) {
  server.handle(fault);
  const { bot, sent, logs } = botAgainst(server.url, budget);
  await bot.handleUpdate(messageUpdate("/collection TX-FAULT"));
  expect(sent()).toHaveLength(1);
  expect(sent()[0]?.payload.text).toMatch(expected);
  expect(sent()[0]?.payload.text).not.toMatch(/SUCCESS|FAILED|127\.0\.0\.1|http:/);
  server.handle(healthy);
  await bot.handleUpdate(messageUpdate("/collection TX-NEXT"));
  expect(sent()).toHaveLength(2);
  expect(sent()[1]?.payload.text).toMatch(/^✅ Collection TX-NEXT/);
  const everything = logs.lines.join("") + JSON.stringify(sent());
  expect(everything).not.toContain(BOT_TOKEN);
  expect(everything).not.toContain(SERVICE_TOKEN);
  return { logs };
}

async function server(): Promise<LocalServer> {
  const local = await startLocalServer(healthy);
  cleanups.push(() => local.close());
  return local;
}

describe("service faults: one clear reply, and the bot carries on", () => {
  it("connection refused", async () => {
    const { bot, sent } = botAgainst("http://127.0.0.1:1");
    await bot.handleUpdate(messageUpdate("/collection TX-FAULT"));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload.text).toMatch(/⚠️ Collection TX-FAULT: Service error/);
  });

  it("connection reset in the middle of the body", async () => {
    const local = await server();
    await expectFaultHandled(
      local,
      (_request, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": "500" });
        res.write('{"code":"200","reqTrans');
        setTimeout(() => res.socket?.destroy(), 10);
      },
      /⚠️ Collection TX-FAULT: Service error/,
    );
  });

  it("a 30-second stall ends as a timeout within the time budget", async () => {
    const local = await server();
    const started = Date.now();
    await expectFaultHandled(local, () => undefined, /⌛ Collection TX-FAULT: No answer in time/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a burst of 503s is retried through", async () => {
    const local = await server();
    let failures = 2;
    local.handle((request, res) => (failures-- > 0 ? json(res, 503, { message: "overloaded" }) : healthy(request, res, undefined as never)));
    const { bot, sent } = botAgainst(local.url);
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(sent()[0]?.payload.text).toMatch(/^✅ Collection TX-1/);
  });

  it("a burst of 5xx longer than the retries", async () => {
    const local = await server();
    await expectFaultHandled(local, (_r, res) => json(res, 502, "bad gateway"), /⚠️ Collection TX-FAULT: Service error/);
  });

  it("HTTP 500", async () => {
    const local = await server();
    await expectFaultHandled(local, (_r, res) => json(res, 500, { error: "boom", trace: "at Foo (/srv/app.js:1)" }), /Service error/);
  });

  it("401", async () => {
    const local = await server();
    await expectFaultHandled(local, (_r, res) => json(res, 401, { message: "jwt expired" }), /🔒 Collection TX-FAULT: Could not check\nThe service rejected the bot's access token/);
  });

  it("429 with a Retry-After that fits the budget is waited out", async () => {
    const local = await server();
    let first = true;
    local.handle((request, res) => {
      if (!first) return healthy(request, res, undefined as never);
      first = false;
      json(res, 429, { message: "slow down" }, { "retry-after": "1" });
    });
    const { bot, sent } = botAgainst(local.url, { timeoutMs: 500, totalTimeoutMs: 3_000 });
    const started = Date.now();
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sent()[0]?.payload.text).toMatch(/^✅ Collection TX-1/);
  });

  it("429 with a Retry-After beyond the budget answers busy at once", async () => {
    const local = await server();
    const started = Date.now();
    await expectFaultHandled(local, (_r, res) => json(res, 429, {}, { "retry-after": "120" }), /🚦 Collection TX-FAULT: Service busy/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("invalid JSON", async () => {
    const local = await server();
    await expectFaultHandled(local, (_r, res) => json(res, 200, '{"code":"200",'), /❓ Collection TX-FAULT: Unreadable answer/);
  });

  it("valid JSON of the wrong shape", async () => {
    const local = await server();
    await expectFaultHandled(local, (_r, res) => json(res, 200, { result: { state: "ok" } }), /Unreadable answer/);
  });

  it("a 10 MB body is capped, not buffered whole", async () => {
    const local = await server();
    let finished = false;
    await expectFaultHandled(
      local,
      (_r, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = "x".repeat(64 * 1024);
        let written = 0;
        const pump = () => {
          while (written < 10 * 1024 * 1024) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          finished = true;
          res.end();
        };
        res.on("error", () => undefined);
        pump();
      },
      /Unreadable answer/,
    );
    expect(finished).toBe(false);
  });

  it("a JSON answer labelled with the wrong content type is still read; an HTML page is not", async () => {
    const local = await server();
    local.handle((request, res) => {
      const { transactionID } = JSON.parse(request.body) as { transactionID: string };
      res.writeHead(200, { "content-type": "text/plain" }).end(JSON.stringify(enquiryAnswer(transactionID, { status: "FAILED", message: "Wrong PIN" })));
    });
    const { bot, sent } = botAgainst(local.url);
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(sent()[0]?.payload.text).toMatch(/^❌ Collection TX-1/);
    await expectFaultHandled(local, (_r, res) => void res.writeHead(200, { "content-type": "text/html" }).end("<html>Maintenance</html>"), /Unreadable answer/);
  });

  it("DNS failure of the base URL", async () => {
    const { bot, sent } = botAgainst("http://payments-provider.invalid");
    await bot.handleUpdate(messageUpdate("/collection TX-FAULT"));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload.text).toMatch(/⚠️ Collection TX-FAULT: Service error/);
  });

  it("a server that accepts the connection and closes it without a word", async () => {
    const tcp: Server = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => tcp.close(resolve)));
    const { bot, sent } = botAgainst(`http://127.0.0.1:${(tcp.address() as AddressInfo).port}`);
    await bot.handleUpdate(messageUpdate("/collection TX-FAULT"));
    expect(sent()[0]?.payload.text).toMatch(/Service error/);
  });
});
