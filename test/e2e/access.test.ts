import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/payments/enquiry/sandbox/server.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startBotProcess, startScriptCommand, webhookDeliverers, webhookInstanceEnv, type BotProcess } from "../support/bot-process.ts";
import { startFakeBotApi, type FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import { deletePrefix, probeRedis, testPrefix } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-access-e2e-0123";
const SECRET = "webhook_secret-access-e2e-0123456789";
const ADMIN = { id: 7001, first_name: "Kofi", language_code: "en" };
const ADMIN_CHAT = { id: -1007777777777, type: "supergroup" as const, title: "Admins" };
const AGENT = { id: 6001, first_name: "Abena", language_code: "en" };
const privateOf = (user: { id: number; first_name: string }) => ({ id: user.id, type: "private" as const, first_name: user.first_name });

let sandbox: Sandbox;
const enquiries: string[] = [];
let telegram: FakeBotApi;
let dir: string;
let bots: BotProcess[] = [];
let prefix: string | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ token: SERVICE_TOKEN, settleMs: 60_000, onEnquiry: (_, id) => enquiries.push(id) });
  dir = mkdtempSync(join(tmpdir(), "access-e2e-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(bots.map((bot) => bot.stop("SIGKILL")));
  bots = [];
  await telegram.close();
  if (prefix && redis.available) await deletePrefix(redis.url, prefix);
  prefix = undefined;
});

function start(extra: Record<string, string>): BotProcess {
  const bot = startBotProcess(
    {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      ENQUIRY_BASE_URL: sandbox.url,
      ENQUIRY_TOKEN: SERVICE_TOKEN,
      ADMIN_USER_IDS: String(ADMIN.id),
      ADMIN_CHAT_ID: String(ADMIN_CHAT.id),
      WATCH_FIRST_CHECK_SECONDS: "1",
      WATCH_MAX_INTERVAL_SECONDS: "1",
      ...extra,
    },
    startScriptCommand(),
  );
  bots.push(bot);
  return bot;
}

const replyTo = (messageId: number | undefined) => (calls: RecordedCall[]) =>
  calls.find((call) => call.method === "sendMessage" && (call.payload.reply_parameters as { message_id?: number } | undefined)?.message_id === messageId);
const toChat = (chatId: number) => (calls: RecordedCall[]) => calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === chatId);
const buttons = (call: RecordedCall | undefined) => ((call?.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? []) as { text: string; callback_data: string }[];
const messageOf = (call: RecordedCall, chat: { id: number; type: "private" | "supergroup"; first_name?: string; title?: string }) => ({ message_id: (call.result as { message_id: number }).message_id, chat });

/** Sends a command and waits for its reply. */
async function ask(user: { id: number; first_name: string }, text: string): Promise<RecordedCall> {
  const sent = telegram.sendText(privateOf(user), user, text);
  return telegram.waitFor(replyTo(sent.message?.message_id));
}

describe("access managed from the chat, through the real process", () => {
  it("a stranger's request, approved by an admin: answered at once; a revoke: refused, and their watch ends; grants survive a restart", async () => {
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    // Strangers are answered once per window: a short one, so that a refusal after the revoke is seen.
    const env = { STATE_DB: join(dir, "access.db"), RATE_LIMIT_WINDOW_SECONDS: "1" };
    const first = start(env);
    await first.waitForLog((entry) => entry.msg === "bot started", 30_000);

    const refusal = await ask(AGENT, "/collection COL-SUCCESS-1");
    expect(refusal.payload.text).toMatch(/^Sorry, this bot is private\. Press Request access/);
    telegram.press(AGENT, messageOf(refusal, privateOf(AGENT)), buttons(refusal)[0]?.callback_data ?? "");
    const [request] = await telegram.waitFor((calls) => {
      const found = toChat(ADMIN_CHAT.id)(calls);
      return found.length > 0 && found;
    });
    expect(request?.payload.text).toMatch(/^🙋 Abena asks for access\.\nUser ID: 6001/);
    const approve = buttons(request).find((button) => button.text === "✅ Approve");
    telegram.press(ADMIN, messageOf(request as RecordedCall, ADMIN_CHAT), approve?.callback_data ?? "");
    await telegram.waitFor((calls) => toChat(AGENT.id)(calls).some((call) => String(call.payload.text).startsWith("✅ An admin gave you access")));
    expect((await ask(AGENT, "/collection COL-SUCCESS-2")).payload.text).toMatch(/^✅ Collection COL-SUCCESS-2/);
    expect(first.logs().some((entry) => entry.event === "access" && entry.action === "approved")).toBe(true);

    // A watch, then the revoke: refused from then on, and the watch ends (no notification ever).
    const pending = await ask(AGENT, "/watch COL-SETTLE-REVOKED");
    expect(pending.payload.text).toMatch(/I'll message you here/);
    const revoked = telegram.sendText(privateOf(ADMIN), ADMIN, `/revoke ${AGENT.id}`);
    expect((await telegram.waitFor(replyTo(revoked.message?.message_id))).payload.text).toBe("🚫 The access of Abena (6001) was removed.");
    await telegram.waitFor((calls) => toChat(AGENT.id)(calls).some((call) => call.payload.text === "Your access to this bot was removed by an admin."));
    // Strangers are answered once per window (1 s here): the first refusal's must be over.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await ask(AGENT, "/collection COL-SUCCESS-3")).payload.text).toMatch(/^Sorry, this bot is private/);
    await first.waitForLog((entry) => entry.msg === "access changed" && entry.action === "revoked");
    // The watch's next check finds its user gone: it ends with no enquiry and no message.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const checks = enquiries.filter((id) => id === "COL-SETTLE-REVOKED").length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(enquiries.filter((id) => id === "COL-SETTLE-REVOKED")).toHaveLength(checks);

    // Grants are durable records: a user allowed from the chat is still allowed after a restart.
    const allowed = telegram.sendText(privateOf(ADMIN), ADMIN, "/allow 6002");
    await telegram.waitFor(replyTo(allowed.message?.message_id));
    expect(await first.stop()).toBe(0);
    const second = start(env);
    await second.waitForLog((entry) => entry.msg === "bot started", 30_000);
    expect((await ask({ id: 6002, first_name: "Yaw" }, "/collection COL-SUCCESS-4")).payload.text).toMatch(/^✅ Collection/);
    expect((await ask(AGENT, "/collection COL-SUCCESS-5")).payload.text).toMatch(/^Sorry, this bot is private/);
    expect(toChat(AGENT.id)(telegram.calls).some((call) => String(call.payload.text).startsWith("🔔"))).toBe(false);
  }, 90_000);

  it("an invite link lets one person in, once", async () => {
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const bot = start({ STATE_DB: join(dir, "invite.db") });
    await bot.waitForLog((entry) => entry.msg === "bot started", 30_000);
    const made = await ask(ADMIN, "/invite");
    const code = /\?start=([A-Za-z0-9_-]{22})/.exec(String(made.payload.text))?.[1] ?? "";
    expect((await ask(AGENT, `/start ${code}`)).payload.text).toMatch(/^✅ Welcome! You now have access/);
    await telegram.waitFor((calls) => toChat(ADMIN_CHAT.id)(calls).some((call) => String(call.payload.text).startsWith("🔗 Abena (6001) joined with an invite from Kofi")));
    const late = { id: 6003, first_name: "Esi" };
    expect((await ask(late, `/start ${code}`)).payload.text).toBe("This invite link is no longer valid. Ask an admin for a new one.");
    expect((await ask(AGENT, "/collection COL-SUCCESS-6")).payload.text).toMatch(/^✅ Collection/);
  }, 60_000);
});

describe.skipIf(!redis.available)("access across instances sharing Redis", () => {
  let nextId = 1;

  async function startPair() {
    prefix = testPrefix("access");
    telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
    const pair = [0, 1].map(() => start(webhookInstanceEnv(SECRET, redis.available ? redis.url : "", prefix ?? "")));
    return webhookDeliverers(pair, SECRET);
  }

  const command = (from: { id: number; first_name: string }, text: string): Update =>
    ({ update_id: nextId++, message: { message_id: 50_000 + nextId, date: 1, chat: privateOf(from), from: { ...from, is_bot: false }, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });
  const lastTo = (chatId: number) => toChat(chatId)(telegram.calls).at(-1)?.payload.text ?? "";

  it("allowed through one instance, answered through the other within 2 s; revoked through that one, refused through the first within 2 s", async () => {
    const [a, b] = await startPair();
    expect(await a?.(command(ADMIN, `/allow ${AGENT.id}`))).toBe(200);
    const allowedAt = Date.now();
    for (;;) {
      expect(await b?.(command(AGENT, "/collection COL-SUCCESS-X1"))).toBe(200);
      if (lastTo(AGENT.id).startsWith("✅ Collection")) break;
      expect(Date.now() - allowedAt).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await b?.(command(ADMIN, `/revoke ${AGENT.id}`))).toBe(200);
    const revokedAt = Date.now();
    for (;;) {
      const before = toChat(AGENT.id)(telegram.calls).length;
      expect(await a?.(command(AGENT, "/collection COL-SUCCESS-X2"))).toBe(200);
      const answered = toChat(AGENT.id)(telegram.calls).slice(before);
      if (!answered.some((call) => String(call.payload.text).startsWith("✅"))) break;
      expect(Date.now() - revokedAt).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  it("a one-person invite used through both instances at once admits one", async () => {
    const [a, b] = await startPair();
    expect(await a?.(command(ADMIN, "/invite"))).toBe(200);
    const code = /\?start=([A-Za-z0-9_-]{22})/.exec(lastTo(ADMIN.id))?.[1] ?? "";
    const first = { id: 6101, first_name: "One" };
    const second = { id: 6102, first_name: "Two" };
    await Promise.all([a?.(command(first, `/start ${code}`)), b?.(command(second, `/start ${code}`))]);
    const welcomed = [first, second].filter((user) => lastTo(user.id).startsWith("✅ Welcome!"));
    expect(welcomed).toHaveLength(1);
  }, 60_000);
});
