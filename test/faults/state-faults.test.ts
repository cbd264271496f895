import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { baseEnv, startTestSandbox, type TestSandbox } from "../support/bot-env.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, webhookDeliverers, webhookInstanceEnv, type BotProcess } from "../support/bot-process.ts";
import { BOT_STARTED, type Deliver } from "../support/e2e.ts";
import { repliesTo, startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { probeRedisServer, startRedisServer, waitUntil, type RedisNode } from "../support/redis-topology.ts";
import { USER as AGENT } from "../support/updates.ts";

const SERVICE_TOKEN = "service-token-state-faults-0123";
const CHAT = { id: AGENT.id, type: "private" as const, first_name: "Ama" };

let sandbox: TestSandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startTestSandbox({ token: SERVICE_TOKEN });
  dir = mkdtempSync(join(tmpdir(), "state-faults-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The bot as `npm start` runs it, its state where `extra` says. */
const startBot = (telegram: FakeBotApi | undefined, extra: Record<string, string>) => startBotProcess(baseEnv(telegram, sandbox, extra), startScriptCommand());
const outputOf = (bot: BotProcess) => bot.stdout.join("\n") + bot.stderr.join("");
const replyTo = (messageId: number | undefined) => (calls: RecordedCall[]) => repliesTo(messageId)(calls)[0];

/** Sends a command as the agent; the text of the reply to it. */
const asker = (telegram: FakeBotApi) => async (text: string) => {
  const asked = telegram.sendText(CHAT, AGENT, text);
  return (await telegram.waitFor(replyTo(asked.message?.message_id), 10_000)).payload.text ?? "";
};

describe("a state store that cannot be used at start", () => {
  it("REDIS_URL that does not answer: a clear error naming REDIS_URL, never its password, and exit 1", async () => {
    const bot = startBot(undefined, { REDIS_URL: "redis://bot:pa55-secret-word@127.0.0.1:1/0" });
    expect(await bot.exited).toBe(1);
    const output = outputOf(bot);
    expect(output).toMatch(/cannot connect to REDIS_URL \(ECONNREFUSED\)/);
    expect(output).not.toContain("pa55-secret-word");
  }, 30_000);

  it.each([
    ["whose folder is a regular file", () => join(writeAndReturn(join(dir, "plain-file"), "x"), "bot.db"), /STATE_DB: cannot create the folder/],
    ["that is not a database", () => writeAndReturn(join(dir, "notes.db"), "notes, not a database ".repeat(300)), /is not a SQLite database/],
  ])("STATE_DB %s: a clear error, and exit 1", async (_, path, message) => {
    const bot = startBot(undefined, { STATE_DB: path() });
    expect(await bot.exited).toBe(1);
    expect(outputOf(bot)).toMatch(message);
  }, 30_000);

  it("STATE_DB in use by a running instance: the second refuses to start, the first carries on", async () => {
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const path = join(dir, "shared.db");
    const first = startBot(telegram, { STATE_DB: path });
    await first.waitForLog(BOT_STARTED, 30_000);
    const second = startBot(telegram, { STATE_DB: path });
    expect(await second.exited).toBe(1);
    expect(outputOf(second)).toMatch(/is in use by another running instance.*REDIS_URL/);
    const asked = telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-1");
    await telegram.waitFor(replyTo(asked.message?.message_id));
    expect(await first.stop()).toBe(0);
    await telegram.close();
  }, 30_000);
});

describe("state kept in the SQLite file across a restart", () => {
  it("a Refresh on a multi-ID answer made before the restart works after it", async () => {
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const env = { STATE_DB: join(dir, "restart.db") };
    const before = startBot(telegram, env);
    await before.waitForLog(BOT_STARTED, 30_000);
    const ids = ["COL-PENDING-A-LONGER-ID-1", "COL-PENDING-A-LONGER-ID-2", "COL-SUCCESS-A-LONGER-ID-3"];
    const asked = telegram.sendText(CHAT, AGENT, `/collection ${ids.join(" ")}`);
    const reply = await telegram.waitFor(replyTo(asked.message?.message_id));
    const data = (reply.payload.reply_markup as { inline_keyboard: { callback_data: string }[][] }).inline_keyboard[0]?.[0]?.callback_data ?? "";
    expect(data).toMatch(/^rc#/);
    expect(await before.stop()).toBe(0);

    const after = startBot(telegram, env);
    await after.waitForLog(BOT_STARTED, 30_000);
    telegram.press(AGENT, { message_id: (reply.result as { message_id: number }).message_id, chat: CHAT, text: reply.payload.text }, data);
    const toast = await telegram.waitFor((calls) => calls.find((call) => call.method === "answerCallbackQuery"));
    expect(toast.payload.text).not.toMatch(/expired/);
    expect(telegram.calls.find((call) => call.method === "editMessageText")?.payload.text).toContain(ids[2]);
    expect(await after.stop()).toBe(0);
    await telegram.close();
  }, 60_000);
});

/** A real full disk: a 2 MB tmpfs, where this machine lets a test mount one (root, as CI is). */
const tmpfsAvailable = (() => {
  const probe = mkdtempSync(join(tmpdir(), "tmpfs-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", ["-l", probe]);
    return true;
  } catch {
    process.stderr.write("SKIPPED full-disk test: this machine does not let a test mount a tmpfs (needs root).\n");
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

describe.skipIf(!tmpfsAvailable)("the disk of the state file fills up while the bot runs", () => {
  it("keeps answering, warns once, is ready but degraded with the reason, and recovers when space returns", async () => {
    const disk = mkdtempSync(join(tmpdir(), "full-disk-e2e-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk]);
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const bot = startBot(telegram, { STATE_DB: join(disk, "bot.db"), HTTP_PORT: "0" });
    try {
      const listening = await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000);
      await bot.waitForLog(BOT_STARTED, 30_000);
      const base = `http://127.0.0.1:${String(listening.port)}`;
      const ask = asker(telegram);
      expect(await ask("/collection COL-SUCCESS-D1")).toMatch(/^✅/);
      const filledAt = Date.now();
      fillDisk(join(disk, "filler"));
      for (let i = 2; i < 8; i++) expect(await ask(`/collection COL-SUCCESS-D${i}`)).toMatch(/^✅/);
      await bot.waitForLog((entry) => entry.msg === "the state file cannot be written: answering from memory until it can (watches and bulk checks wait; history entries are not kept)", 10_000);
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: "ready", state: "degraded", stateReason: expect.stringMatching(/disk is full/) });
      expect(await ask("/airtime AIR-FAILED-D9")).toMatch(/^❌/);

      rmSync(join(disk, "filler"));
      await bot.waitForLog((entry) => entry.msg === "the state file can be written again", 10_000);
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ state: "ok" });
      expect(await ask("/collection COL-SUCCESS-D10")).toMatch(/^✅/);
      const since = bot.logs().filter((entry) => Date.parse(String(entry.time)) >= filledAt);
      expect(since.filter((entry) => ["warn", "error", "fatal"].includes(String(entry.level))).map((entry) => entry.msg)).toEqual([
        "the state file cannot be written: answering from memory until it can (watches and bulk checks wait; history entries are not kept)",
      ]);
      expect(await bot.stop()).toBe(0);
    } finally {
      await bot.stop("SIGKILL");
      await telegram.close();
      execFileSync("umount", ["-l", disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the state file deleted while the bot runs", () => {
  it("is noticed within a minute: an error, one admin alert, ready but degraded with the reason, and still one instance per file", async () => {
    const ADMIN_CHAT = -1001122334455;
    const folder = mkdtempSync(join(dir, "deleted-"));
    const path = join(folder, "data", "bot.db");
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const bot = startBot(telegram, { STATE_DB: path, HTTP_PORT: "0", ADMIN_CHAT_ID: String(ADMIN_CHAT) });
    try {
      const listening = await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000);
      await bot.waitForLog(BOT_STARTED, 30_000);
      rmSync(join(folder, "data"), { recursive: true, force: true });
      const noticed = await bot.waitForLog((entry) => entry.msg === "the state file was deleted or replaced while the bot ran", 30_000);
      expect(noticed.level).toBe("error");
      expect(await (await fetch(`http://127.0.0.1:${String(listening.port)}/readyz`)).json()).toMatchObject({ status: "ready", state: "degraded", stateReason: expect.stringMatching(/was deleted while the bot ran/) });
      const alert = await telegram.waitFor((calls) => calls.find((call) => call.method === "sendMessage" && call.payload.chat_id === ADMIN_CHAT));
      expect(alert.payload.text).toMatch(/^⚠️ The state file was deleted or replaced while the bot was running\. STATE_DB .* was deleted while the bot ran; what it held was written back/);
      const second = startBot(telegram, { STATE_DB: path });
      expect(await second.exited).toBe(1);
      expect(outputOf(second)).toMatch(/is in use by another running instance/);
      expect(telegram.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === ADMIN_CHAT)).toHaveLength(1);
      expect(await bot.stop()).toBe(0);
    } finally {
      await bot.stop("SIGKILL");
      await telegram.close();
    }
  }, 60_000);
});

/** Fills the disk up: what is left is less than a page. */
function fillDisk(path: string): void {
  for (const size of [16 * 1024, 512]) {
    for (;;) {
      try {
        appendFileSync(path, Buffer.alloc(size));
      } catch {
        break;
      }
    }
  }
}

const redisServerAvailable = probeRedisServer("Redis outage tests (a private Redis that can be stopped)");

describe.skipIf(!redisServerAvailable)("Redis lost while the bot runs", () => {
  /** What a background loop logs (at debug) each time the store it needs is away. */
  const LOOPS_TRYING = ["watch checks cannot reach the state store; retrying", "watch notifications cannot reach the state store; retrying", "heartbeat not written", "records not refreshed"];

  it("keeps answering, warns once and says once when it is back (its background loops stay quiet), stays ready but degraded, and reconnects by itself", async () => {
    // With persistence, as production runs it: the outage loses nothing.
    const redis = await startRedisServer({ persistent: true });
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    // At debug, the loops say each time they find the store away: what shows they kept trying.
    const bot = startBot(telegram, { REDIS_URL: `redis://127.0.0.1:${redis.port}/0`, HTTP_PORT: "0", POLLING_LEASE_SECONDS: "3", WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1", LOG_LEVEL: "debug" });
    try {
      const listening = await bot.waitForLog((entry) => entry.msg === "http server listening", 30_000);
      await bot.waitForLog(BOT_STARTED, 30_000);
      const base = `http://127.0.0.1:${String(listening.port)}`;
      const ask = asker(telegram);
      expect(await ask("/collection COL-SUCCESS-1")).toMatch(/^✅/);
      // Watches keep the scheduler and the notifier busy with the store.
      expect(await ask("/watch COL-PENDING-OUTAGE")).toMatch(/I'll message you here/);
      await bot.waitForLog((entry) => entry.msg === "enquiry" && entry.via === "watch");

      const lostAt = Date.now();
      await redis.stop("SIGKILL");
      const since = (entry: Record<string, unknown>) => Date.parse(String(entry.time)) >= lostAt;
      await bot.waitForLog((entry) => since(entry) && entry.level === "warn" && String(entry.msg).startsWith("shared state store unreachable"));
      expect(await ask("/collection COL-SUCCESS-2")).toMatch(/^✅/);
      expect(await ask("/airtime AIR-FAILED-3")).toMatch(/^❌/);
      // What must be kept cannot be done meanwhile, and says so.
      expect(await ask("/watch COL-PENDING-DURING")).toMatch(/^I cannot reach my store right now/);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready", state: "degraded", stateReason: expect.any(String) });
      expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/payment_bot_state_outages_total 1/);
      // Every background loop has tried the store more than once (the slowest every 5 s).
      await vi.waitFor(
        () => {
          const tries = bot.logs().filter((entry) => since(entry) && entry.level === "debug");
          for (const loop of LOOPS_TRYING) expect(tries.filter((entry) => entry.msg === loop).length, loop).toBeGreaterThanOrEqual(2);
        },
        { timeout: 20_000, interval: 100 },
      );

      redis.start();
      await bot.waitForLog((entry) => entry.msg === "shared state store reachable again", 15_000);
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ state: "ok" });
      expect(await ask("/collection COL-SUCCESS-4")).toMatch(/^✅/);
      const during = bot.logs().filter(since);
      expect(during.filter((entry) => ["warn", "error", "fatal"].includes(String(entry.level))).map((entry) => entry.msg)).toEqual([
        "shared state store unreachable: answering without shared cache, de-duplication, limits or history until it is back",
      ]);
      expect(during.filter((entry) => entry.level === "info" && /back|reachable again/.test(String(entry.msg))).map((entry) => entry.msg)).toEqual(["shared state store reachable again"]);
      expect(await bot.stop()).toBe(0);
    } finally {
      await bot.stop("SIGKILL");
      await redis.remove();
      await telegram.close();
    }
  }, 60_000);
});

describe.skipIf(!redisServerAvailable)("Redis emptied under running instances", () => {
  const ADMIN_CHAT = -1009876543210;
  const SECRET = "webhook_secret-state-faults-0123456789";

  async function startPair(redis: RedisNode, telegram: FakeBotApi) {
    const env = { ...webhookInstanceEnv(SECRET, `redis://127.0.0.1:${redis.port}/0`, "psb:"), ADMIN_CHAT_ID: String(ADMIN_CHAT), ENQUIRY_TIMEOUT_MS: "1500", ENQUIRY_TOTAL_TIMEOUT_MS: "1500" };
    const bots = [0, 1].map(() => startBot(telegram, env));
    return { bots, deliver: await webhookDeliverers(bots, SECRET) };
  }

  const alertsIn = (telegram: FakeBotApi) => telegram.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === ADMIN_CHAT && String(call.payload.text).includes("was emptied"));
  const slowCommand = (updateId: number) => ({
    update_id: updateId,
    message: { message_id: updateId, date: 1, chat: CHAT, from: AGENT, text: "/collection COL-SLOW-EMPTIED", entities: [{ type: "bot_command", offset: 0, length: 11 }] },
  });
  /** Delivers a slow command to A, then to B once A has it under way (its enquiry is with the provider): B must say "later". */
  async function deliverToBoth(deliver: readonly Deliver[], update: unknown) {
    const before = sandbox.stats.requests;
    const first = deliver[0]?.(update);
    await vi.waitFor(() => expect(sandbox.stats.requests).toBeGreaterThan(before), { timeout: 10_000, interval: 20 });
    expect(await deliver[1]?.(update)).toBe(503);
    expect(await first).toBe(200);
  }
  /** Once both instances have beaten since the store was emptied, each has looked for the marker. */
  async function bothBeaten(redis: RedisNode) {
    const client = redis.connect();
    try {
      await waitUntil(async () => (await client.keys("psb:alive:*")).length === 2, "both instances to beat again", () => redis.log(), 15_000);
    } finally {
      client.disconnect();
    }
  }

  it("a FLUSHALL: an update delivered to both instances is still answered once, and the admins are told once what was lost", async () => {
    const redis = await startRedisServer();
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const { bots, deliver } = await startPair(redis, telegram);
    try {
      const admin = redis.connect();
      await admin.flushall();
      admin.disconnect();
      // The heartbeats are gone until each instance's next beat: B must not take A's claim for dead.
      const update = slowCommand(7001);
      await deliverToBoth(deliver, update);
      // Acknowledged once handled: no reply can come after this.
      expect(await deliver[1]?.(update)).toBe(200);
      await telegram.waitFor(() => alertsIn(telegram).length > 0, 10_000);
      await bothBeaten(redis);
      expect(repliesTo(7001)(telegram.calls)).toHaveLength(1);
      expect(alertsIn(telegram)).toHaveLength(1);
      expect(alertsIn(telegram)[0]?.payload.text).toMatch(/appendonly yes/);
    } finally {
      await Promise.all(bots.map((bot) => bot.stop("SIGKILL")));
      await redis.remove();
      await telegram.close();
    }
  }, 90_000);

  it("a restart without persistence: the instances beat again as soon as they reconnect, and the admins are told once", async () => {
    const redis = await startRedisServer();
    const telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const { bots, deliver } = await startPair(redis, telegram);
    try {
      await redis.stop("SIGKILL");
      await Promise.all(bots.map((bot) => bot.waitForLog((entry) => String(entry.msg).startsWith("shared state store unreachable"), 15_000)));
      redis.start();
      await Promise.all(bots.map((bot) => bot.waitForLog((entry) => entry.msg === "shared state store reachable again", 15_000)));
      // At once: B must find A's heartbeat, or it would take A's claim for dead.
      const update = slowCommand(7002);
      await deliverToBoth(deliver, update);
      await telegram.waitFor(() => alertsIn(telegram).length > 0, 10_000);
      await bothBeaten(redis);
      expect(alertsIn(telegram)).toHaveLength(1);
      expect(repliesTo(7002)(telegram.calls)).toHaveLength(1);
    } finally {
      await Promise.all(bots.map((bot) => bot.stop("SIGKILL")));
      await redis.remove();
      await telegram.close();
    }
  }, 90_000);
});

function writeAndReturn(path: string, content: string): string {
  writeFileSync(path, content);
  return path;
}
