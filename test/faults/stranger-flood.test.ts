import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { startPollingBot } from "../support/polling-harness.ts";

const AGENT = { id: 5001, first_name: "Ama" };
const SERVICE_LATENCY_MS = 200;
const STRANGERS = 1_000;
const enquiry = scriptedEnquiry(async (kind, id) => {
  await new Promise((resolve) => setTimeout(resolve, SERVICE_LATENCY_MS));
  return outcomes.success(kind, id);
});

let telegram: FakeBotApi;
let running: Awaited<ReturnType<typeof startPollingBot>>;

beforeAll(async () => {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
  // Telegram answers every reply to a stranger with 429, asking to wait 15 s.
  telegram.chaos.inject = (method, payload) =>
    (method === "sendMessage" || method === "answerCallbackQuery") && payload.chat_id !== AGENT.id
      ? { method, times: 1, response: { status: 429, error_code: 429, description: "Too Many Requests: retry after 15", retry_after: 15 } }
      : undefined;
  running = await startPollingBot(telegram, enquiry, [AGENT.id]);
});

afterAll(async () => {
  await running.stop();
  await telegram.close();
});

describe("a flood of strangers", () => {
  it("never holds up an allowed user: 1,000 strangers whose replies all get 429, and the agent is answered within the service latency + 1 s", async () => {
    for (let i = 0; i < STRANGERS / 2; i++) {
      const stranger = { id: 700_000 + i, first_name: `S${i}` };
      telegram.sendText({ id: stranger.id, type: "private", first_name: stranger.first_name }, stranger, i % 2 ? "/whoami" : "/collection TX-1");
    }
    const sentAt = Date.now();
    const asked = telegram.sendText({ id: AGENT.id, type: "private", first_name: AGENT.first_name }, AGENT, "/collection TX-42");
    for (let i = STRANGERS / 2; i < STRANGERS; i++) {
      const stranger = { id: 700_000 + i, first_name: `S${i}` };
      telegram.sendText({ id: -100_000 - i, type: "supergroup", title: `G${i}` }, stranger, "/whoami");
    }
    const reply = await telegram.waitFor(
      (calls: RecordedCall[]) => calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === asked.message?.message_id),
      15_000,
    );
    expect(reply.payload.text).toMatch(/^✅ Collection TX-42/);
    expect(reply.at - sentAt).toBeLessThan(SERVICE_LATENCY_MS + 1_000);
    // Each stranger got one attempt, never a retry.
    await telegram.waitFor(() => (telegram.attempts.get("sendMessage") ?? 0) >= STRANGERS, 15_000);
    expect(telegram.attempts.get("sendMessage")).toBe(STRANGERS + 1);
    expect(enquiry.calls.map((call) => call.id)).toEqual(["TX-42"]);
  }, 30_000);
});
