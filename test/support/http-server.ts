import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Handler = (request: RecordedRequest, res: ServerResponse, req: IncomingMessage) => void | Promise<void>;

export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  connections: number;
  /** Replace the handler mid-test. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 whose answers each test scripts. */
export async function startLocalServer(initial: Handler): Promise<LocalServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const state = { connections: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      Promise.resolve(handler(request, res, req)).catch(() => res.destroy());
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return state.connections;
    },
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(text);
}

/** A spec-shaped enquiry answer (enquiry-api.md section 2). */
export function enquiryAnswer(reqTransactionID: string, transaction: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    code: "200",
    reqTransactionID,
    status: "SUCCESS",
    transaction,
    transactionID: "3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90",
    ...extra,
  };
}
