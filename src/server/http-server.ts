import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Logger } from "../logger.ts";
import { secretMatches } from "./secret.ts";

export interface Readiness {
  ready: boolean;
  /** Why not, when not ready; shown in /readyz's JSON. */
  reason?: string;
  details?: Record<string, unknown>;
}

export interface WebhookRoute {
  path: string;
  secret: string;
  /** Called after Telegram has been answered: handling must not hold up the acknowledgement. */
  onUpdate(update: { update_id: number } & Record<string, unknown>): void;
}

export interface HttpServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  readiness: () => Readiness;
  metrics: Registry;
  webhook?: WebhookRoute;
}

export interface HttpServer {
  port: number;
  close(): Promise<void>;
}

const MAX_UPDATE_BYTES = 1024 * 1024;

/**
 * Health, readiness and metrics (both modes), and the webhook (webhook mode). Plain node:http:
 * four routes do not earn a framework.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const { logger, webhook } = options;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (webhook && path === webhook.path) {
      if (req.method !== "POST") return send(res, 405, { error: "method not allowed" });
      return receiveUpdate(req, res, webhook);
    }
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { error: "method not allowed" });
    switch (path) {
      case "/healthz":
        return send(res, 200, { status: "ok" });
      case "/readyz": {
        const readiness = options.readiness();
        return send(res, readiness.ready ? 200 : 503, {
          status: readiness.ready ? "ready" : "not ready",
          ...(readiness.reason ? { reason: readiness.reason } : {}),
          ...readiness.details,
        });
      }
      case "/metrics": {
        const body = await options.metrics.metrics();
        res.writeHead(200, { "content-type": options.metrics.contentType }).end(body);
        return;
      }
      default:
        return send(res, 404, { error: "not found" });
    }
  }

  async function receiveUpdate(req: IncomingMessage, res: ServerResponse, hook: WebhookRoute): Promise<void> {
    if (!secretMatches(req.headers["x-telegram-bot-api-secret-token"], hook.secret)) {
      logger.warn({ remote: req.socket.remoteAddress }, "webhook call without the right secret token");
      req.resume();
      return send(res, 401, { error: "unauthorized" });
    }
    const body = await readBody(req, MAX_UPDATE_BYTES);
    const update = body === undefined ? undefined : parseUpdate(body);
    if (!update) {
      logger.warn({ bytes: body?.length }, "webhook body is not a Telegram update; rejected");
      return send(res, 400, { error: "not a Telegram update" });
    }
    // Acknowledge first: a slow enquiry must never make Telegram time out and send the update again.
    send(res, 200, {});
    hook.onUpdate(update);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      logger.error({ err: error }, "http request failed");
      if (!res.headersSent) send(res, 500, { error: "internal error" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", resolve);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, webhook: webhook !== undefined }, "http server listening");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Enough to know it is an update; grammY and the handlers cope with whatever it holds. */
function parseUpdate(body: string): ({ update_id: number } & Record<string, unknown>) | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const id = (value as { update_id?: unknown }).update_id;
    return Number.isSafeInteger(id) && (id as number) >= 0 ? (value as { update_id: number } & Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
