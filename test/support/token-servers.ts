import { json, startLocalServer, type LocalServer } from "./http-server.ts";
import { enquiryAnswer } from "./http-server.ts";
import { tokenRequester, type TokenRequester } from "../../src/payments/service-token/token-request.ts";

export type TokenServerMode = "issue" | "error" | "refuse" | "hang";

export interface TokenServer {
  url: string;
  server: LocalServer;
  /** Token requests received (answered or not). */
  readonly requests: number;
  /** Tokens handed out, in order. */
  issued: string[];
  mode: TokenServerMode;
  close(): Promise<void>;
}

/**
 * A provider's token endpoint on 127.0.0.1 whose behaviour a test sets: tokens `tok-1`, `tok-2`…
 * living `lifetimeSeconds` (expires_in; none when undefined), HTTP 500, 401 invalid_client, or no answer.
 */
export async function startTokenServer(lifetimeSeconds: number | undefined, options: { prefix?: string } = {}): Promise<TokenServer> {
  const issued: string[] = [];
  const state = { mode: "issue" as TokenServerMode };
  const server = await startLocalServer((_request, res) => {
    switch (state.mode) {
      case "hang":
        return;
      case "error":
        return json(res, 500, { error: "server_error" });
      case "refuse":
        return json(res, 401, { error: "invalid_client" });
      case "issue": {
        const token = `${options.prefix ?? "tok"}-${issued.length + 1}-${Math.random().toString(36).slice(2, 10)}`;
        issued.push(token);
        return json(res, 200, { access_token: token, token_type: "Bearer", ...(lifetimeSeconds === undefined ? {} : { expires_in: lifetimeSeconds }) });
      }
    }
  });
  return {
    url: `${server.url}/oauth/token`,
    server,
    get requests() {
      return server.requests.length;
    },
    issued,
    get mode() {
      return state.mode;
    },
    set mode(mode: TokenServerMode) {
      state.mode = mode;
    },
    close: () => server.close(),
  };
}

export interface EnquiryServer {
  url: string;
  server: LocalServer;
  /** The bearer token of each enquiry received, in order. */
  tokens: string[];
  /** Which tokens it accepts now: others get 401. */
  accepts: (token: string) => boolean;
  close(): Promise<void>;
}

/** The provider's enquiry API: a success for any ID, to a token `accepts` likes; 401 otherwise. */
export async function startEnquiryServer(accepts: (token: string) => boolean): Promise<EnquiryServer> {
  const tokens: string[] = [];
  const holder = { accepts };
  const server = await startLocalServer((request, res) => {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    tokens.push(token);
    if (!holder.accepts(token)) return json(res, 401, { code: "401", status: "FAILED", message: "Invalid access token" });
    const { transactionID } = JSON.parse(request.body) as { transactionID: string };
    json(res, 200, enquiryAnswer(transactionID, { status: "SUCCESS", mnoTransactionID: "MNO-1" }));
  });
  return {
    url: server.url,
    server,
    tokens,
    get accepts() {
      return holder.accepts;
    },
    set accepts(next: (token: string) => boolean) {
      holder.accepts = next;
    },
    close: () => server.close(),
  };
}

/**
 * The bot's side of a token server: client-1 / secret-1 with HTTP Basic, on the test's clock.
 * `shortestLifetimeMs` lets a test watch tokens of a second or two renewed in real time (the bot
 * counts anything under 30 s as 30 s).
 */
export function testTokenRequester(tokens: TokenServer, now: () => number, timeoutMs = 1_000, shortestLifetimeMs?: number): TokenRequester {
  return tokenRequester({
    credentials: { tokenUrl: tokens.url, clientId: "client-1", secret: { from: "environment", value: "secret-1" }, auth: "basic", method: "POST", scope: undefined },
    secret: () => "secret-1",
    timeoutMs,
    now: () => new Date(now()),
    ...(shortestLifetimeMs === undefined ? {} : { shortestLifetimeMs }),
  });
}
