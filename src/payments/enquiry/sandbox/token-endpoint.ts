import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { decodeJson } from "../../../util/decode-json.ts";

/** Where the sandbox hands out tokens (OAuth 2.0 client credentials, RFC 6749 §4.4). */
export const TOKEN_ENDPOINT_PATH = "/oauth/token";
/** Where the token endpoint is told to misbehave (with a token the sandbox accepts). */
export const TOKEN_CONTROL_PATH = "/sandbox/token-endpoint";

export const TOKEN_ENDPOINT_MODES = {
  normal: "hands out short-lived tokens to the right client ID and secret",
  refuse: "answers 401 invalid_client, as a provider does to wrong credentials",
  errors: "answers HTTP 503, as a provider in trouble does",
} as const;
export type TokenEndpointMode = keyof typeof TOKEN_ENDPOINT_MODES;

export interface TokenEndpointOptions {
  clientId: string;
  clientSecret: string;
  /** How long each token lives (expires_in): short, so that renewal can be watched. */
  lifetimeSeconds: number;
}

export interface TokenEndpoint {
  /** Whether a bearer token is one this endpoint handed out and that has not expired. */
  accepts(token: string): boolean;
  setMode(mode: TokenEndpointMode): void;
  mode(): TokenEndpointMode;
  /** Requests received and tokens handed out, for tests and the curious. */
  stats: { requests: number; issued: number };
  /** `POST /oauth/token` (form body) or `GET /oauth/token?grant_type=client_credentials`, credentials by Basic auth or in the body. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** `GET` tells the mode; `POST {"mode":"refuse"}` sets it. */
  control(req: IncomingMessage, res: ServerResponse, authorised: boolean): Promise<void>;
}

/**
 * The sandbox playing a provider's token endpoint, so that the bot's client-credentials mode can
 * be tried (and tested) on 127.0.0.1: tokens that expire, and a way to make it refuse.
 */
export function sandboxTokenEndpoint(options: TokenEndpointOptions): TokenEndpoint {
  const issued = new Map<string, number>();
  const stats = { requests: 0, issued: 0 };
  let mode: TokenEndpointMode = "normal";

  const forget = () => {
    const now = Date.now();
    for (const [token, expiresAt] of issued) if (expiresAt <= now) issued.delete(token);
  };

  return {
    stats,
    accepts: (token) => (issued.get(token) ?? 0) > Date.now(),
    setMode: (next) => void (mode = next),
    mode: () => mode,
    async handle(req, res) {
      stats.requests++;
      const body = await readText(req);
      if (req.method !== "POST" && req.method !== "GET") return send(res, 405, { error: "invalid_request", error_description: "use POST (or GET, as Daraja)" });
      const url = new URL(req.url ?? "/", "http://sandbox");
      const form = req.method === "GET" ? url.searchParams : new URLSearchParams(body);
      if (form.get("grant_type") !== "client_credentials") return send(res, 400, { error: "unsupported_grant_type" });
      if (mode === "errors") return send(res, 503, { error: "temporarily_unavailable" });
      const client = credentialsOf(req, form);
      if (mode === "refuse" || !client || !same(client.id, options.clientId) || !same(client.secret, options.clientSecret)) {
        return send(res, 401, { error: "invalid_client" }, { "www-authenticate": 'Basic realm="sandbox"' });
      }
      forget();
      const token = `sbx-${randomBytes(16).toString("hex")}`;
      issued.set(token, Date.now() + options.lifetimeSeconds * 1000);
      stats.issued++;
      send(res, 200, { access_token: token, token_type: "Bearer", expires_in: options.lifetimeSeconds });
    },
    async control(req, res, authorised) {
      if (!authorised) return send(res, 401, { error: "send a token the sandbox accepts: Authorization: Bearer <token>" });
      if (req.method === "GET") return send(res, 200, { mode });
      const wanted = decodeJson(modeRequest, await readText(req))?.mode;
      if (req.method !== "POST" || wanted === undefined) {
        return send(res, 400, { error: `send POST {"mode": one of ${Object.keys(TOKEN_ENDPOINT_MODES).join(", ")}}` });
      }
      mode = wanted;
      send(res, 200, { mode });
    },
  };
}

/** HTTP Basic of id:secret, or client_id and client_secret in the form. */
function credentialsOf(req: IncomingMessage, form: URLSearchParams): { id: string; secret: string } | undefined {
  const basic = /^basic\s+(.+)$/i.exec(req.headers.authorization ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1] ?? "", "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  const id = form.get("client_id");
  const secret = form.get("client_secret");
  return id !== null && secret !== null ? { id, secret } : undefined;
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const MAX_BODY_BYTES = 16 * 1024;

/** A small body as text; what is beyond the limit is not kept (the request is then refused as malformed). */
async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? "" : Buffer.concat(chunks).toString("utf8");
}

/** What POST /sandbox/token-endpoint takes; anything else (not JSON, another mode) is answered 400 with what to send. */
const modeRequest = z.object({ mode: z.enum(Object.keys(TOKEN_ENDPOINT_MODES) as [TokenEndpointMode, ...TokenEndpointMode[]]) });

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", "content-length": Buffer.byteLength(text), ...headers }).end(text);
}
