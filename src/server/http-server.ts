import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Logger } from "../logger.ts";
import { clientAddressResolver, type TrustedNetwork } from "./client-address.ts";
import { secretMatches } from "./secret.ts";

export interface Readiness {
  ready: boolean;
  /** Why not, when not ready; shown in /readyz's JSON. */
  reason?: string;
  details?: Record<string, unknown>;
}

export type WebhookRejection = "unauthorized" | "not_an_update" | "too_large";

export interface WebhookRoute {
  path: string;
  secret: string;
  /** Handles an authenticated update; "acknowledge" answers 200, "retry_later" 503 (Telegram delivers it again). */
  receive(update: { update_id: number } & Record<string, unknown>): Promise<"acknowledge" | "retry_later">;
  /** Counts requests refused before handling (for a metric); they are not logged one by one. */
  onRejected?(reason: WebhookRejection): void;
}

/** GET /r/<code>: a receipt's check page (issue 34), open to anyone. */
export interface ReceiptPageRoute {
  /** The page for a code (as the path carried it), asked from an address: 200 genuine, 404 unknown, 429 too many checks. */
  answer(code: string, address: string): Promise<{ status: 200 | 404 | 429; html: string }>;
  /** The page told when too many checks are held at once ("too many checks, try again"): the same for every code. */
  busyHtml: string;
  /** Counts a check refused because too many were held at once (for a metric). */
  onBusy?(): void;
  /** The page's own headers (its Content-Security-Policy and the like). */
  headers: Readonly<Record<string, string>>;
  /**
   * Every answer leaves no sooner than this after its request came, so that a known code and an
   * unknown one take the same time (what the provider says now is asked within it).
   */
  sameTimeMs: number;
}

/** /healthz, /readyz and /metrics: for probes and Prometheus, never for the internet. */
export interface OpsRoutes {
  readiness: () => Readiness;
  metrics: Registry;
}

export interface HttpServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  /** Served here unless they have a port of their own (OPS_PORT): then this server answers them 404. */
  ops?: OpsRoutes;
  webhook?: WebhookRoute;
  receiptPage?: ReceiptPageRoute;
  /** Most connections open at once; more are refused by the server. */
  maxConnections?: number;
  /** Most /r/ requests held at once (each is held to the page's time); more are answered 503 at once. */
  receiptChecksAtOnce?: number;
  /** The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default: the peer is who asked. */
  trustedProxies?: readonly TrustedNetwork[];
  /** Shorter in tests; the defaults suit Telegram and probes. */
  timeouts?: { headersMs: number; requestMs: number };
}

export interface HttpServer {
  port: number;
  close(): Promise<void>;
}

const MAX_UPDATE_BYTES = 1024 * 1024;
/** A client gets this long to send its headers, and this long for the whole request. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const REJECTION_SUMMARY_INTERVAL_MS = 60_000;
/**
 * Every check is held to the page's time, on a connection it shares with the webhook: so few of
 * them at once that a flood of checks can never take the connections Telegram's deliveries need.
 */
export const RECEIPT_CHECKS_AT_ONCE = 64;

/**
 * Health, readiness and metrics (both modes, here or on a port of their own), the webhook (webhook
 * mode) and the receipt page. Plain node:http: five routes do not earn a framework. Slow or abusive
 * clients are cut off by timeouts and a connection cap; refused webhook calls are counted and
 * summarised, never logged one by one.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const { logger, webhook, ops } = options;
  const rejections = rejectionSummary(logger);
  const checksAtOnce = options.receiptChecksAtOnce ?? RECEIPT_CHECKS_AT_ONCE;
  let checksHeld = 0;
  const clientAddress = clientAddressResolver(options.trustedProxies ?? []);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (webhook && path === webhook.path) {
      if (req.method !== "POST") return send(res, 405, { error: "method not allowed" });
      return receiveUpdate(req, res, webhook);
    }
    const page = options.receiptPage && path.startsWith(RECEIPT_PATH) ? options.receiptPage : undefined;
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Under /r/ the address holds a code: a refusal is kept nowhere and sniffed by nobody either.
      return send(res, 405, { error: "method not allowed" }, { allow: "GET, HEAD", ...(page ? pageGuards(page) : {}) });
    }
    if (page) {
      if (checksHeld >= checksAtOnce) {
        // Busy: said at once, and the connection let go, so that the flood holds no connection.
        page.onBusy?.();
        return sendPage(req, res, 503, page.busyHtml, page, { "retry-after": "10", connection: "close" });
      }
      checksHeld++;
      try {
        return await receiptPage(req, res, path.slice(RECEIPT_PATH.length), page);
      } finally {
        checksHeld--;
      }
    }
    if (!ops) return send(res, 404, { error: "not found" });
    switch (path) {
      case "/healthz":
        return send(res, 200, { status: "ok" });
      case "/readyz": {
        const readiness = ops.readiness();
        return send(res, readiness.ready ? 200 : 503, {
          status: readiness.ready ? "ready" : "not ready",
          ...(readiness.reason ? { reason: readiness.reason } : {}),
          ...readiness.details,
        });
      }
      case "/metrics": {
        const body = await ops.metrics.metrics();
        res.writeHead(200, { "content-type": ops.metrics.contentType }).end(body);
        return;
      }
      default:
        return send(res, 404, { error: "not found" });
    }
  }

  async function receiveUpdate(req: IncomingMessage, res: ServerResponse, hook: WebhookRoute): Promise<void> {
    const reject = (status: number, reason: WebhookRejection, error: string) => {
      hook.onRejected?.(reason);
      rejections.add(reason, req.socket.remoteAddress);
      send(res, status, { error });
    };
    if (!secretMatches(req.headers["x-telegram-bot-api-secret-token"], hook.secret)) {
      req.resume();
      return reject(401, "unauthorized", "unauthorized");
    }
    const body = await readBody(req, MAX_UPDATE_BYTES);
    if (body === undefined) return reject(413, "too_large", "too large");
    const update = parseUpdate(body);
    if (!update) return reject(400, "not_an_update", "not a Telegram update");
    const verdict = await hook.receive(update);
    if (verdict === "acknowledge") send(res, 200, {});
    else send(res, 503, { error: "not ready, deliver again later" }, { "retry-after": "5" });
  }

  async function receiptPage(req: IncomingMessage, res: ServerResponse, rawCode: string, page: ReceiptPageRoute): Promise<void> {
    const started = performance.now();
    let code: string;
    try {
      code = decodeURIComponent(rawCode);
    } catch {
      // Not even a percent-encoding: a code no receipt has, told as any unknown one is.
      code = "";
    }
    const { status, html } = await page.answer(code, clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"]));
    // A refused check looked no code up, so it has no time to hide: it is answered, and let go, at once.
    if (status === 429) return sendPage(req, res, status, html, page, { "retry-after": "600", connection: "close" });
    const left = page.sameTimeMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    sendPage(req, res, status, html, page);
  }

  const { headersMs, requestMs } = options.timeouts ?? { headersMs: HEADERS_TIMEOUT_MS, requestMs: REQUEST_TIMEOUT_MS };
  // Node checks these timeouts every `connectionsCheckingInterval` (30 s by default): check often enough to honour them.
  const server = createServer({ headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: Math.min(1_000, headersMs / 2) }, (req, res) => {
    route(req, res).catch((error: unknown) => {
      logger.error({ err: error }, "http request failed");
      if (!res.headersSent) send(res, 500, { error: "internal error" });
      else res.destroy();
    });
  });
  server.maxConnections = options.maxConnections ?? 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", resolve);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, webhook: webhook !== undefined, receiptPage: options.receiptPage !== undefined, ops: ops !== undefined }, "http server listening");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        rejections.flush();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** One warning a minute at most, however many requests were refused. */
function rejectionSummary(logger: Logger) {
  let counts: Partial<Record<WebhookRejection, number>> = {};
  let remotes = new Set<string>();
  let total = 0;
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(pending);
    pending = undefined;
    if (total === 0) return;
    logger.warn({ refused: counts, total, remotes: [...remotes].slice(0, 10) }, "webhook requests refused (bad secret or body)");
    counts = {};
    remotes = new Set();
    total = 0;
    lastLoggedAt = Date.now();
  };
  return {
    add(reason: WebhookRejection, remote: string | undefined) {
      counts[reason] = (counts[reason] ?? 0) + 1;
      total++;
      if (remote && remotes.size < 100) remotes.add(remote);
      const wait = lastLoggedAt + REJECTION_SUMMARY_INTERVAL_MS - Date.now();
      // The first refusal after a quiet minute is reported at once; later ones in the next summary.
      if (wait <= 0) flush();
      else pending ??= setTimeout(flush, wait).unref();
    },
    flush,
  };
}

const RECEIPT_PATH = "/r/";

/** The page's own headers, named in any case, in one spelling each, so that none goes out twice (they win over the server's). */
const ownHeaders = (page: ReceiptPageRoute): Record<string, string> => Object.fromEntries(Object.entries(page.headers).map(([name, value]) => [name.toLowerCase(), value]));

function sendPage(req: IncomingMessage, res: ServerResponse, status: number, html: string, page: ReceiptPageRoute, headers: Record<string, string> = {}): void {
  const body = Buffer.from(html, "utf8");
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...ownHeaders(page), "content-length": body.length, ...headers });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The page's headers but its content type: for an answer under /r/ that is not the page. */
function pageGuards(page: ReceiptPageRoute): Record<string, string> {
  const { "content-type": _html, ...guards } = ownHeaders(page);
  return guards;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers }).end(text);
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
    // Not JSON: the route answers 400.
    return undefined;
  }
}
