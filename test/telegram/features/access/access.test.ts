import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it, vi } from "vitest";
import { REQUEST_RULES } from "../../../../src/access/requests.ts";
import { ADMIN_CHAT, createTestBot } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

const ADMIN = { id: 7001, is_bot: false, first_name: "Kofi", username: "kofi_ops", language_code: "en" };
const OTHER_ADMIN = { id: 7002, is_bot: false, first_name: "Efua", language_code: "en" };
const BOT = { id: 123456789, is_bot: true, first_name: "Payment status", username: "payment_status_bot" };
const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
const stranger = (id: number) => ({ id, is_bot: false, first_name: `Stranger ${id}`, language_code: "fr" });
const privateOf = (user: { id: number; first_name: string }) => ({ id: user.id, type: "private" as const, first_name: user.first_name });

function setup(options: { adminChat?: boolean; now?: () => number; inviteTtlMs?: number } = {}) {
  const harness = createTestBot({
    enquiry,
    access: { adminUserIds: new Set([ADMIN.id, OTHER_ADMIN.id]), allowedChatIds: new Set() },
    adminAlerted: options.adminChat ?? true,
    ...(options.now ? { now: options.now } : {}),
    ...(options.inviteTtlMs ? { inviteTtlMs: options.inviteTtlMs } : {}),
  });
  const toAdmins = () => harness.calls.filter((call) => call.method === "sendMessage" && [ADMIN_CHAT, ADMIN.id, OTHER_ADMIN.id].includes(call.payload.chat_id ?? 0));
  const keyboardOf = (payload: Record<string, unknown> | undefined) => ((payload?.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? []) as { text: string; callback_data: string }[];
  /** A stranger's refusal, and the press of its 🙋 button. */
  const ask = async (who: ReturnType<typeof stranger>) => {
    await harness.bot.handleUpdate(messageUpdate("/collection TX-1", { from: who }));
    const refusal = harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === who.id).at(-1)?.payload;
    const button = keyboardOf(refusal)[0];
    const message = { message_id: 9000, chat: privateOf(who), text: refusal?.text, reply_markup: refusal?.reply_markup };
    await harness.bot.handleUpdate(callbackUpdate(button?.callback_data ?? "", message, who));
    return { refusal, button, message };
  };
  /** An admin presses ✅ or ❌ on the admins' message about a request. */
  const decide = (adminMessage: { payload: Record<string, unknown> } | undefined, which: "✅ Approve" | "❌ Deny", by: { id: number; first_name: string; is_bot: boolean; language_code: string } = ADMIN) => {
    const data = keyboardOf(adminMessage?.payload).find((button) => button.text === which)?.callback_data ?? "";
    const chat = adminMessage?.payload.chat_id === ADMIN_CHAT ? { id: ADMIN_CHAT, type: "supergroup" as const, title: "Admins" } : privateOf(by);
    return harness.bot.handleUpdate(callbackUpdate(data, { message_id: 9500, chat, text: String(adminMessage?.payload.text), reply_markup: adminMessage?.payload.reply_markup }, by));
  };
  return { ...harness, toAdmins, keyboardOf, ask, decide };
}

describe("asking for access", () => {
  it("a stranger's refusal carries 🙋 Request access; the press sends the admins one request, with who asks", async () => {
    const harness = setup();
    const asker = stranger(6101);
    const { refusal, button } = await harness.ask(asker);
    expect(refusal?.text).toMatch(/^Désolé, ce bot est privé\. Appuyez sur Demander l'accès.*6101$/);
    expect(button?.text).toBe("🙋 Demander l'accès");
    const [request] = harness.toAdmins();
    expect(request?.payload.chat_id).toBe(ADMIN_CHAT);
    expect(request?.payload.text).toBe("🙋 Stranger 6101 asks for access.\nUser ID: 6101\nLanguage: fr");
    expect(harness.keyboardOf(request?.payload).map((b) => b.text)).toEqual(["✅ Approve", "❌ Deny"]);
    expect(harness.toasts().at(-1)?.payload.text).toBe("Votre demande a été envoyée aux administrateurs.");
    // The refusal says the request went, and loses its button.
    const edited = harness.edits().at(-1)?.payload;
    expect(edited?.text).toMatch(/✅ Votre demande a été envoyée aux administrateurs\./);
    expect(edited?.reply_markup).toBeUndefined();
    expect(harness.logs.entries().some((entry) => entry.event === "access" && entry.action === "requested")).toBe(true);
  });

  it("without an admin chat, goes to each admin's private chat", async () => {
    const harness = setup({ adminChat: false });
    await harness.ask(stranger(6102));
    expect(harness.toAdmins().map((call) => call.payload.chat_id).sort()).toEqual([ADMIN.id, OTHER_ADMIN.id].sort());
  });

  it("pressing again and again costs nothing and sends nothing more", async () => {
    const harness = setup();
    const asker = stranger(6103);
    const { button, message } = await harness.ask(asker);
    const before = harness.calls.filter((call) => call.method === "sendMessage").length;
    for (let i = 0; i < 5; i++) await harness.bot.handleUpdate(callbackUpdate(button?.callback_data ?? "", message, asker));
    expect(harness.calls.filter((call) => call.method === "sendMessage")).toHaveLength(before);
    expect(harness.toasts().at(-1)?.payload.text).toBe("Votre demande attend un administrateur.");
  });

  it("an old 🙋 pressed after being let in: a toast, and nothing to the admins", async () => {
    const harness = setup();
    const asker = stranger(6150);
    await harness.bot.handleUpdate(messageUpdate("/collection TX-1", { from: asker }));
    const refusal = harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === asker.id).at(-1)?.payload;
    await harness.bot.handleUpdate(messageUpdate(`/allow ${asker.id}`, { from: ADMIN }));
    const toAdminsBefore = harness.toAdmins().length;
    const button = harness.keyboardOf(refusal)[0];
    await harness.bot.handleUpdate(callbackUpdate(button?.callback_data ?? "", { message_id: 9001, chat: privateOf(asker), text: refusal?.text, reply_markup: refusal?.reply_markup }, asker));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Vous avez déjà accès : envoyez /help pour voir ce que vous pouvez demander.");
    expect(harness.toAdmins().length).toBe(toAdminsBefore);
    expect(await harness.assembled.access.requests.pending()).toEqual([]);
  });

  it("refuses a request past 50 waiting: too many requests are waiting", async () => {
    const harness = setup();
    for (let i = 0; i < REQUEST_RULES.pendingAtMost; i++) await harness.ask(stranger(6200 + i));
    await harness.ask({ ...stranger(6300), language_code: "en" });
    expect(harness.toasts().at(-1)?.payload.text).toBe("Too many requests are waiting. Please try again later.");
    expect(harness.toAdmins()).toHaveLength(REQUEST_RULES.pendingAtMost);
  });
});

describe("deciding a request", () => {
  it("Approve: the user may ask at once, is told how, and the admins' message says who approved it, without buttons", async () => {
    const harness = setup();
    const asker = stranger(6401);
    await harness.ask(asker);
    const [request] = harness.toAdmins();
    await harness.decide(request, "✅ Approve");
    expect(harness.toasts().at(-1)?.payload.text).toBe("Approved.");
    const welcome = harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === asker.id).at(-1)?.payload.text;
    expect(welcome).toMatch(/^✅ Un administrateur vous a donné accès à ce bot\.\n\nJe vous dis si un paiement mobile money est passé\./);
    const decided = harness.calls.filter((call) => call.method === "editMessageText" && call.payload.chat_id === ADMIN_CHAT).at(-1)?.payload;
    expect(decided?.text).toMatch(/\n\n✅ Approved by Kofi \(@kofi_ops\) at \d\d:\d\d:\d\d UTC\.$/);
    expect(decided?.reply_markup).toBeUndefined();
    await harness.bot.handleUpdate(messageUpdate("/collection TX-2", { from: asker }));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === asker.id).at(-1)?.payload.text).toMatch(/^✅ Encaissement TX-2/);
    expect(harness.logs.entries().filter((entry) => entry.event === "access").map((entry) => entry.action)).toEqual(["requested", "approved"]);
  });

  it("a non-admin pressing Approve (a forwarded message, a forged payload) changes nothing", async () => {
    const harness = setup();
    const asker = stranger(6402);
    await harness.ask(asker);
    const [request] = harness.toAdmins();
    await harness.decide(request, "✅ Approve", USER);
    expect(harness.toasts().at(-1)?.payload.text).not.toBe("Approved.");
    await harness.bot.handleUpdate(messageUpdate("/collection TX-2", { from: asker }));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === asker.id).at(-1)?.payload.text).not.toMatch(/^✅ Collection/);
  });

  it("two admins pressing at once give one outcome; the second is told who decided", async () => {
    const harness = setup();
    await harness.ask(stranger(6403));
    const [request] = harness.toAdmins();
    await Promise.all([harness.decide(request, "✅ Approve", ADMIN), harness.decide(request, "❌ Deny", OTHER_ADMIN)]);
    const toasts = harness.toasts().map((call) => call.payload.text);
    expect(toasts.filter((text) => text === "Approved." || text === "Denied.")).toHaveLength(1);
    expect(toasts.some((text) => String(text).startsWith("Already decided by"))).toBe(true);
    expect(harness.logs.entries().filter((entry) => entry.event === "access" && (entry.action === "approved" || entry.action === "denied"))).toHaveLength(1);
  });

  it("Deny: the requester is told once, and may not ask again within a day", async () => {
    const harness = setup();
    const asker = stranger(6404);
    const { message } = await harness.ask(asker);
    const [request] = harness.toAdmins();
    await harness.decide(request, "❌ Deny");
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === asker.id).at(-1)?.payload.text).toBe(
      "Un administrateur a refusé votre demande d'accès. Vous pourrez redemander dans un jour.",
    );
    await harness.bot.handleUpdate(callbackUpdate("A:ask", { ...message, reply_markup: { inline_keyboard: [[{ text: "🙋", callback_data: "A:ask" }]] } }, asker));
    expect(harness.toasts().at(-1)?.payload.text).toMatch(/^Un administrateur a refusé votre demande\. Vous pourrez redemander dès (aujourd'hui|demain)/);
  });

  it("a request left a week expires: it cannot be decided", async () => {
    let clock = Date.parse("2026-11-24T09:00:00Z");
    const harness = setup({ now: () => clock });
    await harness.ask(stranger(6405));
    const [request] = harness.toAdmins();
    clock += REQUEST_RULES.expiresAfterMs;
    await harness.decide(request, "✅ Approve");
    expect(harness.toasts().at(-1)?.payload.text).toBe("This request has expired.");
  });
});

describe("invite links", () => {
  const start = (code: string, who: ReturnType<typeof stranger>) => messageUpdate(`/start ${code}`, { from: who });
  const linkIn = (text: string | undefined) => /https:\/\/t\.me\/payment_status_bot\?start=([A-Za-z0-9_-]{22})/.exec(text ?? "")?.[1] ?? "";

  it("/invite makes a link for one person: it lets the first in, told how, and the admins hear who joined", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate("/invite", { from: ADMIN }));
    const code = linkIn(harness.sent().at(-1)?.payload.text);
    expect(code).toHaveLength(22);
    await harness.bot.handleUpdate(start(code, stranger(6501)));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/^✅ Bienvenue ! Vous avez maintenant accès à ce bot\.\n\nJe vous dis/);
    expect(harness.alerts.at(-1)).toBe("🔗 Stranger 6501 (6501) joined with an invite from Kofi (@kofi_ops).");
    // Used up: the next person is told the link is no longer valid, once per window.
    await harness.bot.handleUpdate(start(code, stranger(6502)));
    await harness.bot.handleUpdate(start(code, stranger(6502)));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === 6502).map((call) => call.payload.text)).toEqual([
      "Ce lien d'invitation n'est plus valable. Demandez-en un nouveau à un administrateur.",
    ]);
  });

  it("/invite says until when with the day (a link for 24 h does not read as already expired), and takes whom it is for", async () => {
    const clock = Date.parse("2026-11-24T17:27:21Z");
    const harness = setup({ now: () => clock });
    await harness.bot.handleUpdate(messageUpdate("/invite", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/^🔗 This link lets one person in, until tomorrow at 17:27 UTC\./);
    await harness.bot.handleUpdate(messageUpdate("/invite 3 new agents in Kumasi", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/^🔗 This link lets 3 people in, until tomorrow at 17:27 UTC\./);
    await harness.bot.handleUpdate(messageUpdate("/invites", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/\n🔗 …[A-Za-z0-9_-]{4} · for new agents in Kumasi · by Kofi \(@kofi_ops\) today at 17:27 UTC · 3 of 3 left · until tomorrow at 17:27 UTC$/m);
  });

  it("/invite N lets N people in; a link expires after INVITE_TTL_HOURS; N is at most 50", async () => {
    let clock = Date.parse("2026-11-24T09:00:00Z");
    const harness = setup({ now: () => clock, inviteTtlMs: 60_000 });
    await harness.bot.handleUpdate(messageUpdate("/invite 2", { from: ADMIN }));
    const code = linkIn(harness.sent().at(-1)?.payload.text);
    await harness.bot.handleUpdate(start(code, stranger(6511)));
    clock += 60_000;
    await harness.bot.handleUpdate(start(code, stranger(6512)));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === 6512).at(-1)?.payload.text).toMatch(/n'est plus valable/);
    await harness.bot.handleUpdate(messageUpdate("/invite 51", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toBe("Send /invite for a link one person may use, or /invite N for N people (at most 50); add whom it is for, to know it again in /invites: /invite 3 new agents in Kumasi.");
  });

  it("/invites lists the open links, each with a 🚫 that revokes it", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate("/invite 3", { from: ADMIN }));
    const code = linkIn(harness.sent().at(-1)?.payload.text);
    await harness.bot.handleUpdate(messageUpdate("/invites", { from: ADMIN }));
    const list = harness.sent().at(-1)?.payload;
    // Told by how its link ends, not by a code found nowhere in the link.
    expect(list?.text).toMatch(new RegExp(`^Open invite links \\(1\\):\\n🔗 …${code.slice(-4)} · by Kofi \\(@kofi_ops\\) today at \\d\\d:\\d\\d UTC · 3 of 3 left · until tomorrow at \\d\\d:\\d\\d UTC$`));
    expect(harness.keyboardOf(list)[0]?.text).toBe(`🚫 …${code.slice(-4)}`);
    const revoke = harness.keyboardOf(list)[0];
    await harness.bot.handleUpdate(callbackUpdate(revoke?.callback_data ?? "", { message_id: 9001, chat: privateOf(ADMIN), reply_markup: list?.reply_markup }, ADMIN));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Invite link revoked.");
    await harness.bot.handleUpdate(start(code, stranger(6521)));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === 6521).at(-1)?.payload.text).toMatch(/n'est plus valable/);
  });

  it("admin commands from anyone else get what an unknown command gets, and no hint of what they do", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate("/invite", { from: USER }));
    await harness.bot.handleUpdate(messageUpdate("/users", { from: USER }));
    await harness.bot.handleUpdate(messageUpdate("/invite", { from: STRANGER }));
    const texts = harness.calls.filter((call) => call.method === "sendMessage").map((call) => String(call.payload.text));
    expect(texts.some((text) => /t\.me\/|invite|Who may use/i.test(text))).toBe(false);
  });
});

describe("listing and revoking", () => {
  it("/users lists everyone with how they have access; configuration entries have no 🚫", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate("/allow 6601", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toBe("✅ User 6601 may now use the bot.");
    await harness.bot.handleUpdate(messageUpdate("/users", { from: ADMIN }));
    const list = harness.sent().at(-1)?.payload;
    expect(list?.text).toMatch(/^Who may use the bot \(4\), page 1 of 1:\n👑 7001 · admin \(configuration\)\n👑 7002 · admin \(configuration\)\n👤 5001 · configuration \(ALLOWED_USER_IDS\)\n👤 6601 · allowed by Kofi \(@kofi_ops\) on \d+ \w+ \d{4}\n/);
    expect(harness.keyboardOf(list).map((button) => button.text)).toEqual(["🚫 6601"]);
  });

  it("shows names as last seen: a granted user who changed theirs is listed under the new one", async () => {
    const harness = setup();
    const agent = stranger(6602);
    await harness.bot.handleUpdate(messageUpdate(`/allow ${agent.id}`, { from: ADMIN }));
    await harness.bot.handleUpdate(messageUpdate("/help", { from: { ...agent, first_name: "Abena", last_name: "Mensah" } as typeof agent }));
    await new Promise((resolve) => setImmediate(resolve));
    await harness.bot.handleUpdate(messageUpdate("/users", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toContain(`👤 Abena Mensah ${agent.id} · allowed by`);
  });

  // A size test: granting 1,000 people one at a time takes about 3 s, more on a busy machine.
  it("stays within Telegram's limits for 1,000 entries, a page at a time with ◀ ▶", async () => {
    const harness = setup();
    for (let i = 0; i < 1_000; i++) await harness.assembled.access.grants.grant({ kind: "user", subject: { id: 100_000 + i, name: `Agent ${"x".repeat(40)} ${i}` }, how: { type: "allowed", by: { id: ADMIN.id, name: "Kofi" }, at: i } });
    await harness.bot.handleUpdate(messageUpdate("/users", { from: ADMIN }));
    const first = harness.sent().at(-1)?.payload;
    expect(String(first?.text).length).toBeLessThanOrEqual(4096);
    expect(first?.text).toMatch(/page 1 of 67/);
    const next = harness.keyboardOf(first).find((button) => button.text === "▶");
    for (const button of harness.keyboardOf(first)) expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64);
    await harness.bot.handleUpdate(callbackUpdate(next?.callback_data ?? "", { message_id: 9001, chat: privateOf(ADMIN), reply_markup: first?.reply_markup }, ADMIN));
    expect(harness.edits().at(-1)?.payload.text).toMatch(/page 2 of 67/);
  }, 20_000);

  it("/revoke: a grant goes (the person is told, and refused from then on); a configuration entry stays, and says so", async () => {
    const harness = setup();
    const agent = stranger(6701);
    await harness.bot.handleUpdate(messageUpdate(`/allow ${agent.id}`, { from: ADMIN }));
    await harness.bot.handleUpdate(messageUpdate("/collection TX-1", { from: agent }));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === agent.id).at(-1)?.payload.text).toMatch(/^✅ Encaissement/);
    await harness.bot.handleUpdate(messageUpdate(`/revoke ${agent.id}`, { from: ADMIN }));
    expect(harness.sent().filter((call) => call.payload.chat_id === ADMIN.id).at(-1)?.payload.text).toBe(`🚫 The access of Stranger ${agent.id} (${agent.id}) was removed.`);
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === agent.id).at(-1)?.payload.text).toBe("Your access to this bot was removed by an admin.");
    await harness.bot.handleUpdate(messageUpdate("/collection TX-2", { from: agent }));
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === agent.id).at(-1)?.payload.text).toMatch(/^Désolé, ce bot est privé/);
    await harness.bot.handleUpdate(messageUpdate(`/revoke ${USER.id}`, { from: ADMIN }));
    expect(harness.sent().filter((call) => call.payload.chat_id === ADMIN.id).at(-1)?.payload.text).toBe(`${USER.id} is allowed by the configuration (ALLOWED_USER_IDS): remove it there. Nothing was changed.`);
    // Made in a private chat: the admin chat gets a note.
    expect(harness.alerts.some((text) => text.startsWith("🛈 Kofi (@kofi_ops) removed the access of"))).toBe(true);
  });

  it.each(["9999999999999999", "4503599627370496", "0", "-0", "007", "+5", "1e5", "-9007199254740993"])("/allow and /revoke %s: refused with the usage, nothing granted or revoked", async (target) => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate(`/allow ${target}`, { from: ADMIN }));
    expect(harness.sent().filter((call) => call.payload.chat_id === ADMIN.id).at(-1)?.payload.text).toMatch(/^Send \/allow with a user ID/);
    await harness.bot.handleUpdate(messageUpdate(`/revoke ${target}`, { from: ADMIN }));
    expect(harness.sent().filter((call) => call.payload.chat_id === ADMIN.id).at(-1)?.payload.text).toMatch(/^Send \/revoke with a user ID/);
    expect(await harness.assembled.access.grants.list()).toEqual([]);
  });

  it("the largest IDs Telegram gives (52 bits) are taken as they are written", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate("/allow 4503599627370495", { from: ADMIN }));
    await harness.bot.handleUpdate(messageUpdate("/allow -1004503599627", { from: ADMIN }));
    expect((await harness.assembled.access.grants.list()).map((grant) => grant.subject.id).sort()).toEqual([-1004503599627, 4503599627370495]);
  });

  it("a 🚫 Revoke press with an ID Telegram could not give is forged: nothing changes", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(messageUpdate("/allow 6711", { from: ADMIN }));
    for (const data of ["A:rev:u:9999999999999999:0", "A:rev:u:0:0", "A:rev:u:-0:0", "A:rev:u:06711:0", "A:rev:u:006711:0", "A:yes:user:9999999999999999"]) {
      await harness.bot.handleUpdate(callbackUpdate(data, { message_id: 9100, chat: privateOf(ADMIN) }, ADMIN));
    }
    expect((await harness.assembled.access.grants.list()).map((grant) => grant.subject.id)).toEqual([6711]);
  });

  it("a revoke stops the person's running bulk check", async () => {
    const slow = scriptedEnquiry(async (kind, id) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return outcomes.success(kind, id);
    });
    const harness = createTestBot({ enquiry: slow, backgroundPerSecond: 20, access: { adminUserIds: new Set([ADMIN.id]) } });
    const agent = stranger(6702);
    await harness.bot.handleUpdate(messageUpdate(`/allow ${agent.id}`, { from: ADMIN }));
    const upload = messageUpdate("x", { from: agent });
    harness.uploaded.set("f-revoke", new TextEncoder().encode(Array.from({ length: 200 }, (_, i) => `TX-${i}`).join("\n")));
    await harness.bot.handleUpdate({
      update_id: upload.update_id,
      message: { ...upload.message, text: undefined, caption: "/collection", caption_entities: [{ type: "bot_command", offset: 0, length: 11 }], document: { file_id: "f-revoke", file_unique_id: "u", file_name: "ids.csv", file_size: 1_000 } },
    } as Update);
    expect(harness.assembled.bulkJobs.running).toBe(1);
    const from = harness.calls.length;
    await harness.bot.handleUpdate(messageUpdate(`/revoke ${agent.id}`, { from: ADMIN }));
    await vi.waitFor(() => expect(harness.assembled.bulkJobs.running).toBe(0), { timeout: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Told that access was removed, and nothing else: what was checked is not sent to someone no longer allowed.
    const toAgent = harness.calls.slice(from).filter((call) => call.payload.chat_id === agent.id);
    expect(toAgent.map((call) => [call.method, call.payload.text])).toEqual([["sendMessage", "Your access to this bot was removed by an admin."]]);
  });
});

describe("groups", () => {
  const added = (by: { id: number; first_name: string }, status: "member" | "left" = "member"): Update => ({
    update_id: Math.floor(Math.random() * 1e9),
    my_chat_member: {
      chat: GROUP,
      from: { ...by, is_bot: false },
      date: 1,
      old_chat_member: { user: BOT, status: status === "member" ? "left" : "member" },
      new_chat_member: { user: BOT, status },
    },
  });

  it("added by an admin: allowed at once, and the bot says hello there", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(added(ADMIN));
    expect(harness.calls.find((call) => call.method === "sendMessage" && call.payload.chat_id === GROUP.id)?.payload.text).toMatch(/^👋 Hello! Anyone in this group can now check payments here\./);
    await harness.bot.handleUpdate(groupMessage("/collection TX-1", { from: stranger(6801) }));
    expect(harness.calls.filter((call) => call.payload.chat_id === GROUP.id).at(-1)?.payload.text).toMatch(/^✅ Encaissement TX-1/);
  });

  it("added by someone else: the group is told the admins were asked; an admin's Approve allows it", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(added(USER));
    expect(harness.calls.find((call) => call.method === "sendMessage" && call.payload.chat_id === GROUP.id)?.payload.text).toBe(
      "This group may not check payments yet. I have asked the admins, and I will say here when they decide.",
    );
    const [request] = harness.toAdmins();
    expect(request?.payload.text).toBe(`👥 Ama added me to the group "Payments support" and asks for access for it.\nChat ID: ${GROUP.id}`);
    await harness.decide(request, "✅ Approve");
    expect(harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === GROUP.id).at(-1)?.payload.text).toMatch(/^✅ An admin allowed this group/);
  });

  it("stamps every grant with the access records' clock, not the machine's: a group added by an admin, /allow, an invite redeemed", async () => {
    const clock = Date.parse("2026-11-24T09:00:00Z");
    const harness = setup({ now: () => clock });
    await harness.bot.handleUpdate(added(ADMIN));
    await harness.bot.handleUpdate(messageUpdate(`/allow ${stranger(6701).id}`, { from: ADMIN }));
    await harness.bot.handleUpdate(messageUpdate("/invite", { from: ADMIN }));
    const code = /\?start=([A-Za-z0-9_-]{22})/.exec(String(harness.sent().at(-1)?.payload.text))?.[1] ?? "";
    await harness.bot.handleUpdate(messageUpdate(`/start ${code}`, { from: stranger(6702) }));
    const grants = await harness.assembled.access.grants.list();
    expect(grants.map((grant) => [grant.how.type, grant.how.at])).toEqual(
      expect.arrayContaining([
        ["added", clock],
        ["allowed", clock],
        ["invite", clock],
      ]),
    );
  });

  it("/allow by an admin inside a group allows it; removing the bot ends that access", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(groupMessage("/allow", { from: ADMIN }));
    expect(harness.sent().at(-1)?.payload.text).toBe(`✅ Group ${GROUP.id} is now allowed.`);
    await harness.bot.handleUpdate(added(ADMIN, "left"));
    await harness.bot.handleUpdate(groupMessage("/collection TX-1", { from: USER }));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/^This group is not allowed/);
  });

  /** A group allowed from the chat, with a member's 80-ID file being checked slowly. */
  async function groupCheckingAFile() {
    const slow = scriptedEnquiry(async (kind, id) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return outcomes.success(kind, id);
    });
    const harness = createTestBot({ enquiry: slow, backgroundPerSecond: 20, access: { adminUserIds: new Set([ADMIN.id]) } });
    await harness.bot.handleUpdate(groupMessage("/allow", { from: ADMIN }));
    const upload = groupMessage("x", { from: stranger(6901) });
    harness.uploaded.set("f-group", new TextEncoder().encode(Array.from({ length: 80 }, (_, i) => `TX-${i}`).join("\n")));
    await harness.bot.handleUpdate({
      update_id: upload.update_id,
      message: { ...upload.message, text: undefined, caption: "/collection", caption_entities: [{ type: "bot_command", offset: 0, length: 11 }], document: { file_id: "f-group", file_unique_id: "u", file_name: "ids.csv", file_size: 1_000 } },
    } as Update);
    expect(harness.assembled.bulkJobs.running).toBe(1);
    await vi.waitFor(() => expect(slow.calls.length).toBeGreaterThan(3), { timeout: 3_000 });
    /** What reaches the group from now on. */
    const from = harness.calls.length;
    const toGroupSince = () => harness.calls.slice(from).filter((call) => call.payload.chat_id === GROUP.id);
    return { harness, slow, toGroupSince };
  }

  it("revoking a group stops its running bulk check at once: no more enquiries, and nothing more is sent there", async () => {
    const { harness, slow, toGroupSince } = await groupCheckingAFile();
    await harness.bot.handleUpdate(messageUpdate(`/revoke ${GROUP.id}`, { from: ADMIN }));
    await vi.waitFor(() => expect(harness.assembled.bulkJobs.running).toBe(0), { timeout: 1_000 });
    const made = slow.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slow.calls.length).toBe(made);
    expect(made).toBeLessThan(40);
    // The group hears that its access was removed, and nothing else: no progress, no summary, no report.
    expect(toGroupSince().map((call) => call.method)).toEqual(["sendMessage"]);
    expect(toGroupSince()[0]?.payload.text).toBe("Your access to this bot was removed by an admin.");
    expect(harness.logs.entries().some((entry) => entry.msg === "bulk check stopped: access ended")).toBe(true);
  });

  it("the bot removed from a group stops the group's running bulk check, and sends nothing more there", async () => {
    const { harness, toGroupSince } = await groupCheckingAFile();
    await harness.bot.handleUpdate(added(USER, "left"));
    await vi.waitFor(() => expect(harness.assembled.bulkJobs.running).toBe(0), { timeout: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toGroupSince()).toEqual([]);
  });

  it("a group's access ended through another instance: its bulk check stops within two seconds, and sends nothing more", async () => {
    const { harness, toGroupSince } = await groupCheckingAFile();
    // As another instance would: the record goes; this one sees it through its copy of the grants.
    await harness.assembled.access.grants.revoke("chat", GROUP.id);
    await vi.waitFor(() => expect(harness.assembled.bulkJobs.running).toBe(0), { timeout: 2_500 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toGroupSince()).toEqual([]);
  });

  it("a grant made from the chat is dated by the bot's clock: /allow, an invite's link, a group an admin added", async () => {
    const clock = Date.parse("2026-03-05T09:00:00Z");
    const harness = setup({ now: () => clock });
    await harness.bot.handleUpdate(messageUpdate("/allow 6601", { from: ADMIN }));
    await harness.bot.handleUpdate(messageUpdate("/invite", { from: ADMIN }));
    const code = /start=([A-Za-z0-9_-]{22})/.exec(String(harness.sent().at(-1)?.payload.text))?.[1] ?? "";
    await harness.bot.handleUpdate(messageUpdate(`/start ${code}`, { from: stranger(6501) }));
    await harness.bot.handleUpdate(added(ADMIN));
    await harness.bot.handleUpdate(messageUpdate("/users", { from: ADMIN }));
    const granted = String(harness.sent().at(-1)?.payload.text).split("\n").filter((line) => line.includes("Kofi (@kofi_ops) on "));
    expect(granted).toHaveLength(3);
    for (const line of granted) expect(line).toMatch(/ on 5 Mar\w* 2026$/);
  });

  it("a granted group upgraded to a supergroup keeps its access under the new ID", async () => {
    const harness = setup();
    await harness.bot.handleUpdate(groupMessage("/allow", { from: ADMIN }));
    const upgraded = { id: -1009876500000, type: "supergroup" as const, title: GROUP.title };
    await harness.bot.handleUpdate({ update_id: 99_001, message: { message_id: 1, date: 1, chat: upgraded, from: USER, migrate_from_chat_id: GROUP.id } });
    await harness.bot.handleUpdate(groupMessage("/collection TX-1", { from: USER, chat: upgraded }));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/^✅ Collection TX-1/);
  });
});
