import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { alertOnTokenRejection } from "../../src/telegram/features/health/admin-alerts.ts";
import { observeApiErrors } from "../../src/telegram/transport/api-observer.ts";
import { fileAuditTrail } from "../../src/ops/audit-trail.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { createEnquiryClient } from "../../src/payments/enquiry/client.ts";
import { createMetrics } from "../../src/ops/metrics.ts";
import { BOT_TOKEN, createTestBot, translations } from "../support/bot-harness.ts";
import { enquiryAnswer, json, startLocalServer } from "../support/http-server.ts";
import { captureLogs } from "../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { messageUpdate, USER } from "../support/updates.ts";


async function metricValue(metrics: ReturnType<typeof createMetrics>, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  const values = (metric?.values ?? []) as { value: number; labels: Record<string, string | number>; metricName?: string }[];
  return values
    .filter((v) => (v.metricName === undefined || v.metricName === name || v.metricName === `${name}_count`) && Object.entries(labels).every(([k, val]) => v.labels[k] === val))
    .filter((v) => v.metricName === undefined || !v.metricName.endsWith("_bucket"))
    .reduce((sum, v) => sum + v.value, 0);
}

describe("metrics", () => {
  it("count receipts made, and checks of their codes by result", async () => {
    const metrics = createMetrics();
    const { bot, sent } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => ({ ...outcomes.success(kind, id), checkedAt: new Date() })), metrics });
    await bot.handleUpdate(messageUpdate("/receipt TX-1 collection"));
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(String(sent().at(-1)?.payload.text))?.[0] ?? "";
    await bot.handleUpdate(messageUpdate(`/verify ${code}`));
    await bot.handleUpdate(messageUpdate("/verify ZZZZ-ZZZZ-ZZZZ"));
    expect(await metricValue(metrics, "payment_bot_receipts_made_total")).toBe(1);
    expect(await metricValue(metrics, "payment_bot_receipt_checks_total", { result: "genuine" })).toBe(1);
    expect(await metricValue(metrics, "payment_bot_receipt_checks_total", { result: "unknown" })).toBe(1);
  });

  it("count the page's checks answered 503 because too many were held at once", async () => {
    const metrics = createMetrics();
    const { assembled } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)), metrics, receiptPage: { render: () => "<p>page</p>", headers: {} } });
    assembled.receiptPage?.onBusy?.();
    expect(await metricValue(metrics, "payment_bot_receipt_checks_total", { result: "busy" })).toBe(1);
  });

  it("count enquiries by kind and outcome as they happen", async () => {
    const metrics = createMetrics();
    const enquiry = scriptedEnquiry((kind, id) => (id === "TX-2" ? outcomes.timeout(kind, id) : outcomes.success(kind, id)));
    const { bot } = createTestBot({ enquiry, onEnquiry: metrics.countEnquiry });
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    await bot.handleUpdate(messageUpdate("/collection TX-2"));
    await bot.handleUpdate(messageUpdate("/airtime TX-1"));
    expect(await metricValue(metrics, "payment_bot_enquiries_total", { kind: "collection", outcome: "found" })).toBe(1);
    expect(await metricValue(metrics, "payment_bot_enquiries_total", { kind: "collection", outcome: "timeout" })).toBe(1);
    expect(await metricValue(metrics, "payment_bot_enquiries_total", { kind: "airtime", outcome: "found" })).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("record upstream latency, retries and requests in flight", async () => {
    const metrics = createMetrics();
    let calls = 0;
    const server = await startLocalServer((request, res) => {
      if (++calls === 1) return json(res, 503, {});
      json(res, 200, enquiryAnswer((JSON.parse(request.body) as { transactionID: string }).transactionID, { status: "SUCCESS" }));
    });
    const client = createEnquiryClient({ baseUrl: server.url, token: () => "t0ken-value", timeoutMs: 500, totalTimeoutMs: 1000, retries: 2, connections: 1, backoffMs: 5, observer: metrics.observer });
    const tracked = metrics.trackInFlight(client);
    const pending = tracked.enquire("collection", "TX-1");
    expect(await metricValue(metrics, "payment_bot_enquiries_in_flight")).toBe(1);
    await pending;
    expect(await metricValue(metrics, "payment_bot_enquiries_in_flight")).toBe(0);
    expect(await metricValue(metrics, "payment_bot_enquiry_retries_total", { kind: "collection", reason: "HTTP 503" })).toBe(1);
    expect(await metricValue(metrics, "payment_bot_upstream_request_duration_seconds", { kind: "collection" })).toBe(2);
    await client.close();
    await server.close();
  });

  it("count Telegram API errors by method and code, each attempt", async () => {
    const metrics = createMetrics();
    const observe = observeApiErrors(captureLogs().logger, metrics.countTelegramError);
    await observe(() => Promise.resolve({ ok: false, error_code: 429, description: "Too Many Requests" }), "sendMessage", { chat_id: 1, text: "x" });
    await expect(observe(() => Promise.reject(new Error("socket hang up")), "sendMessage", { chat_id: 1, text: "x" })).rejects.toThrow();
    expect(await metricValue(metrics, "payment_bot_telegram_api_errors_total", { method: "sendMessage", code: "429" })).toBe(1);
    expect(await metricValue(metrics, "payment_bot_telegram_api_errors_total", { method: "sendMessage", code: "network" })).toBe(1);
  });
});

describe("a rejected service token", () => {
  it("is logged once and reported to the admin chat once per token, while every user is told", async () => {
    let token = "token-one-value";
    const enquiry = scriptedEnquiry((kind, id) => outcomes.unauthorized(kind, id));
    const { bot, sent, logs, alerts } = createTestBot({ enquiry, adminAlerted: true, serviceToken: () => token });
    for (let i = 0; i < 3; i++) await bot.handleUpdate(messageUpdate(`/collection TX-${i}`));
    await vi.waitFor(() => expect(alerts).toHaveLength(1));
    const toUser = sent().filter((call) => call.payload.chat_id === USER.id);
    expect(toUser).toHaveLength(3);
    expect(toUser[0]?.payload.text).toContain("The service rejected the bot's access token; an admin has been told.");
    expect(alerts[0]).toMatch(/^⚠️ The payment provider rejected the bot's service token \(HTTP 401\)/);
    expect(logs.entries().filter((entry) => entry.msg === "the provider rejected the service token")).toHaveLength(1);
    token = "token-two-value";
    await bot.handleUpdate(messageUpdate("/collection TX-9"));
    await vi.waitFor(() => expect(alerts).toHaveLength(2));
    expect(logs.lines.join("")).not.toMatch(/token-one-value|token-two-value/);
  });

  it("without ADMIN_CHAT_ID, reaches each admin privately, in that admin's language, as the token's expiry does", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.unauthorized(kind, id));
    const harness = createTestBot({ enquiry, serviceToken: () => "token-three-value", access: { adminUserIds: new Set([7001, 7002]) } });
    await harness.assembled.languages.choose({ kind: "user", id: 7002 }, { locale: "fr", by: 7002, at: 1 });
    await harness.bot.handleUpdate(messageUpdate("/collection TX-1"));
    const toAdmin = (id: number) => harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === id);
    await vi.waitFor(() => expect(toAdmin(7001)).toHaveLength(1));
    expect(toAdmin(7001)[0]?.payload.text).toMatch(/^⚠️ The payment provider rejected the bot's service token \(HTTP 401\)/);
    await vi.waitFor(() => expect(toAdmin(7002)).toHaveLength(1));
    expect(toAdmin(7002)[0]?.payload.text).toBe(translations.translatorFor("fr")("admin-token-rejected", { status: "401" }));
    // The agent is told an admin knows.
    expect(harness.sent().find((call) => call.payload.chat_id === USER.id)?.payload.text).toContain("an admin has been told");
  });

  it("is reported once across instances and restarts that share the state store", async () => {
    const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const sentAlerts: string[] = [];
    const instance = () =>
      alertOnTokenRejection({
        messenger: {
          send: async (_what, _to, render) => {
            const rendered = render({ t: () => "alert" } as never);
            sentAlerts.push(typeof rendered === "string" ? rendered : rendered.text.toString());
            return [];
          },
        },
        kv: store.kv,
        logger: captureLogs().logger,
        currentToken: () => "same-token",
      });
    const record = { time: "", userId: 1, chatId: 1, kind: "collection", transactionId: "TX-1", outcome: "unauthorized", paymentStatus: undefined, latencyMs: 1, via: "command" } as const;
    instance()(record, outcomes.unauthorized("collection", "TX-1"));
    instance()(record, outcomes.unauthorized("collection", "TX-1"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentAlerts).toEqual(["alert"]);
  });
});

describe("audit trail", () => {
  it("appends one JSON line per enquiry to its file, with who, what, outcome and latency", async () => {
    const dir = mkdtempSync(join(tmpdir(), "audit-"));
    const path = join(dir, "sub", "audit.jsonl");
    const audit = fileAuditTrail(path, captureLogs().logger);
    const enquiry = scriptedEnquiry((kind, id) => outcomes.failed(kind, id));
    const { bot } = createTestBot({ enquiry, onEnquiry: (record) => audit.record(record) });
    await bot.handleUpdate(messageUpdate("/airtime AT-1 AT-2"));
    await audit.close();
    const lines = readFileSync(path, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ event: "enquiry", userId: USER.id, chatId: USER.id, kind: "airtime", transactionId: "AT-1", outcome: "found", paymentStatus: "FAILED", latencyMs: expect.any(Number), time: expect.any(String) });
    expect(readFileSync(path, "utf8")).not.toContain(BOT_TOKEN);
    rmSync(dir, { recursive: true, force: true });
  });

  it("is marked in the main log when there is no audit file", async () => {
    const { bot, logs } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)) });
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(logs.entries().filter((entry) => entry.audit === true)).toHaveLength(1);
  });
});
