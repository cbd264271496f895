import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { BotProcess } from "../support/bot-process.ts";
import { BOT_STARTED, useBotProcesses, watchChecks, type Deliver } from "../support/e2e.ts";
import { repliesTo } from "../support/fake-bot-api.ts";
import { probeRedis } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-instances-e2e-0123";
const AGENT = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
const CHAT = { id: AGENT.id, type: "private" as const, first_name: "Ama" };

/** When the sandbox received each enquiry. */
const enquiries: { at: number; id: string }[] = [];
let nextId = 1;
const suite = useBotProcesses({
  sandbox: { token: SERVICE_TOKEN, stallMs: 20_000, settleMs: 2_000, onEnquiry: (_, id) => enquiries.push({ at: Date.now(), id }) },
  env: { ENQUIRY_TIMEOUT_MS: "1500", ENQUIRY_TOTAL_TIMEOUT_MS: "1500", ALLOWED_USER_IDS: String(AGENT.id), LOG_LEVEL: "debug" },
});

describe.skipIf(!redis.available)("several instances sharing Redis", () => {
  describe("behind a load balancer (webhook)", () => {
    let deliverTo: Deliver[] = [];

    async function startPair(extra: Record<string, string> = {}) {
      const pair = await suite.webhookPair(redis, "webhook-pair", extra);
      deliverTo = pair.deliver;
      return pair.bots;
    }

    const command = (text: string): Update =>
      ({ update_id: nextId++, message: { message_id: nextId, date: 1, chat: CHAT, from: AGENT, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });

    it("answers an update delivered to both instances once", async () => {
      const { telegram } = suite;
      await startPair();
      const [a, b] = deliverTo;
      const update = command("/collection COL-SUCCESS-BOTH");
      const statuses = await Promise.all([a?.(update), b?.(update)]);
      // One of them handled it (200); the other acknowledged a duplicate (200) or asked for it again later (503).
      expect(statuses).toContain(200);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      // Telegram delivers again whatever was refused; by then it is known as handled.
      for (const [i, status] of statuses.entries()) if (status !== 200) expect(await deliverTo[i]?.(update)).toBe(200);
      // An instance answers Telegram only once it has handled the update: no reply can come after these.
      expect(repliesTo(update.message?.message_id)(telegram.calls)).toHaveLength(1);
    }, 60_000);

    it("serves a button made by one instance through the other, and shares settled answers", async () => {
      const { telegram, sandbox } = suite;
      await startPair();
      const [a, b] = deliverTo;
      const ids = Array.from({ length: 4 }, (_, i) => `COL-PENDING-LONGER-REFERENCE-${i}`);
      const asked = command(`/collection ${ids.join(" ")}`);
      expect(await a?.(asked)).toBe(200);
      const [reply] = repliesTo(asked.message?.message_id)(telegram.calls);
      const button = (reply?.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0] as { callback_data: string };
      expect(button.callback_data).toMatch(/^rc#/);
      const press = {
        update_id: nextId++,
        callback_query: { id: "cb-1", from: AGENT, chat_instance: "x", data: button.callback_data, message: { message_id: (reply?.result as { message_id: number }).message_id, date: 1, chat: CHAT, text: reply?.payload.text, reply_markup: reply?.payload.reply_markup } },
      } as Update;
      expect(await b?.(press)).toBe(200);
      const edit = telegram.calls.find((call) => call.method === "editMessageText");
      expect(edit?.payload.text).toContain(ids[3]);
      expect(telegram.calls.find((call) => call.method === "answerCallbackQuery")?.payload.text).not.toMatch(/expired/);

      const before = sandbox.stats.requests;
      expect(await a?.(command("/airtime AIR-SUCCESS-SHARED"))).toBe(200);
      expect(await b?.(command("/airtime AIR-SUCCESS-SHARED"))).toBe(200);
      expect(sandbox.stats.requests - before).toBe(1);
    }, 60_000);

    it("notifies a watch made through one instance once, even when that instance is killed", async () => {
      const { telegram } = suite;
      const [a, b] = await startPair({ WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1" });
      const asked = command("/collection COL-SETTLE-INSTANCES");
      expect(await deliverTo[0]?.(asked)).toBe(200);
      const [answer] = repliesTo(asked.message?.message_id)(telegram.calls);
      const answerId = (answer?.result as { message_id: number }).message_id;
      const notify = (answer?.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat().find((button) => button.text === "🔔 Notify me") as { callback_data: string };
      const press = { update_id: nextId++, callback_query: { id: "cb-n", from: AGENT, chat_instance: "x", data: notify.callback_data, message: { message_id: answerId, date: 1, chat: CHAT, text: answer?.payload.text, reply_markup: answer?.payload.reply_markup } } } as Update;
      expect(await deliverTo[0]?.(press)).toBe(200);
      await a?.stop("SIGKILL");
      // A payment that stays pending, watched through the other: its checks show that instance's watch loop turning.
      expect(await deliverTo[1]?.(command("/watch COL-PENDING-TURNS"))).toBe(200);
      const notifications = () => repliesTo(answerId)(telegram.calls);
      const [notification] = await telegram.waitFor(() => notifications().length > 0 && notifications(), 15_000);
      // Two turns after the notification, a second apart: the settled payment is past, and told once.
      await watchChecks(b as BotProcess, "COL-PENDING-TURNS", notification?.at ?? 0, 2);
      expect(notifications()).toHaveLength(1);
      expect(notifications()[0]?.payload.text).toMatch(/^🔔 Settled/);
      expect(b?.logs().some((entry) => entry.msg === "watch notification sent")).toBe(true);
    }, 60_000);

    it("stops a bulk check within a second when Cancel is pressed through the other instance", async () => {
      const { telegram } = suite;
      await startPair({ ENQUIRY_MAX_PER_SECOND: "20" });
      const [a, b] = deliverTo;
      const ids = Array.from({ length: 300 }, (_, i) => `COL-SUCCESS-X${i}`);
      const upload = telegram.fileUpdate(CHAT, AGENT, { name: "ids.csv", content: ids.join("\n"), caption: "/collection" }, nextId++);
      expect(await a?.(upload)).toBe(200);
      const progress = await telegram.waitFor((calls) => repliesTo(upload.message?.message_id)(calls)[0]);
      await telegram.waitFor(() => enquiries.filter((enquiry) => enquiry.id.startsWith("COL-SUCCESS-X")).length >= 20);
      const cancel = (progress.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard[0]?.[0] as { callback_data: string };
      const message = { message_id: (progress.result as { message_id: number }).message_id, date: 1, chat: CHAT, text: progress.payload.text, reply_markup: progress.payload.reply_markup };
      const pressedAt = Date.now();
      expect(await b?.({ update_id: nextId++, callback_query: { id: "cb-cancel", from: AGENT, chat_instance: "x", data: cancel.callback_data, message } })).toBe(200);
      await telegram.waitFor((calls) => calls.some((call) => call.method === "sendDocument"), 5_000);
      // What is asked after the press shows only at the provider, and only if it comes: no event says nothing
      // will, so the time after the report is watched out.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(enquiries.filter((enquiry) => enquiry.id.startsWith("COL-SUCCESS-X") && enquiry.at > pressedAt + 1_000)).toEqual([]);
      expect(telegram.calls.filter((call) => call.method === "editMessageText").at(-1)?.payload.text).toMatch(/^Cancelled after \d+ of 300 collection IDs/);
    }, 60_000);

    it("counts the rate limit across instances", async () => {
      const { telegram } = suite;
      await startPair({ RATE_LIMIT_MAX: "3" });
      const updates = [0, 1, 2, 3].map((i) => command(`/collection COL-SUCCESS-RATE-${i}`));
      for (const [i, update] of updates.entries()) expect(await deliverTo[i % 2]?.(update)).toBe(200);
      const texts = updates.map((update) => repliesTo(update.message?.message_id)(telegram.calls)[0]?.payload.text ?? "");
      expect(texts.slice(0, 3).every((text) => text.startsWith("✅"))).toBe(true);
      expect(texts[3]).toMatch(/sending requests too fast/);
    }, 60_000);
  });

  describe("long polling with a shared lease", () => {
    async function startPollers(count: number) {
      const lease = { ...suite.sharedRedis(redis, "polling-lease"), HTTP_PORT: "0", POLLING_LEASE_SECONDS: "3", SHUTDOWN_GRACE_MS: "5000" };
      const started = Array.from({ length: count }, () => suite.start(lease));
      const ports = await Promise.all(started.map(async (bot) => String((await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000)).port)));
      await Promise.all(started.map((bot) => bot.waitForLog(BOT_STARTED, 30_000)));
      const roleOf = async (i: number) => ((await (await fetch(`http://127.0.0.1:${ports[i]}/readyz`)).json()) as { role?: string }).role;
      return { started, roleOf };
    }

    it("polls from one instance only, and a standby takes over within the lease after the leader is killed", async () => {
      const { telegram } = suite;
      const { started, roleOf } = await startPollers(2);
      const roles = [await roleOf(0), await roleOf(1)];
      expect([...roles].sort()).toEqual(["leader", "standby"]);
      const leader = roles.indexOf("leader");
      const standby = 1 - leader;
      const first = telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-L1");
      expect((await telegram.waitFor((calls) => repliesTo(first.message?.message_id)(calls)[0])).payload.text).toMatch(/^✅/);

      await started[leader]?.stop("SIGKILL");
      const killedAt = Date.now();
      const second = telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-L2");
      await telegram.waitFor((calls) => repliesTo(second.message?.message_id)(calls)[0], 3_000 + 5_000);
      expect(Date.now() - killedAt).toBeLessThan(3_000 + 5_000);
      expect(await roleOf(standby)).toBe("leader");
      expect(started[standby]?.logs().some((entry) => entry.msg === "holding the polling lease: this instance polls")).toBe(true);
      expect(telegram.attempts.get("getUpdates")).toBeGreaterThan(0);
      expect(started.flatMap((bot) => bot.logs()).some((entry) => entry.code === 409 || String(entry.msg).includes("409"))).toBe(false);
    }, 60_000);

    it("hands over at once on SIGTERM: what was in flight is answered once, and the next command by the other instance", async () => {
      const { telegram, sandbox } = suite;
      const { started, roleOf } = await startPollers(2);
      const leader = (await roleOf(0)) === "leader" ? 0 : 1;
      const before = sandbox.stats.requests;
      const slow = telegram.sendText(CHAT, AGENT, "/collection COL-SLOW-H1");
      await telegram.waitFor(() => sandbox.stats.requests > before);
      const stopping = started[leader]?.stop("SIGTERM");
      const next = telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-H2");
      expect(await stopping).toBe(0);
      const stoppedAt = Date.now();
      await telegram.waitFor((calls) => repliesTo(next.message?.message_id)(calls)[0], 5_000);
      expect(Date.now() - stoppedAt).toBeLessThan(3_000);
      expect(repliesTo(slow.message?.message_id)(telegram.calls)).toHaveLength(1);
      expect(repliesTo(next.message?.message_id)(telegram.calls)).toHaveLength(1);
      expect(telegram.updateCounts.get(slow.update_id)).toBe(1);
    }, 60_000);
  });
});
