import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { readReport } from "../support/csv.ts";

const SERVICE_TOKEN = "service-token-hostile-upload-0123";
const SERVICE_LATENCY_MS = 100;
const ATTACKER = { id: 5001, first_name: "Mallory", language_code: "en" };
const AGENT = { id: 5002, first_name: "Ama", language_code: "en" };
const chatOf = (user: { id: number; first_name: string }) => ({ id: user.id, type: "private" as const, first_name: user.first_name });

let sandbox: TestSandbox;
let telegram: FakeBotApi;
let bot: BotProcess;

beforeAll(async () => {
  sandbox = await startTestSandbox({ token: SERVICE_TOKEN, latencyMs: SERVICE_LATENCY_MS });
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  bot = startBotProcess(baseEnv(telegram, sandbox, { ALLOWED_USER_IDS: `${ATTACKER.id},${AGENT.id}`, ENQUIRY_MAX_PER_SECOND: "100" }), startScriptCommand());
  await bot.waitForLog((entry) => entry.msg === "bot started", 30_000);
}, 40_000);
afterEach(() => {
  telegram.calls.length = 0;
});
afterAll(async () => {
  await bot.stop("SIGKILL");
  await telegram.close();
  await sandbox.close();
});

const repliesTo = (messageId: number | undefined) => (calls: RecordedCall[]) =>
  calls.filter((call) => (call.method === "sendMessage" || call.method === "sendDocument") && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);

describe("a hostile upload, through the real process", () => {
  it("a 1 MB file whose rows change their column count never holds up another user's command", async () => {
    // 'A1', then 524,000 rows of ',': csv-parse spent 16 s on it, in the update handler.
    const hostile = `A1\n${",\n".repeat(524_000)}`;
    expect(hostile.length).toBeLessThanOrEqual(1024 * 1024);
    const upload = telegram.sendFile(chatOf(ATTACKER), ATTACKER, { name: "a.csv", content: hostile, caption: "/collection" });
    // The file is downloaded and read while the agent asks.
    await telegram.waitFor((calls) => calls.some((call) => call.method === "getFile"));
    const sentAt = Date.now();
    const asked = telegram.sendText(chatOf(AGENT), AGENT, "/collection COL-SUCCESS-WAITING");
    const [reply] = await telegram.waitFor((calls) => {
      const found = repliesTo(asked.message?.message_id)(calls);
      return found.length > 0 && found;
    });
    expect(reply?.payload.text).toMatch(/^✅ Collection COL-SUCCESS-WAITING/);
    expect((reply?.at ?? Number.POSITIVE_INFINITY) - sentAt).toBeLessThan(SERVICE_LATENCY_MS + 1_000);
    // And the attacker's file is answered as any file is: its one ID is checked.
    const report = await telegram.waitFor((calls) => repliesTo(upload.message?.message_id)(calls).find((call) => call.method === "sendDocument"), 15_000);
    const rows = readReport((report.payload.document as { content: Buffer }).content);
    expect(rows.map((row) => row.transaction_id)).toEqual(["A1"]);
  }, 30_000);

  it("a 1 MB file of cells that are not IDs gets a report that lists 1,000 of them and counts the rest", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `COL-SUCCESS-J${i}`);
    const upload = telegram.sendFile(chatOf(AGENT), AGENT, { name: "junk.csv", content: `${ids.join("\n")}\n${"!\n".repeat(500_000)}`, caption: "/collection" });
    const report = await telegram.waitFor((calls) => repliesTo(upload.message?.message_id)(calls).find((call) => call.method === "sendDocument"), 15_000);
    const content = (report.payload.document as { content: Buffer }).content;
    expect(content.length).toBeLessThan(100 * 1024);
    const rows = readReport(content);
    expect(rows).toHaveLength(20 + 1_000 + 1);
    expect(rows.at(-1)?.failure_reason).toBe("499000 more cells were not transaction IDs (not listed)");
    const summary = telegram.calls.filter((call) => call.method === "editMessageText").at(-1)?.payload.text;
    expect(summary).toContain("✏️ 500,000 cells were not IDs (the first 1,000 are listed in the report)");
  }, 30_000);
});
