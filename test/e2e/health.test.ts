import { join } from "node:path";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { ask as askAs, useBotProcesses } from "../support/e2e.ts";
import { probeRedis } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-health-e2e-0123";
const AGENT = { id: 6001, first_name: "Abena", language_code: "en" };
const ADMIN_CHAT = -1007777777777;
const privateChat = { id: AGENT.id, type: "private" as const, first_name: AGENT.first_name };
const ids = (prefix: string, count: number, from = 0) => Array.from({ length: count }, (_, i) => `${prefix}-${from + i}`).join(" ");

const suite = useBotProcesses({
  // A stalled answer outlasts the bot's patience (400 ms) by far.
  sandbox: { token: SERVICE_TOKEN, stallMs: 5_000 },
  env: {
    ENQUIRY_TIMEOUT_MS: "300",
    ENQUIRY_TOTAL_TIMEOUT_MS: "400",
    ENQUIRY_RETRIES: "0",
    CACHE_TTL_SECONDS: "0",
    RATE_LIMIT_MAX: "10000",
    ALLOWED_USER_IDS: String(AGENT.id),
    ADMIN_CHAT_ID: String(ADMIN_CHAT),
    HEALTH_MIN_ENQUIRIES: "10",
    // Seconds, not minutes: the recovery is seen within the test.
    HEALTH_RECOVERY_MINUTES: "0.05",
  },
});
afterEach(() => {
  suite.sandbox.setTrouble({ mode: "none", kinds: ["collection", "airtime"] });
});

const alerts = () => suite.telegram.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === ADMIN_CHAT).map((call) => String(call.payload.text));

/** Sends a command (by polling) and waits for its reply's text. */
const ask = async (text: string) => String((await askAs(suite.telegram, privateChat, AGENT, text, 20_000)).payload.text);

async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the provider's health, through the real process", () => {
  it("turns orange then red as the provider fails, alerts once per change, marks failing answers, and announces the recovery once", async () => {
    const { sandbox } = suite;
    await suite.started({ STATE_DB: join(suite.dir, "health.db") });
    expect(await ask("/health")).toMatch(/^🟢 The payment provider is working normally\./);

    // 3 of 10 never answered (the sandbox's SLOW IDs): degraded.
    await ask(`/collection ${ids("COL-SUCCESS", 7)} ${ids("COL-SLOW", 3)}`);
    const orange = /^🟠 The payment provider is having trouble with Collection\.\n🟠 Collection: degraded since \d\d:\d\d:\d\d UTC: 30% of 10 enquiries not checked in 5 min/;
    expect(await eventually(() => ask("/health"), (text) => orange.test(text))).toMatch(orange);
    expect(await eventually(alerts, (sent) => sent.length >= 1)).toEqual([expect.stringMatching(/^🟠 Collection: the payment provider is degraded since .*30% of 10 enquiries could not be checked \(no answer in time: 3\)\.$/)]);

    // Then the whole provider stops answering: down.
    sandbox.setTrouble({ mode: "timeouts", kinds: ["collection"] });
    await ask(`/collection ${ids("COL-SUCCESS", 20, 100)}`);
    await ask(`/collection ${ids("COL-SUCCESS", 10, 200)}`);
    expect(await eventually(() => ask("/health"), (text) => text.startsWith("🔴"))).toMatch(/^🔴 The payment provider is down for Collection\./);
    const answer = await ask("/collection COL-SUCCESS-300");
    expect(answer).toMatch(/^⌛ Collection COL-SUCCESS-300: No answer in time/);
    expect(answer).toContain("⚠️ Not only this payment: Collection checks have had trouble since");
    expect(answer).toContain("Tap 🔔 Notify me to be told when it settles.");
    const twoAlerts = await eventually(alerts, (sent) => sent.length >= 2);
    expect(twoAlerts[1]).toMatch(/^🔴 Collection: the payment provider is now down: \d+% of \d+ enquiries could not be checked in the last 5 minutes \(no answer in time: \d+\)\. In trouble since /);

    // It answers again, and enough answers bring the share under 20 %: one recovery, after the quiet time.
    sandbox.setTrouble({ mode: "none", kinds: ["collection", "airtime"] });
    for (let round = 0; round < 8; round++) await ask(`/collection ${ids("COL-SUCCESS", 20, 1_000 + round * 20)}`);
    const recovered = await eventually(alerts, (sent) => sent.some((text) => text.startsWith("🟢")));
    expect(recovered).toHaveLength(3);
    expect(recovered[2]).toMatch(/^🟢 Collection: the payment provider is back to normal since \d\d:\d\d:\d\d UTC, after \d+ (?:s|min) of trouble \(at worst down\)\.$/);
    expect(await ask("/collection COL-TIMEOUTLESS-1")).not.toContain("Not only this payment");
    expect(await eventually(() => ask("/health"), (text) => text.startsWith("🟢"))).toMatch(/^🟢/);
    // A few more evaluations (each second here): nothing more to say. An evaluation that changes nothing shows
    // nowhere outside the process, so two of them are waited out in time.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(alerts()).toHaveLength(3);
  }, 90_000);
});

describe.skipIf(!redis.available)("the provider's health across two instances sharing Redis", () => {
  it("adds both instances' enquiries up: one alert between them, and the same sums from either", async () => {
    const { telegram, sandbox } = suite;
    const { deliver } = await suite.webhookPair(redis, "health-e2e");
    let nextId = 1;
    const command = (text: string): Update => ({
      update_id: nextId++,
      message: { message_id: 70_000 + nextId, date: 1, chat: privateChat, from: { ...AGENT, is_bot: false }, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
    });
    const lastToAgent = () => String(telegram.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === AGENT.id).at(-1)?.payload.text ?? "");

    sandbox.setTrouble({ mode: "errors", kinds: ["airtime"] });
    // Six failures through each: neither instance alone has the ten it takes to judge.
    expect(await deliver[0]?.(command(`/airtime ${ids("AIR-SUCCESS", 6)}`))).toBe(200);
    expect(await deliver[1]?.(command(`/airtime ${ids("AIR-SUCCESS", 6, 10)}`))).toBe(200);
    const sent = await eventually(alerts, (texts) => texts.length >= 1);
    expect(sent).toEqual([expect.stringMatching(/^🔴 Airtime: the payment provider is down since .* 100% of 12 enquiries could not be checked \(service errors: 12\)\.$/)]);
    for (const through of deliver) {
      expect(await through(command("/health"))).toBe(200);
      expect(lastToAgent()).toMatch(/^🔴 The payment provider is down for Airtime\.[\s\S]*\nAirtime, last 5 min: 12 enquiries · 100% not checked/);
    }
    // A few more evaluations by each (each second here): nothing more to say. An evaluation that changes nothing
    // shows nowhere outside the process, so two of them are waited out in time.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(alerts()).toHaveLength(1);
  }, 90_000);
});
