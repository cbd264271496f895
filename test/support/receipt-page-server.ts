import { Registry } from "prom-client";
import { afterEach } from "vitest";
import type { TrustedNetwork } from "../../src/server/client-address.ts";
import { startHttpServer, type HttpServer } from "../../src/server/http-server.ts";
import type { Logger } from "../../src/logger.ts";
import { type createTestBot } from "./bot-harness.ts";
import { captureLogs } from "./logs.ts";

type Harness = ReturnType<typeof createTestBot>;

/**
 * A test bot's receipt page (GET /r/<code>) on a real HTTP server on 127.0.0.1, as production
 * serves it: call at the top of a test file. Every bot it was given and every server it started
 * are closed after each test, whether the test passed or not.
 */
export function useReceiptPageServers() {
  const servers: HttpServer[] = [];
  const bots: Harness[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    for (const bot of bots.splice(0)) await bot.state.close();
  });
  return {
    /** Closes the bot's store after the test. */
    bot(harness: Harness): Harness {
      bots.push(harness);
      return harness;
    },
    /** Serves the bot's page (its own time to answer, or `sameTimeMs`); the origin to fetch it from. */
    async serve(harness: Harness, options: { sameTimeMs?: number; trustedProxies?: TrustedNetwork[]; logger?: Logger } = {}): Promise<{ url: string; port: number }> {
      const route = harness.assembled.receiptPage;
      if (!route) throw new Error("the bot has no receipt page: give createTestBot a receiptPage renderer");
      const server = await startHttpServer({
        port: 0,
        host: "127.0.0.1",
        logger: options.logger ?? captureLogs().logger,
        ops: { readiness: () => ({ ready: true }), metrics: new Registry() },
        receiptPage: { ...route, ...(options.sameTimeMs === undefined ? {} : { sameTimeMs: options.sameTimeMs }) },
        ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
      });
      servers.push(server);
      return { url: `http://127.0.0.1:${server.port}`, port: server.port };
    },
  };
}
