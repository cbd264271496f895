import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { RECEIPT_PAGE_HEADERS, renderReceiptPage } from "../../src/server/receipt-page.ts";
import { createTestBot } from "../support/bot-harness.ts";
import { captureLogs } from "../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { messageUpdate } from "../support/updates.ts";
import { useReceiptPageServers } from "../support/receipt-page-server.ts";

/** GET /r/<code> attacked from outside: odd paths and methods, hostile provider text through the real page, what the logs keep. */
const pages = useReceiptPageServers();

const HOSTILE =
  '</title></style><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" \'single\' <!-- --> ]]> &amp; \u202eevil\u202c \u0000 javascript:alert(3) ' + "x".repeat(3_800);

async function setup() {
  const enquiry = scriptedEnquiry((kind, id) => ({ ...(kind === "collection" ? outcomes.failed(kind, id, HOSTILE) : outcomes.notFound(kind, id)), checkedAt: new Date() }));
  const harness = pages.bot(createTestBot({ enquiry, receiptPage: { render: renderReceiptPage, headers: RECEIPT_PAGE_HEADERS } }));
  const logs = captureLogs();
  const { url, port } = await pages.serve(harness, { sameTimeMs: 10, logger: logs.logger });
  await harness.bot.handleUpdate(messageUpdate("/receipt COL-FAILED-1"));
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(String(harness.sent().at(-1)?.payload.text))?.[0] ?? "";
  return { url, port, code, harness, logs };
}

/** A request exactly as written (fetch would tidy the path first). */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the check page, attacked", () => {
  it("shows hostile provider text as text: nothing it holds becomes markup, and the page stays whole", async () => {
    const { url, code } = await setup();
    const response = await fetch(`${url}/r/${code}`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toMatch(/<script|<img|<!-- -->|\u202e|\u0000/);
    expect(body).toContain("&lt;/title&gt;&lt;/style&gt;&lt;script&gt;");
    // The only tags are the page's own.
    const tags = new Set([...body.matchAll(/<\/?([a-z0-9!]+)/gi)].map((match) => match[1]?.toLowerCase()));
    expect([...tags].sort()).toEqual(["!doctype", "body", "dd", "dl", "dt", "h1", "h2", "head", "html", "link", "main", "meta", "p", "section", "span", "style", "title"]);
    expect(body.match(/<\/html>/g)).toHaveLength(1);
  });

  it("answers odd paths as an unknown code or not at all, and never anything but the page or a plain 404", async () => {
    const { port, code } = await setup();
    for (const path of ["/r/../healthz", "/r/%2e%2e/metrics", "/r/..%2f..%2fetc%2fpasswd", `/r/${code}/..`, `/r/${code}/extra`, `/r/${code}%00`, `/r/${"A".repeat(8_000)}`, "/r/%FF%FE", `/r//${code}`]) {
      const { status, body } = await raw(port, "GET", path);
      expect([404, 200, 431, 414], path).toContain(status);
      // Whatever the path, the receipt shows only under its own code.
      expect(body, path).not.toContain("COL-FAILED-1");
    }
    // A query string changes nothing, and is never written back.
    const withQuery = await raw(port, "GET", `/r/${code}?lang=<script>&x=%22`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.body).not.toContain("<script>");
  });

  it("answers other methods with 405, kept nowhere and sniffed by nobody, as every answer under /r/", async () => {
    const { port, code } = await setup();
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"]) {
      const { status, headers } = await raw(port, method, `/r/${code}`);
      expect(status, method).toBe(405);
      expect(headers["cache-control"], method).toBe("no-store");
      expect(headers["x-content-type-options"], method).toBe("nosniff");
      expect(headers["referrer-policy"], method).toBe("no-referrer");
    }
    const head = await raw(port, "HEAD", `/r/${code}`);
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["cache-control"]).toBe("no-store");
  });

  it("keeps the code out of every log line: the check is logged by the receipt's number", async () => {
    const { url, code, harness, logs } = await setup();
    await fetch(`${url}/r/${code}`);
    await fetch(`${url}/r/${code.toLowerCase()}`, { method: "POST" });
    const compact = code.replace(/-/g, "");
    for (const line of [...harness.logs.lines, ...logs.lines]) expect(line).not.toMatch(new RegExp(`${code}|${compact}`, "i"));
  });
});
