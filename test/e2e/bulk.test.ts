import { join } from "node:path";
import type { InlineKeyboardMarkup } from "grammy/types";
import { describe, expect, it } from "vitest";
import { mnoReferenceFor } from "../../src/payments/enquiry/sandbox/scenarios.ts";
import { startTestSandbox } from "../support/bot-env.ts";
import { readReport } from "../support/csv.ts";
import { BOT_STARTED, useBotProcesses } from "../support/e2e.ts";
import { repliesTo as repliesOf, type RecordedCall } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-bulk-e2e-0123";
const AGENT = { id: 5001, first_name: "Ama", language_code: "en" };
const CHAT = { id: AGENT.id, type: "private" as const, first_name: "Ama" };

/** When the sandbox received each enquiry. */
const enquiries: { at: number; id: string }[] = [];
const suite = useBotProcesses({
  sandbox: { token: SERVICE_TOKEN, onEnquiry: (_, id) => enquiries.push({ at: Date.now(), id }) },
  env: { ALLOWED_USER_IDS: String(AGENT.id) },
});

const startBot = (perSecond: number, extra: Record<string, string> = {}) => suite.started({ ENQUIRY_MAX_PER_SECOND: String(perSecond), ...extra });

/** Replies to a message: messages and documents (the reports). */
const repliesTo = (messageId: number | undefined) => repliesOf(messageId, ["sendMessage", "sendDocument"]);
const reportOf = (calls: RecordedCall[], fileMessageId: number | undefined) =>
  repliesTo(fileMessageId)(calls).find((call) => call.method === "sendDocument")?.payload as { document: { filename: string; content: Buffer } } | undefined;

describe("bulk checks from a file, through the real process", () => {
  it("checks a 300-ID file: a progress message, then a summary and a CSV whose rows match what the service says", async () => {
    const { telegram } = suite;
    await startBot(200);
    const ids = Array.from({ length: 300 }, (_, i) => ["COL-SUCCESS", "COL-FAILED", "COL-PENDING", "XXX-UNKNOWN"][i % 4] + `-B${i}`);
    const file = ["reference;amount", ...ids.map((id) => `${id};10`), "=cmd|' /C calc'!A0;1"].join("\r\n");
    const upload = telegram.sendFile(CHAT, AGENT, { name: "today.csv", content: `\ufeff${file}`, caption: "/collection" });
    const [progress] = await telegram.waitFor((calls) => {
      const found = repliesTo(upload.message?.message_id)(calls);
      return found.length > 0 && found;
    });
    expect(progress?.payload.text).toBe("Checking 300 collection IDs… 0/300 ░░░░░░░░░░ 0%");
    const report = await telegram.waitFor((calls) => reportOf(calls, upload.message?.message_id), 20_000);
    const progressId = (progress?.result as { message_id: number }).message_id;
    const summary = telegram.calls.filter((call) => call.method === "editMessageText" && call.payload.message_id === progressId).at(-1);
    expect(summary?.payload.text).toBe(
      ["Checked 300 collection IDs from today.csv:", "✅ 75 success", "❌ 75 failed", "⏳ 75 not final", "🔍 75 not found", "✏️ 1 cell was not an ID (listed in the report)"].join("\n"),
    );
    const rows = readReport(report.document.content);
    expect(rows).toHaveLength(301);
    for (const row of rows.slice(0, 300)) {
      const id = row.transaction_id ?? "";
      if (id.startsWith("COL-SUCCESS")) expect(row).toMatchObject({ outcome: "success", payment_status: "SUCCESS", mno_reference: mnoReferenceFor("collection", id) });
      else if (id.startsWith("COL-FAILED")) expect(row).toMatchObject({ outcome: "failed", payment_status: "FAILED", failure_reason: "Insufficient balance in the subscriber's wallet" });
      else if (id.startsWith("COL-PENDING")) expect(row).toMatchObject({ outcome: "not_final", payment_status: "PENDING" });
      else expect(row).toMatchObject({ outcome: "not_found" });
    }
    expect(rows[300]).toMatchObject({ transaction_id: "'=cmd|' /C calc'!A0", outcome: "invalid_id" });
    expect(report.document.filename).toMatch(/^statuses-\d{8}-\d{4}\.csv$/);
  }, 60_000);

  it("stops within a second when cancelled, even with enquiries queued for a slow provider, and still sends the report of what was checked", async () => {
    // 4 s per answer at 10 a second: more enquiries are under way than the background connections hold.
    const { telegram } = suite;
    const slow = await startTestSandbox({ token: SERVICE_TOKEN, latencyMs: 4_000, onEnquiry: (_, id) => enquiries.push({ at: Date.now(), id }) });
    const bot = suite.start({ ENQUIRY_MAX_PER_SECOND: "10", ENQUIRY_BASE_URL: slow.url });
    try {
      await bot.waitForLog(BOT_STARTED, 30_000);
      const upload = telegram.sendFile(CHAT, AGENT, { name: "long.txt", content: Array.from({ length: 300 }, (_, i) => `COL-SUCCESS-C${i}`).join("\n"), caption: "/collection" });
      const [progress] = await telegram.waitFor((calls) => {
        const found = repliesTo(upload.message?.message_id)(calls);
        return found.length > 0 && found;
      });
      await telegram.waitFor(() => enquiries.filter((enquiry) => enquiry.id.startsWith("COL-SUCCESS-C")).length >= 15, 10_000);
      const cancel = (progress?.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0] as { callback_data: string };
      const pressedAt = Date.now();
      telegram.press(AGENT, { message_id: (progress?.result as { message_id: number }).message_id, chat: CHAT, text: progress?.payload.text, reply_markup: progress?.payload.reply_markup }, cancel.callback_data);
      const report = await telegram.waitFor((calls) => reportOf(calls, upload.message?.message_id), 10_000);
      // What was asked before the press may still be answered; nothing is asked a second after it. What is asked shows
      // only at the provider, and only if it comes (queued behind 4 s answers): the time it would take is watched out.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(enquiries.filter((enquiry) => enquiry.at > pressedAt + 1_000)).toEqual([]);
      const checked = readReport(report.document.content).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThan(300);
      // Every row is a real answer: nothing cancelled is reported as "could not check".
      expect(readReport(report.document.content).every((row) => row.outcome === "success")).toBe(true);
      const progressId = (progress?.result as { message_id: number }).message_id;
      expect(telegram.calls.filter((call) => call.method === "editMessageText" && call.payload.message_id === progressId).at(-1)?.payload.text).toMatch(
        new RegExp(`^Cancelled after ${checked} of 300 collection IDs from long\\.txt:`),
      );
      // Progress was edited at most every 2 s.
      const edits = telegram.calls.filter((call) => call.method === "editMessageText" && call.payload.message_id === progressId).map((call) => call.at);
      for (let i = 2; i < edits.length; i++) expect((edits[i - 1] ?? 0) - (edits[i - 2] ?? 0)).toBeGreaterThanOrEqual(1_900);
    } finally {
      await bot.stop("SIGKILL");
      await slow.close();
    }
  }, 60_000);

  it("refuses bad files with one clear message each, and makes no enquiry", async () => {
    const { telegram, sandbox } = suite;
    await startBot(100);
    const before = sandbox.stats.requests;
    const cases = [
      { file: { name: "ids.csv", content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]) }, expected: /^That file is not text/ },
      { file: { name: "ids.csv", content: "x", size: 5 * 1024 * 1024 }, expected: /^That file is too large/ },
      { file: { name: "ids.xlsx", content: "x" }, expected: /^Send the IDs as a \.csv or \.txt file\.$/ },
      { file: { name: "ids.csv", content: "transaction_id\r\n" }, expected: /^That file holds no transaction IDs\.$/ },
      { file: { name: "ids.csv", content: Array.from({ length: 1_001 }, (_, i) => `TX-${i}`).join("\n") }, expected: /^That file holds 1,001 different IDs/ },
    ];
    for (const { file, expected } of cases) {
      const upload = telegram.sendFile(CHAT, AGENT, { ...file, caption: "/collection" });
      const [reply] = await telegram.waitFor((calls) => {
        const found = repliesTo(upload.message?.message_id)(calls);
        return found.length > 0 && found;
      });
      expect(reply?.payload.text).toMatch(expected);
    }
    expect(sandbox.stats.requests).toBe(before);
  }, 60_000);

  it("after a crash, tells the owner that the check was interrupted", async () => {
    const { telegram } = suite;
    const env = { STATE_DB: join(suite.dir, "bulk-crash.db") };
    const first = await startBot(10, env);
    const upload = telegram.sendFile(CHAT, AGENT, { name: "ids.csv", content: Array.from({ length: 100 }, (_, i) => `COL-SUCCESS-K${i}`).join("\n"), caption: "/collection" });
    const [progress] = await telegram.waitFor((calls) => {
      const found = repliesTo(upload.message?.message_id)(calls);
      return found.length > 0 && found;
    });
    // Killed with the check under way.
    await telegram.waitFor(() => enquiries.filter((enquiry) => enquiry.id.startsWith("COL-SUCCESS-K")).length >= 5);
    await first.stop("SIGKILL");
    await startBot(10, env);
    const progressId = (progress?.result as { message_id: number }).message_id;
    const notice = await telegram.waitFor((calls) => calls.find((call) => call.method === "editMessageText" && call.payload.message_id === progressId && String(call.payload.text).includes("interrupted")));
    expect(notice.payload.text).toBe("Your check of 100 IDs from ids.csv was interrupted by a restart. Please send the file again.");
  }, 60_000);

  it("on SIGTERM, stops a running check, says so, and sends what was checked", async () => {
    const { telegram } = suite;
    const running = await startBot(20);
    const upload = telegram.sendFile(CHAT, AGENT, { name: "ids.csv", content: Array.from({ length: 200 }, (_, i) => `COL-FAILED-S${i}`).join("\n"), caption: "/collection" });
    await telegram.waitFor((calls) => repliesTo(upload.message?.message_id)(calls).length > 0);
    await telegram.waitFor(() => enquiries.filter((enquiry) => enquiry.id.startsWith("COL-FAILED-S")).length >= 10);
    expect(await running.stop("SIGTERM")).toBe(0);
    const report = reportOf(telegram.calls, upload.message?.message_id);
    expect(report).toBeDefined();
    expect(telegram.calls.filter((call) => call.method === "editMessageText").at(-1)?.payload.text).toMatch(/^Stopped by a restart after \d+ of 200 collection IDs from ids\.csv: send the file again/);
  }, 60_000);
});
