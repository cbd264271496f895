import type { Readable } from "node:stream";
import { Agent, type Dispatcher } from "undici";

type Fetch = typeof fetch;

/**
 * The Bot API client's transport: grammY's `fetch` option, backed by undici's request API over a
 * keep-alive agent. grammY only needs `fetch(url, init).then((res) => res.json())`; node-fetch and
 * the WHATWG fetch both cost several times more CPU per call than this (see `npm run bench`), and
 * every reply is a call.
 */
export function createTelegramFetch(agent: Dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 })): Fetch {
  // grammY always calls it with the URL as a string.
  const telegramFetch = async (input: string, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    // undici manages connection reuse itself and refuses this hop-by-hop header.
    delete headers.connection;
    const url = new URL(input);
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: init.method === "GET" ? "GET" : "POST",
      headers,
      body: init.body as string | Readable | null | undefined,
      signal: init.signal ?? undefined,
    });
    return {
      ok: response.statusCode >= 200 && response.statusCode < 300,
      status: response.statusCode,
      json: () => response.body.json(),
      text: () => response.body.text(),
    };
  };
  return telegramFetch as unknown as Fetch;
}
