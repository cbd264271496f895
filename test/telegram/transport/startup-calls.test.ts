import { Agent } from "undici";
import { Bot } from "grammy";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { BotContext } from "../../../src/telegram/context.ts";
import { createTelegramFetch } from "../../../src/telegram/transport/fetch.ts";
import { StartupStoppedError, untilTelegramAnswers } from "../../../src/telegram/transport/startup-calls.ts";
import { BOT_TOKEN } from "../../support/bot-harness.ts";
import { startLocalServer, type LocalServer } from "../../support/http-server.ts";
import { captureLogs } from "../../support/logs.ts";

let server: LocalServer | undefined;
const agent = new Agent();
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => agent.close());

describe("getMe at start, when the Bot API takes the connection and never answers", () => {
  it("gives each attempt a time of its own, so that every failed attempt is logged with when the next one is", async () => {
    // Accepts the request and keeps it open for ever, as a stuck proxy in front of Telegram does.
    server = await startLocalServer(() => undefined);
    const bot = new Bot<BotContext>(BOT_TOKEN, { client: { apiRoot: server.url, fetch: createTelegramFetch(agent) } });
    const { logger, entries } = captureLogs([BOT_TOKEN]);
    const stopping = new AbortController();
    const started = untilTelegramAnswers("getMe", (signal) => bot.api.getMe(signal as Parameters<typeof bot.api.getMe>[0]), {
      logger,
      signal: stopping.signal,
      attemptTimeoutMs: 200,
      delayMs: () => 50,
    });
    const failure = expect(started).rejects.toBeInstanceOf(StartupStoppedError);
    await vi.waitFor(() => expect(entries().filter((entry) => entry.msg === "could not reach Telegram at start; trying again")).toHaveLength(2), { timeout: 3_000 });
    stopping.abort("SIGTERM");
    await failure;
    expect(entries()[0]).toMatchObject({ level: "warn", method: "getMe", attempt: 1, description: "no answer within 0.2 s", retryInSeconds: 0.05 });
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(entries())).not.toContain(BOT_TOKEN);
  });
});
