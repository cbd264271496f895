import { setMaxListeners } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { decodeJson } from "../../../util/decode-json.ts";
import { ENQUIRY_KINDS, type EnquiryKind } from "../types.ts";
import { FAILED_REASON, HOSTILE_REASON, mnoReferenceFor, scenarioFor, serviceIdFor } from "./scenarios.ts";
import { sandboxTokenEndpoint, TOKEN_CONTROL_PATH, TOKEN_ENDPOINT_PATH, type TokenEndpoint, type TokenEndpointOptions } from "./token-endpoint.ts";

export interface SandboxOptions {
  /** The bearer token the sandbox accepts; anything else gets 401. */
  token: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Added to every answer: a stand-in for a real service's latency. */
  latencyMs?: number;
  /** How long SLOW IDs stall before answering. */
  stallMs?: number;
  /** How long SETTLE IDs stay PENDING after they are first asked about. */
  settleMs?: number;
  /** Told of every enquiry received (tests and the benchmark see who asked what, when). */
  onEnquiry?: (kind: EnquiryKind, transactionId: string) => void;
  /** How long every answer takes while the sandbox plays a slow provider (trouble "slow"). */
  slowMs?: number;
  /** Also plays a token endpoint (POST /oauth/token): its tokens are accepted besides `token`. */
  tokenEndpoint?: TokenEndpointOptions;
}

/** The provider's trouble the sandbox can play on demand, whatever the ID: to try /health and its alerts. */
export const TROUBLE_MODES = {
  none: "every ID plays its scenario",
  errors: "every enquiry is answered HTTP 503",
  timeouts: "every enquiry stalls (the bot gives up waiting)",
  slow: "every enquiry is answered, slowly (6 s by default)",
} as const;
export type TroubleMode = keyof typeof TROUBLE_MODES;
export interface Trouble {
  mode: TroubleMode;
  /** The kinds in trouble; the other kind answers as usual. */
  kinds: readonly EnquiryKind[];
}

export interface Sandbox {
  url: string;
  port: number;
  /** Counters, for tests and the benchmark: requests answered and TCP connections accepted. */
  stats: { requests: number; connections: number };
  /** Makes the provider degrade (or recover) on demand; also `POST /sandbox/trouble` with the token. */
  setTrouble(trouble: Trouble): void;
  trouble(): Trouble;
  /** The token endpoint, when the sandbox plays one. */
  tokenEndpoint: TokenEndpoint | undefined;
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 16 * 1024;
const ROUTE = new RegExp(`^/api/v1/(${ENQUIRY_KINDS.join("|")})/enquiry$`);
const TROUBLE_ROUTE = "/sandbox/trouble";

/**
 * A stand-in for the provider's status-enquiry API, on loopback, following enquiry-api.md. It
 * plays the scenarios of `scenarios.ts` so the bot can be tried, and tested, without a provider.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const { token, host = "127.0.0.1", port = 0, latencyMs = 0, stallMs = 120_000, settleMs = 20_000, slowMs = 6_000 } = options;
  let trouble: Trouble = { mode: "none", kinds: ENQUIRY_KINDS };
  const stats = { requests: 0, connections: 0 };
  // IDs that already had their one failure (FLAKY, BUSY).
  const firstFailureServed = new Set<string>();
  // When each SETTLE ID was first asked about.
  const firstAsked = new Map<string, number>();
  const stalls = new AbortController();
  // Each stalled request waits on it until the sandbox closes: as many as the bot sends meanwhile.
  setMaxListeners(0, stalls.signal);
  const tokens = options.tokenEndpoint ? sandboxTokenEndpoint(options.tokenEndpoint) : undefined;

  const stall = async (res: ServerResponse): Promise<boolean> => {
    try {
      await sleep(stallMs, undefined, { signal: stalls.signal });
      return true;
    } catch {
      // The sandbox is closing: the stalled request is cut.
      res.destroy();
      return false;
    }
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    stats.requests++;
    const path = new URL(req.url ?? "/", "http://sandbox").pathname;
    const auth = req.headers.authorization ?? "";
    const bearer = /^bearer\s+/i.test(auth) ? auth.replace(/^bearer\s+/i, "") : undefined;
    const authorised = bearer !== undefined && (bearer === token || tokens?.accepts(bearer) === true);
    if (path === TROUBLE_ROUTE) return troubleRoute(req, res, authorised);
    if (tokens && path === TOKEN_ENDPOINT_PATH) return tokens.handle(req, res);
    if (tokens && path === TOKEN_CONTROL_PATH) return tokens.control(req, res, authorised);
    const route = ROUTE.exec(path);
    // Anywhere else, the web server's own error page, as in front of a real API: not the API's JSON.
    if (!route) {
      res.writeHead(404, { "content-type": "text/html" }).end("<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>");
      return;
    }
    if (req.method !== "POST") return send(res, 405, { code: "405", status: "FAILED", message: "Use POST" });
    const kind = route[1] as EnquiryKind;

    if (!authorised) {
      return send(res, 401, { code: "401", status: "FAILED", message: "Invalid or expired access token" });
    }
    if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) {
      return send(res, 415, { code: "415", status: "FAILED", message: "Content-Type must be application/json" });
    }
    const transactionId = await readTransactionId(req);
    if (transactionId === undefined) {
      return send(res, 400, { code: "400", status: "FAILED", message: "Body must be {\"transactionID\": string}" });
    }
    options.onEnquiry?.(kind, transactionId);
    if (latencyMs > 0) await sleep(latencyMs);
    if (trouble.mode !== "none" && trouble.kinds.includes(kind)) {
      if (trouble.mode === "errors") return send(res, 503, { code: "503", status: "FAILED", message: "Service temporarily unavailable" });
      if (trouble.mode === "timeouts" && !(await stall(res))) return;
      if (trouble.mode === "slow") await sleep(slowMs);
    }

    const scenario = scenarioFor(kind, transactionId);
    const answer = (transaction: Record<string, string>) =>
      send(res, 200, {
        code: "200",
        reqTransactionID: transactionId,
        status: "SUCCESS",
        transaction,
        transactionID: serviceIdFor(kind, transactionId),
      });
    const mnoTransactionID = mnoReferenceFor(kind, transactionId);
    const firstTime = (key: string) => {
      const fresh = !firstFailureServed.has(key);
      firstFailureServed.add(key);
      return fresh;
    };

    switch (scenario) {
      case undefined:
        return send(res, 404, { code: "404", status: "FAILED", message: "Transaction not found" });
      case "SUCCESS":
        return answer({ status: "SUCCESS", mnoTransactionID });
      case "FAILED":
        return answer({ status: "FAILED", message: FAILED_REASON, mnoTransactionID });
      case "HOSTILE":
        return answer({ status: "FAILED", message: HOSTILE_REASON, mnoTransactionID });
      case "PENDING":
        return answer({ status: "PENDING" });
      case "SETTLE": {
        const key = `${kind}:${transactionId}`;
        const since = firstAsked.get(key) ?? Date.now();
        firstAsked.set(key, since);
        return Date.now() - since < settleMs ? answer({ status: "PENDING" }) : answer({ status: "SUCCESS", mnoTransactionID });
      }
      case "NOTFOUND":
        return send(res, 200, { code: "200", status: "FAILED", message: "Transaction not found", reqTransactionID: transactionId });
      case "TOKEN":
        return send(res, 401, { code: "401", status: "FAILED", message: "Token expired" });
      case "ERROR":
        return send(res, 500, { code: "500", status: "FAILED", message: "Internal server error" });
      case "GARBLED":
        res.writeHead(200, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
        return;
      case "FLAKY":
        if (firstTime(`${kind}:${transactionId}`)) {
          return send(res, 503, { code: "503", status: "FAILED", message: "Service temporarily unavailable" });
        }
        return answer({ status: "SUCCESS", mnoTransactionID });
      case "BUSY":
        if (firstTime(`${kind}:${transactionId}`)) {
          res.setHeader("retry-after", "1");
          return send(res, 429, { code: "429", status: "FAILED", message: "Too many requests" });
        }
        return answer({ status: "SUCCESS", mnoTransactionID });
      case "SLOW":
        if (!(await stall(res))) return;
        return answer({ status: "SUCCESS", mnoTransactionID });
    }
  }

  /** GET tells the trouble played; POST {"mode": "errors", "kinds": ["collection"]} sets it (kinds: both by default). */
  async function troubleRoute(req: IncomingMessage, res: ServerResponse, authorised: boolean): Promise<void> {
    if (!authorised) return send(res, 401, { error: "send the sandbox's token: Authorization: Bearer <token>" });
    if (req.method === "GET") return send(res, 200, trouble);
    if (req.method !== "POST") return send(res, 405, { error: "use GET or POST" });
    const wanted = decodeJson(troubleRequest, await readBody(req));
    if (wanted === undefined) {
      return send(res, 400, { error: `send {"mode": one of ${Object.keys(TROUBLE_MODES).join(", ")}, "kinds": ["collection", "airtime"] (optional)}` });
    }
    trouble = wanted;
    return send(res, 200, trouble);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { code: "500", status: "FAILED", message: "Sandbox error" });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on("connection", () => stats.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    stats,
    setTrouble: (next) => void (trouble = next),
    trouble: () => trouble,
    tokenEndpoint: tokens,
    close: async () => {
      stalls.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

async function readTransactionId(req: IncomingMessage): Promise<string | undefined> {
  return decodeJson(enquiryRequest, await readBody(req))?.transactionID;
}

/** What an enquiry sends: the ID asked about. */
const enquiryRequest = z.object({ transactionID: z.string().min(1) });

/** What POST /sandbox/trouble takes: a mode, and the kinds in trouble (both when not given). */
const troubleRequest = z.object({
  mode: z.enum(Object.keys(TROUBLE_MODES) as [TroubleMode, ...TroubleMode[]]),
  kinds: z.array(z.enum(ENQUIRY_KINDS)).default([...ENQUIRY_KINDS]),
});

/** A small body, or undefined when it is too large (answered 400, as a provider would, as one that is not JSON is). */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
