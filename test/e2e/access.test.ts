import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { ask, useBotProcesses, watchChecks } from "../support/e2e.ts";
import type { RecordedCall } from "../support/fake-bot-api.ts";
import { probeRedis } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-access-e2e-0123";
const ADMIN = { id: 7001, first_name: "Kofi", language_code: "en" };
const ADMIN_CHAT = { id: -1007777777777, type: "supergroup" as const, title: "Admins" };
const AGENT = { id: 6001, first_name: "Abena", language_code: "en" };
const privateOf = (user: { id: number; first_name: string }) => ({ id: user.id, type: "private" as const, first_name: user.first_name });

const enquiries: string[] = [];
const suite = useBotProcesses({
  sandbox: { token: SERVICE_TOKEN, settleMs: 60_000, onEnquiry: (_, id) => enquiries.push(id) },
  // Only the admins, and whoever they let in from the chat.
  env: { ALLOWED_USER_IDS: "", ADMIN_USER_IDS: String(ADMIN.id), ADMIN_CHAT_ID: String(ADMIN_CHAT.id), WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1" },
});

const toChat = (chatId: number) => (calls: RecordedCall[]) => calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === chatId);
const buttons = (call: RecordedCall | undefined) => ((call?.payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? []) as { text: string; callback_data: string }[];
const messageOf = (call: RecordedCall, chat: { id: number; type: "private" | "supergroup"; first_name?: string; title?: string }) => ({ message_id: (call.result as { message_id: number }).message_id, chat });

/** Sends a command in the user's private chat and waits for its reply. */
const askAs = (user: { id: number; first_name: string }, text: string) => ask(suite.telegram, privateOf(user), user, text);

describe("access managed from the chat, through the real process", () => {
  it("a stranger's request, approved by an admin: answered at once; a revoke: refused, and their watch ends; grants survive a restart", async () => {
    const { telegram } = suite;
    // Strangers are answered once per window: a short one, so that a refusal after the revoke is seen.
    const env = { STATE_DB: join(suite.dir, "access.db"), RATE_LIMIT_WINDOW_SECONDS: "1" };
    const first = await suite.started(env);

    const refusal = await askAs(AGENT, "/collection COL-SUCCESS-1");
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
    expect((await askAs(AGENT, "/collection COL-SUCCESS-2")).payload.text).toMatch(/^✅ Collection COL-SUCCESS-2/);
    expect(first.logs().some((entry) => entry.event === "access" && entry.action === "approved")).toBe(true);

    // A watch, then the revoke: refused from then on, and the watch ends (no notification ever).
    const pending = await askAs(AGENT, "/watch COL-SETTLE-REVOKED");
    expect(pending.payload.text).toMatch(/I'll message you here/);
    // The admin's own watch goes on: its checks show the watch loop turning.
    expect((await askAs(ADMIN, "/watch COL-PENDING-GOES-ON")).payload.text).toMatch(/I'll message you here/);
    expect((await askAs(ADMIN, `/revoke ${AGENT.id}`)).payload.text).toBe("🚫 The access of Abena (6001) was removed.");
    await telegram.waitFor((calls) => toChat(AGENT.id)(calls).some((call) => call.payload.text === "Your access to this bot was removed by an admin."));
    // Strangers are answered once per window (1 s here), counted from the first refusal: only time ends it, no event says so.
    await sleep(Math.max(0, refusal.at + 1_100 - Date.now()));
    expect((await askAs(AGENT, "/collection COL-SUCCESS-3")).payload.text).toMatch(/^Sorry, this bot is private/);
    const revokedAt = Date.parse(String((await first.waitForLog((entry) => entry.msg === "access changed" && entry.action === "revoked")).time));
    // The watch's next check finds its user gone: it ends with no enquiry and no message. A turn of the watch loop
    // since the revoke (a check of the admin's), and a check under way then is over; every watch here is due each
    // second: two more turns, a second apart, and neither checks it.
    const settled = await watchChecks(first, "COL-PENDING-GOES-ON", revokedAt, 1);
    const checks = enquiries.filter((id) => id === "COL-SETTLE-REVOKED").length;
    await watchChecks(first, "COL-PENDING-GOES-ON", settled, 2);
    expect(enquiries.filter((id) => id === "COL-SETTLE-REVOKED")).toHaveLength(checks);

    // Grants are durable records: a user allowed from the chat is still allowed after a restart.
    await askAs(ADMIN, "/allow 6002");
    expect(await first.stop()).toBe(0);
    await suite.started(env);
    expect((await askAs({ id: 6002, first_name: "Yaw" }, "/collection COL-SUCCESS-4")).payload.text).toMatch(/^✅ Collection/);
    expect((await askAs(AGENT, "/collection COL-SUCCESS-5")).payload.text).toMatch(/^Sorry, this bot is private/);
    expect(toChat(AGENT.id)(telegram.calls).some((call) => String(call.payload.text).startsWith("🔔"))).toBe(false);
  }, 90_000);

  it("an invite link lets one person in, once", async () => {
    const { telegram } = suite;
    await suite.started({ STATE_DB: join(suite.dir, "invite.db") });
    const made = await askAs(ADMIN, "/invite");
    const code = /\?start=([A-Za-z0-9_-]{22})/.exec(String(made.payload.text))?.[1] ?? "";
    expect((await askAs(AGENT, `/start ${code}`)).payload.text).toMatch(/^✅ Welcome! You now have access/);
    await telegram.waitFor((calls) => toChat(ADMIN_CHAT.id)(calls).some((call) => String(call.payload.text).startsWith("🔗 Abena (6001) joined with an invite from Kofi")));
    const late = { id: 6003, first_name: "Esi" };
    expect((await askAs(late, `/start ${code}`)).payload.text).toBe("This invite link is no longer valid. Ask an admin for a new one.");
    expect((await askAs(AGENT, "/collection COL-SUCCESS-6")).payload.text).toMatch(/^✅ Collection/);
  }, 60_000);
});

describe.skipIf(!redis.available)("access across instances sharing Redis", () => {
  let nextId = 1;

  const startPair = async () => (await suite.webhookPair(redis, "access")).deliver;

  const command = (from: { id: number; first_name: string }, text: string): Update =>
    ({ update_id: nextId++, message: { message_id: 50_000 + nextId, date: 1, chat: privateOf(from), from: { ...from, is_bot: false }, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });
  const lastTo = (chatId: number) => toChat(chatId)(suite.telegram.calls).at(-1)?.payload.text ?? "";

  it("allowed through one instance, answered through the other within 2 s; revoked through that one, refused through the first within 2 s", async () => {
    const { telegram } = suite;
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
