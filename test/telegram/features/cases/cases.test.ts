import type { InlineKeyboardMarkup, Message, Update } from "grammy/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SupportSettings } from "../../../../src/config/areas/cases.ts";
import { createCaseStore } from "../../../../src/payments/cases/case-store.ts";
import type { Case } from "../../../../src/payments/cases/case.ts";
import type { EnquiryKind, EnquiryOutcome } from "../../../../src/payments/enquiry/types.ts";
import type { Failure } from "../../../support/fake-telegram-fetch.ts";
import { createTestBot, type ApiCall } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { expectSendable } from "../../../support/telegram-limits.ts";
import { callbackUpdate, messageUpdate, USER } from "../../../support/updates.ts";

const SUPPORT = { id: -1005555555555, type: "supergroup" as const, title: "Support desk" };
const AGENT = { ...USER, last_name: "Mensah", username: "ama_field" };
const AGENT_2 = { id: 5003, is_bot: false, first_name: "Yaw", language_code: "en" };
const KOFI = { id: 7001, is_bot: false, first_name: "Kofi", username: "kofi_support", language_code: "en" };
const ESI = { id: 7002, is_bot: false, first_name: "Esi", language_code: "en" };
const TOPIC = 77;

type Button = { text: string; callback_data: string };
const buttonsOf = (markup: unknown): Button[] => ((markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? []) as Button[];

/** Answers by kind and ID: FAILED, PENDING, MISSING (not found), SLOW (timeout), BOTH (known to both kinds), anything else SUCCESS. */
function statuses(overrides: Map<string, (kind: EnquiryKind, id: string) => EnquiryOutcome> = new Map()) {
  return scriptedEnquiry((kind, id) => {
    const override = overrides.get(id);
    if (override) return override(kind, id);
    if (id.includes("BOTH")) return outcomes.pending(kind, id);
    if (id.startsWith("AIR") && kind === "collection") return outcomes.notFound(kind, id);
    if (id.startsWith("COL") && kind === "airtime") return outcomes.notFound(kind, id);
    if (id.includes("FAILED")) return outcomes.failed(kind, id, "Insufficient balance", "MP241122.1530.K71626");
    if (id.includes("PENDING")) return outcomes.pending(kind, id);
    if (id.includes("MISSING")) return outcomes.notFound(kind, id);
    if (id.includes("SLOW")) return outcomes.timeout(kind, id);
    return outcomes.success(kind, id);
  });
}

interface Options {
  support?: Partial<SupportSettings>;
  forum?: boolean;
  failWith?: (method: string, payload: Record<string, unknown>) => Failure | undefined;
  overrides?: Map<string, (kind: EnquiryKind, id: string) => EnquiryOutcome>;
  watches?: { firstCheckMs: number; maxIntervalMs: number };
  access?: { adminUserIds?: Set<number> };
  /** The clock of the bot's records (cases open, cards are retried, by it). */
  now?: () => number;
}

const made: ReturnType<typeof createTestBot>[] = [];
afterEach(async () => {
  for (const harness of made.splice(0)) await harness.assembled.stopBackground(0);
});

/**
 * The bot with SUPPORT_CHAT_ID set, Telegram answering as a forum would when asked to be one:
 * each message the bot sends gets an ID of its own, kept with what was sent, so that a test can
 * press the buttons of the message it means and reply to it.
 */
function setup(options: Options = {}) {
  const messages = new Map<number, ApiCall["payload"]>();
  let nextId = 20_000;
  let topics = TOPIC;
  const harness = createTestBot({
    enquiry: statuses(options.overrides),
    access: { allowedUserIds: new Set([AGENT.id, AGENT_2.id]), ...options.access },
    support: { chatId: SUPPORT.id, threadId: undefined, remindMs: 15 * 60_000, ...options.support },
    ...(options.watches ? { watches: options.watches } : {}),
    ...(options.failWith ? { failWith: options.failWith } : {}),
    ...(options.now ? { now: options.now } : {}),
    answerWith: (method, payload) => {
      if (method === "getChat") return { id: payload.chat_id, type: "supergroup", title: SUPPORT.title, ...(options.forum ? { is_forum: true } : {}) };
      if (method === "getChatMember") return { status: "administrator", user: { id: 123456789, is_bot: true, first_name: "bot" }, can_manage_topics: options.forum === true };
      if (method === "createForumTopic") return { message_thread_id: topics++, name: payload.name, icon_color: 0 };
      if (method === "sendMessage" || method === "copyMessage") {
        const id = nextId++;
        messages.set(id, payload);
        return method === "copyMessage" ? { message_id: id } : { message_id: id, date: 0, chat: { id: payload.chat_id, type: Number(payload.chat_id) < 0 ? "supergroup" : "private" }, text: payload.text };
      }
      return undefined;
    },
  });
  made.push(harness);
  const store = createCaseStore(harness.state);
  /** The messages sent to a chat, with the IDs Telegram gave them. */
  const to = (chatId: number, method = "sendMessage") =>
    [...messages.entries()].filter(([, payload]) => payload.chat_id === chatId && (method !== "sendMessage" || typeof payload.text === "string")).map(([id, payload]): ApiCall["payload"] & { id: number } => ({ ...payload, id }));
  const last = (chatId: number) => to(chatId).at(-1);
  const load = async (number = 1): Promise<Case> => {
    const value = await store.load(number);
    if (!value) throw new Error(`no case #${number}`);
    return value;
  };
  /** The card's current text and keyboard (its last edit, or as posted). */
  const card = async (number = 1) => {
    const value = await load(number);
    const posted = value.card ? messages.get(value.card.messageId) : undefined;
    const edit = harness.calls.filter((call) => call.method === "editMessageText" && call.payload.message_id === value.card?.messageId).at(-1)?.payload;
    const shown = edit ?? posted;
    return { value, text: String(shown?.text ?? ""), buttons: buttonsOf(shown?.reply_markup), markup: shown?.reply_markup, messageId: value.card?.messageId ?? 0 };
  };
  /** A press on a card's button, by a member of the support chat (or, with `chat`, on a copy of the card elsewhere). */
  const pressCard = async (label: RegExp, by = KOFI, number = 1, chat: { id: number; type: string } = SUPPORT) => {
    const shown = await card(number);
    const button = shown.buttons.find((candidate) => label.test(candidate.text));
    if (!button) throw new Error(`no ${String(label)} on the card: ${shown.buttons.map((b) => b.text).join(", ")}`);
    await harness.bot.handleUpdate(callbackUpdate(button.callback_data, { message_id: shown.messageId, chat, text: shown.text, reply_markup: shown.markup }, by));
  };
  /** An agent's command in their private chat; the bot's answer, with its buttons. */
  const ask = async (text: string, from: typeof USER = AGENT) => {
    await harness.bot.handleUpdate(messageUpdate(text, { from }));
    const reply = last(from.id);
    return { id: reply?.id ?? 0, text: String(reply?.text ?? ""), buttons: buttonsOf(reply?.reply_markup), markup: reply?.reply_markup };
  };
  const press = async (answer: { id: number; text: string; markup?: unknown }, label: RegExp, from: typeof USER = AGENT) => {
    const button = buttonsOf(answer.markup).find((candidate) => label.test(candidate.text));
    if (!button) throw new Error(`no ${String(label)}: ${buttonsOf(answer.markup).map((b) => b.text).join(", ")}`);
    await harness.bot.handleUpdate(callbackUpdate(button.callback_data, { message_id: answer.id, chat: { id: from.id, type: "private" }, text: answer.text, reply_markup: answer.markup }, from));
  };
  /** A message written to the bot: in a chat, as a reply to one of its messages, in a topic. */
  const write = async (text: string, where: { chat: { id: number; type: "private" | "supergroup"; title?: string }; from: typeof USER; replyTo?: number; threadId?: number; extra?: Partial<Message> }) => {
    const update = messageUpdate(text, { chat: where.chat, from: where.from }) as Update & { message: Message };
    const message = update.message as Message & Record<string, unknown>;
    if (where.replyTo !== undefined) message.reply_to_message = { message_id: where.replyTo, date: 0, chat: where.chat, from: { id: 123456789, is_bot: true, first_name: "bot" } } as Message["reply_to_message"];
    if (where.threadId !== undefined) Object.assign(message, { is_topic_message: true, message_thread_id: where.threadId, reply_to_message: message.reply_to_message ?? { message_id: where.threadId, date: 0, chat: where.chat, forum_topic_created: { name: "x", icon_color: 0 } } });
    Object.assign(message, where.extra);
    await harness.bot.handleUpdate(update);
  };
  const toasts = () => harness.toasts().map((call) => call.payload.text);
  return { harness, store, to, last, load, card, pressCard, ask, press, write, toasts, messages };
}

const PRIVATE = (user: { id: number; first_name: string }) => ({ id: user.id, type: "private" as const, first_name: user.first_name });

describe("🆘 Ask support under an answer", () => {
  it("is offered to an agent in private under every answer about one payment that is not SUCCESS, and nowhere else", async () => {
    const t = setup();
    for (const id of ["COL-FAILED-1", "COL-PENDING-2", "COL-MISSING-3", "COL-SLOW-4"]) expect((await t.ask(`/collection ${id}`)).buttons.map((b) => b.text), id).toContain("🆘 Ask support");
    // A FAILED answer is settled: its receipt, and support.
    expect((await t.ask("/collection COL-FAILED-1")).buttons.map((b) => b.text)).toEqual(["🧾 Receipt", "🆘 Ask support"]);
    expect((await t.ask("/collection COL-OK-5")).buttons.map((b) => b.text)).toEqual(["🧾 Receipt"]);
    expect((await t.ask("/collection COL-FAILED-6 COL-FAILED-7")).buttons).toEqual([]);
    // Without SUPPORT_CHAT_ID: no cases at all, and /escalate says so.
    const off = createTestBot({ enquiry: statuses() });
    made.push(off);
    await off.bot.handleUpdate(messageUpdate("/collection COL-PENDING-8"));
    expect(buttonsOf(off.sent().at(-1)?.payload.reply_markup).map((b) => b.text)).toEqual(["🔄 Refresh", "🔔 Notify me"]);
    await off.bot.handleUpdate(messageUpdate("/escalate COL-PENDING-8"));
    expect(off.sent().at(-1)?.payload.text).toBe("Cases are off here: an admin turns them on by setting SUPPORT_CHAT_ID.");
  });

  it("opens case #1: the agent is told, and the card goes to the support chat with everything support needs and ✋ Take, ✅ Resolved, 🔄 Refresh", async () => {
    const t = setup();
    const answer = await t.ask("/collection COL-FAILED-1");
    await t.press(answer, /Ask support/);
    expect(t.toasts().at(-1)).toBeUndefined();
    const told = t.last(AGENT.id);
    expect(told?.text).toMatch(/^🆘 Case #1 opened: the support team has it\. Reply to this message/);
    expect((told?.reply_parameters as { message_id: number }).message_id).toBe(answer.id);
    const { text, buttons, value } = await t.card();
    expect(buttons.map((b) => b.text)).toEqual(["✋ Take", "✅ Resolved", "🔄 Refresh"]);
    expect(text).toMatch(/^🆘 Case #1 · waiting for someone to take it\n❌ Collection COL-FAILED-1\nPayment: FAILED\nReason: Insufficient balance\nMNO ref: MP241122\.1530\.K71626/);
    expect(text).toContain("Agent: Ama Mensah @ama_field (5001)");
    expect(text).toMatch(/Opened \d\d:\d\d:\d\d UTC/);
    expect(value.card).toMatchObject({ chatId: SUPPORT.id, ownTopic: false });
    expect(t.harness.logs.entries().filter((entry) => entry.event === "case").map((entry) => entry.action)).toEqual(["opened"]);
    expectSendable(t.harness.calls);
  });

  it("/escalate takes what the customer says; an ID both kinds know asks which first; a SUCCESS, a bad ID or a long note are refused", async () => {
    const t = setup();
    await t.ask("/escalate AIR-PENDING-2 the customer was charged twice");
    expect(t.last(AGENT.id)?.text).toMatch(/^🆘 Case #1 opened/);
    expect((await t.card()).text).toMatch(/⏳ Airtime AIR-PENDING-2[\s\S]*Customer says: the customer was charged twice/);

    const question = await t.ask("/escalate ANY-BOTH-3 wrong number");
    expect(question.text).toBe("Which payment is ANY-BOTH-3: a collection or an airtime purchase?");
    await t.press(question, /^Airtime$/);
    expect(t.last(AGENT.id)?.text).toMatch(/^🆘 Case #2 opened/);
    expect((await t.card(2)).text).toMatch(/Airtime ANY-BOTH-3[\s\S]*Customer says: wrong number/);
    await t.press(question, /^Airtime$/);
    expect(t.toasts().at(-1)).toBe("This button has expired. Please send the command again.");

    expect((await t.ask("/escalate COL-OK-4")).text).toBe("This payment succeeded: there is nothing for support to do.");
    expect((await t.ask("/escalate")).text).toMatch(/^Send \/escalate with a transaction ID/);
    expect((await t.ask(`/escalate COL-FAILED-5 ${"x".repeat(1_001)}`)).text).toBe("That note is too long (1,001 characters): at most 1,000, please.");
    expect(await t.store.openCases()).toHaveProperty("size", 2);
  });

  it("adds a second agent asking about the same payment as 'also asked by': told the case exists and who has it, never the first agent's conversation", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const first = t.last(AGENT.id);
    await t.pressCard(/Take/);
    await t.ask("/escalate COL-FAILED-1 same customer", AGENT_2);
    const joined = t.last(AGENT_2.id);
    expect(joined?.text).toMatch(/^🆘 This payment already has an open case, #1, opened by another agent: Kofi from support has it\. You are on the case too:/);
    expect(joined?.text).not.toMatch(/Ama|5001/);
    expect(await t.store.openCases()).toHaveProperty("size", 1);
    expect((await t.card()).text).toMatch(/Agent: Ama Mensah @ama_field \(5001\)[\s\S]*Also asked by: Yaw \(5003\)\nCustomer says: same customer/);
    expect(t.to(SUPPORT.id).filter((message) => String(message.text).startsWith("🆘 Case"))).toHaveLength(1);
    // The first agent is told, without the other's name; support gets a message to answer the second one by.
    expect(t.last(AGENT.id)?.text).toMatch(/^👥 Case #1: another agent asked about this payment too\./);
    const aboutYaw = t.last(SUPPORT.id);
    expect(aboutYaw?.text).toMatch(/^👥 Case #1: Yaw also asked about this payment\. Reply to this message to answer them/);

    // Support's answer on the card is the first agent's, and only theirs.
    await t.write("Which number did the customer use?", { chat: SUPPORT, from: KOFI, replyTo: (await t.card()).messageId });
    expect(t.last(AGENT.id)?.text).toBe("💬 Kofi (support), case #1:\nWhich number did the customer use?");
    expect(t.to(AGENT_2.id).filter((message) => String(message.text).startsWith("💬"))).toEqual([]);
    await t.write("0244 123 456", { chat: PRIVATE(AGENT), from: AGENT, replyTo: t.last(AGENT.id)?.id ?? 0 });
    const fromAma = t.last(SUPPORT.id);
    expect(fromAma?.text).toBe("💬 Ama Mensah (agent), case #1:\n0244 123 456");

    // The second agent writes to support; support answers them by replying to their message.
    await t.write("is it the same customer?", { chat: PRIVATE(AGENT_2), from: AGENT_2, replyTo: joined?.id ?? 0 });
    const fromYaw = t.last(SUPPORT.id);
    expect(fromYaw?.text).toBe("💬 Yaw (agent), case #1:\nis it the same customer?");
    await t.write("Yes, we have it", { chat: SUPPORT, from: KOFI, replyTo: fromYaw?.id ?? 0 });
    expect(t.last(AGENT_2.id)?.text).toBe("💬 Kofi (support), case #1:\nYes, we have it");
    await t.write("Hold on", { chat: SUPPORT, from: KOFI, replyTo: aboutYaw?.id ?? 0 });
    expect(t.last(AGENT_2.id)?.text).toBe("💬 Kofi (support), case #1:\nHold on");
    await t.write("Thanks", { chat: SUPPORT, from: KOFI, replyTo: fromAma?.id ?? 0 });
    expect(t.last(AGENT.id)?.text).toBe("💬 Kofi (support), case #1:\nThanks");
    const relayed = (chatId: number) => t.to(chatId).filter((message) => String(message.text).startsWith("💬")).map((message) => message.text);
    expect(relayed(AGENT.id)).toEqual(["💬 Kofi (support), case #1:\nWhich number did the customer use?", "💬 Kofi (support), case #1:\nThanks"]);
    expect(relayed(AGENT_2.id)).toEqual(["💬 Kofi (support), case #1:\nYes, we have it", "💬 Kofi (support), case #1:\nHold on"]);
    // A reply to the first agent's messages by the second is not theirs to make.
    const before = t.to(SUPPORT.id).length;
    await t.write("let me in", { chat: PRIVATE(AGENT_2), from: AGENT_2, replyTo: first?.id ?? 0 });
    expect(t.to(SUPPORT.id)).toHaveLength(before);

    // The status notices reach both.
    await t.pressCard(/Resolved/);
    for (const agent of [AGENT, AGENT_2]) expect(t.to(agent.id).filter((message) => String(message.text).startsWith("✅ Kofi from support resolved case #1.")), agent.first_name).toHaveLength(1);
    expect((await t.ask("/escalate COL-FAILED-1")).text).toMatch(/^🆘 Case #2 opened/);
  });

  it("tells a second agent that nobody from support has taken the case yet, when nobody has; the same agent again is told they are in it", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    expect((await t.ask("/escalate COL-FAILED-1", AGENT_2)).text).toMatch(/^🆘 This payment already has an open case, #1, opened by another agent: nobody from support has taken it yet\./);
    expect((await t.ask("/escalate COL-FAILED-1", AGENT_2)).text).toBe("You are already in case #1. Reply to its messages to add to it.");
  });

  it("in a case's own topic, a message replying to no one goes to the first agent, a reply to the second agent's message to them", async () => {
    const t = setup({ forum: true });
    await t.ask("/escalate COL-FAILED-1");
    await t.ask("/escalate COL-FAILED-1", AGENT_2);
    await t.write("hello?", { chat: PRIVATE(AGENT_2), from: AGENT_2, replyTo: t.last(AGENT_2.id)?.id ?? 0 });
    const fromYaw = t.last(SUPPORT.id);
    expect(fromYaw).toMatchObject({ message_thread_id: TOPIC, text: "💬 Yaw (agent), case #1:\nhello?" });
    await t.write("Looking into it", { chat: SUPPORT, from: KOFI, threadId: TOPIC });
    expect(t.last(AGENT.id)?.text).toBe("💬 Kofi (support), case #1:\nLooking into it");
    await t.write("Hi Yaw", { chat: SUPPORT, from: KOFI, threadId: TOPIC, replyTo: fromYaw?.id ?? 0 });
    expect(t.last(AGENT_2.id)?.text).toBe("💬 Kofi (support), case #1:\nHi Yaw");
    expect(t.to(AGENT_2.id).filter((message) => String(message.text).startsWith("💬"))).toHaveLength(1);
    expect(t.to(AGENT.id).filter((message) => String(message.text).startsWith("💬"))).toHaveLength(1);
  });

  it("refuses a 21st open case to one agent", async () => {
    const t = setup();
    for (let i = 1; i <= 20; i++) await t.ask(`/escalate COL-FAILED-L${i}`);
    expect(t.last(AGENT.id)?.text).toMatch(/^🆘 Case #20 opened/);
    expect((await t.ask("/escalate COL-FAILED-L21")).text).toBe("You have 20 open cases, the most one agent may have. Wait for support to resolve some first.");
    expect(await t.store.openCases()).toHaveProperty("size", 20);
  });
});

describe("the card: ✋ Take, ✅ Resolved, 🔄 Refresh", () => {
  it("takes the case for the first of two support members pressing at once; the agent is told once", async () => {
    const t = setup();
    await t.ask("/escalate COL-PENDING-1");
    const { buttons, messageId, text, markup } = await t.card();
    const take = buttons.find((button) => button.text === "✋ Take")?.callback_data ?? "";
    await Promise.all([KOFI, ESI].map((by) => t.harness.bot.handleUpdate(callbackUpdate(take, { message_id: messageId, chat: SUPPORT, text, reply_markup: markup }, by))));
    const value = await t.load();
    const winner = value.takenBy?.userId === KOFI.id ? "Kofi" : "Esi";
    expect(t.toasts().sort()).toEqual([`${winner} already took case #1.`, "You took case #1."].sort());
    expect(t.to(AGENT.id).filter((message) => String(message.text).includes("from support is on case #1")).map((message) => message.text)).toEqual([`✋ ${winner} from support is on case #1. Their messages will come here: reply to one to answer.`]);
    const shown = await t.card();
    expect(shown.text).toMatch(new RegExp(`^🆘 Case #1 · ✋ taken[\\s\\S]*✋ Taken by ${winner}`));
    expect(shown.buttons.map((b) => b.text)).toEqual(["✅ Resolved", "🔄 Refresh"]);
    expect(t.harness.logs.entries().filter((entry) => entry.event === "case" && entry.action === "taken")).toHaveLength(1);
  });

  it("refuses a forwarded card and a forged payload: a toast, nothing changes", async () => {
    const t = setup();
    await t.ask("/escalate COL-PENDING-1");
    await t.ask("/escalate COL-PENDING-2");
    // The card forwarded into another chat, pressed there.
    await t.pressCard(/Take/, KOFI, 1, { id: -1001234567890, type: "supergroup" });
    // Card #2's Take carried on card #1's message (forged, but the keyboard says so).
    const first = await t.card(1);
    const second = await t.card(2);
    const forged = second.buttons.find((button) => button.text === "✋ Take")?.callback_data ?? "";
    await t.harness.bot.handleUpdate(callbackUpdate(forged, { message_id: first.messageId, chat: SUPPORT, text: first.text, reply_markup: { inline_keyboard: [[{ text: "✋ Take", callback_data: forged }]] } }, KOFI));
    // An agent pressing Take on a card that reached their chat.
    await t.pressCard(/Resolved/, AGENT, 1, PRIVATE(AGENT));
    expect(t.toasts()).toEqual([
      // A chat the bot does not serve is refused at the door.
      "Sorry, you are not allowed to use this bot here.",
      "Only the support team can do this, on the case's card in the support chat.",
      "Only the support team can do this, on the case's card in the support chat.",
    ]);
    expect([(await t.load(1)).takenBy, (await t.load(1)).resolvedBy, (await t.load(2)).takenBy]).toEqual([undefined, undefined, undefined]);
    // A button that is not on its message at all is refused before anything reads it.
    await t.harness.bot.handleUpdate(callbackUpdate("C:t:1", { message_id: first.messageId, chat: SUPPORT, text: first.text, reply_markup: { inline_keyboard: [] } }, KOFI));
    expect(t.toasts().at(-1)).toBe("This button is not on this message any more. Please try again.");
  });

  it("resolves once: the card says who and when and loses its buttons, the agent is told once, later replies are not passed on", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const opened = t.last(AGENT.id);
    await t.pressCard(/Resolved/);
    const { text, buttons } = await t.card();
    expect(text).toMatch(/^🆘 Case #1 · ✅ resolved[\s\S]*✅ Resolved by Kofi @kofi_support at \d\d:\d\d:\d\d UTC$/);
    expect(buttons).toEqual([]);
    expect(t.to(AGENT.id).filter((message) => String(message.text).startsWith("✅")).map((message) => message.text)).toEqual(["✅ Kofi from support resolved case #1. Nothing more will come about it; if the problem is still there, /escalate the payment again for a new case."]);
    await t.write("still waiting", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0 });
    expect(t.last(AGENT.id)?.text).toMatch(/^Case #1 is resolved: this was not passed on/);
    expect(await t.store.openCases()).toHaveProperty("size", 0);
    // The payment may have a new case now.
    expect((await t.ask("/escalate COL-FAILED-1")).text).toMatch(/^🆘 Case #2 opened/);
  });

  it("🔄 Refresh re-checks the payment: the card shows it, and a payment that settled is told once to the agent and to support", async () => {
    let settled = false;
    const t = setup({ overrides: new Map([["COL-SETTLE-1", (kind, id) => (kind === "airtime" ? outcomes.notFound(kind, id) : settled ? outcomes.success(kind, id) : outcomes.pending(kind, id))]]) });
    await t.ask("/escalate COL-SETTLE-1");
    await t.pressCard(/Refresh/);
    expect(t.toasts().at(-1)).toBe("No change yet");
    settled = true;
    await t.pressCard(/Refresh/);
    expect(t.toasts().at(-1)).toBe("Updated");
    expect((await t.card()).text).toMatch(/✅ Collection COL-SETTLE-1\nPayment: SUCCESS[\s\S]*🔔 The payment settled at/);
    await t.pressCard(/Refresh/);
    const told = (chatId: number) => t.to(chatId).filter((message) => String(message.text).startsWith("🔔 Case #1: the payment settled"));
    expect(told(AGENT.id)).toHaveLength(1);
    expect(told(SUPPORT.id)).toHaveLength(1);
    expect(told(AGENT.id)[0]?.text).toMatch(/^🔔 Case #1: the payment settled, as shown below\. The case stays open until support resolves it; reply to this message if there is anything to add\.\n\n✅ Collection COL-SETTLE-1\nPayment: SUCCESS/);
    expect(told(SUPPORT.id)[0]?.text).toMatch(/^🔔 Case #1: the payment settled, as shown below\. Resolve the case on its card once the agent has what they need\.\n\n✅ Collection/);
  });
});

describe("the conversation", () => {
  it("relays support's replies to the card to the agent, and the agent's replies back as replies to the card; chatter and commands stay", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const { messageId } = await t.card();
    await t.write("Which number did the customer use?", { chat: SUPPORT, from: KOFI, replyTo: messageId });
    const relayed = t.last(AGENT.id);
    expect(relayed?.text).toBe("💬 Kofi (support), case #1:\nWhich number did the customer use?");
    await t.write("0244 123 456", { chat: PRIVATE(AGENT), from: AGENT, replyTo: relayed?.id ?? 0 });
    const back = t.last(SUPPORT.id);
    expect(back?.text).toBe("💬 Ama Mensah (agent), case #1:\n0244 123 456");
    expect((back?.reply_parameters as { message_id: number }).message_id).toBe(messageId);
    // Support may answer the relayed message too.
    await t.write("Thanks", { chat: SUPPORT, from: ESI, replyTo: back?.id ?? 0 });
    expect(t.last(AGENT.id)?.text).toBe("💬 Esi (support), case #1:\nThanks");
    const agentMessages = t.to(AGENT.id).length;
    await t.write("lunch anyone?", { chat: SUPPORT, from: KOFI });
    await t.write("/cases", { chat: SUPPORT, from: KOFI, replyTo: messageId });
    await t.write("/collection COL-OK-9", { chat: SUPPORT, from: KOFI, replyTo: messageId });
    expect(t.to(AGENT.id)).toHaveLength(agentMessages);
    // The support chat is allowed: its members check payments there.
    expect(t.last(SUPPORT.id)?.text).toMatch(/^✅ Collection COL-OK-9/);
    expect(t.harness.logs.entries().filter((entry) => entry.event === "case" && entry.action === "relayed")).toHaveLength(3);
  });

  it("copies photos and documents with the heading as their caption: no forward, no sender but the name", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const opened = t.last(AGENT.id);
    await t.write("", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0, extra: { text: undefined, photo: [{ file_id: "p", file_unique_id: "p", width: 1, height: 1 }], caption: "the receipt" } });
    const copy = t.harness.calls.find((call) => call.method === "copyMessage");
    expect(copy?.payload).toMatchObject({ chat_id: SUPPORT.id, from_chat_id: AGENT.id, caption: "💬 Ama Mensah (agent), case #1:\nthe receipt" });
    expect(t.harness.calls.some((call) => call.method === "forwardMessage")).toBe(false);
    // A sticker is not passed on: the agent is told what is.
    await t.write("", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0, extra: { text: undefined, sticker: { file_id: "s" } } as unknown as Partial<Message> });
    expect(t.last(AGENT.id)?.text).toBe("Only text, photos and documents are passed on to support.");
  });

  it("shows the address of a link behind a label and says where a forward came from, both ways", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const opened = t.last(AGENT.id);
    const link = { entities: [{ type: "bold" as const, offset: 0, length: 3 }, { type: "text_link" as const, offset: 11, length: 4, url: "https://evil.example/login" }] };
    await t.write("Pay at the bank", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0, extra: link });
    const toSupport = t.last(SUPPORT.id);
    expect(toSupport?.text).toBe("💬 Ama Mensah (agent), case #1:\nPay at the bank (https://evil.example/login)");
    expect((toSupport?.entities as { type: string }[]).map((entity) => entity.type)).toEqual(["bold", "bold"]);
    await t.write("Pay at the bank", { chat: SUPPORT, from: KOFI, replyTo: (await t.card()).messageId, extra: link });
    const toAgent = t.last(AGENT.id);
    expect(toAgent?.text).toBe("💬 Kofi (support), case #1:\nPay at the bank (https://evil.example/login)");
    expect((toAgent?.entities as { type: string }[]).some((entity) => entity.type === "text_link")).toBe(false);
    const forwarded = { forward_origin: { type: "channel" as const, date: 1, chat: { id: -1002, type: "channel" as const, title: "MTN MoMo" }, message_id: 5 } };
    await t.write("Service notice: delays today", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0, extra: forwarded });
    expect(t.last(SUPPORT.id)?.text).toBe("💬 Ama Mensah (agent), case #1:\n↪️ Forwarded from MTN MoMo\nService notice: delays today");
    await t.write("", { chat: SUPPORT, from: KOFI, replyTo: (await t.card()).messageId, extra: { ...forwarded, text: undefined, photo: [{ file_id: "p", file_unique_id: "p", width: 1, height: 1 }], caption: "see", caption_entities: [{ type: "text_link", offset: 0, length: 3, url: "https://x.example" }] } });
    expect(t.harness.calls.filter((call) => call.method === "copyMessage").at(-1)?.payload).toMatchObject({ chat_id: AGENT.id, caption: "💬 Kofi (support), case #1:\n↪️ Forwarded from MTN MoMo\nsee (https://x.example)" });
    expectSendable(t.harness.calls);
  });

  it("cuts relayed text to Telegram's 4,096 characters rather than fail", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    await t.write("é".repeat(4_096), { chat: SUPPORT, from: KOFI, replyTo: (await t.card()).messageId });
    const relayed = String(t.last(AGENT.id)?.text);
    expect(relayed.length).toBe(4_096);
    expect(relayed.endsWith("…")).toBe(true);
    expectSendable(t.harness.calls);
  });

  it("passes nothing on for someone outside the case", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const relayed = await (async () => {
      await t.write("hello", { chat: SUPPORT, from: KOFI, replyTo: (await t.card()).messageId });
      return t.last(AGENT.id);
    })();
    const before = t.to(SUPPORT.id).length;
    // Another agent "replies" to a message of the same ID in their own chat (or a forged update does).
    await t.write("let me in", { chat: PRIVATE(AGENT_2), from: AGENT_2, replyTo: relayed?.id ?? 0 });
    await t.write("let me in", { chat: PRIVATE(AGENT), from: AGENT_2, replyTo: relayed?.id ?? 0 });
    expect(t.to(SUPPORT.id)).toHaveLength(before);
  });

  it("notes an agent who blocked the bot, on the card and where support wrote; nothing crashes, and it clears once they are reached", async () => {
    let blocked = true;
    const t = setup({ failWith: (method, payload) => (blocked && method === "sendMessage" && payload.chat_id === AGENT.id && String(payload.text).startsWith("💬") ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined) });
    await t.ask("/escalate COL-FAILED-1");
    const { messageId } = await t.card();
    await t.write("Are you there?", { chat: SUPPORT, from: KOFI, replyTo: messageId });
    const note = t.last(SUPPORT.id);
    expect(note?.text).toBe("⚠️ Case #1: this did not reach Ama Mensah: the bot cannot write to them (they may have blocked it).");
    expect((await t.card()).text).toMatch(/Agent: Ama Mensah @ama_field \(5001\)\n⚠️ The bot cannot write to this agent since/);
    expect(t.harness.logs.entries().some((entry) => entry.event === "case" && entry.action === "unreachable")).toBe(true);
    blocked = false;
    await t.write("And now?", { chat: SUPPORT, from: KOFI, replyTo: messageId });
    expect(t.last(AGENT.id)?.text).toBe("💬 Kofi (support), case #1:\nAnd now?");
    expect((await t.card()).text).not.toMatch(/cannot write to this agent/);
  });

  it("stops relaying to an agent whose access was taken away, and closes nothing", async () => {
    const t = setup({ access: { adminUserIds: new Set([KOFI.id]) } });
    const granted = { id: 5009, is_bot: false, first_name: "Akosua", language_code: "en" };
    await t.harness.bot.handleUpdate(messageUpdate(`/allow ${granted.id}`, { from: KOFI }));
    await t.ask("/escalate COL-FAILED-1", granted);
    expect(t.last(granted.id)?.text).toMatch(/^🆘 Case #1 opened/);
    await t.harness.bot.handleUpdate(messageUpdate(`/revoke ${granted.id}`, { from: KOFI }));
    const before = t.to(granted.id).length;
    await t.write("Any news?", { chat: SUPPORT, from: KOFI, replyTo: (await t.card()).messageId });
    expect(t.to(granted.id)).toHaveLength(before);
    expect(await t.store.openCases()).toHaveProperty("size", 1);
  });
});

describe("an agent with an open case writing without Reply", () => {
  it("with one open case: offered a button that sends the message to support for it, once, as if replied", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    const offer = await t.ask("the customer says he paid twice");
    expect(offer.text).toBe(
      "💬 Is this for support, about case #1 (Collection COL-FAILED-1)? The button sends it to them. Next time, reply to one of the case's messages (swipe it left) and it goes straight to support.",
    );
    expect(offer.buttons.map((button) => button.text)).toEqual(["📨 Send to support"]);
    const before = t.to(SUPPORT.id).length;
    await t.press(offer, /Send to support/);
    expect(t.toasts().at(-1)).toBe("Sent to support.");
    expect(t.to(SUPPORT.id)).toHaveLength(before + 1);
    expect(t.last(SUPPORT.id)).toMatchObject({ text: "💬 Ama Mensah (agent), case #1:\nthe customer says he paid twice", reply_parameters: { message_id: (await t.card()).messageId } });
    expect(t.harness.edits().at(-1)?.payload).toMatchObject({ message_id: offer.id, text: "📨 Sent to support, case #1." });
    // Pressed again: sent once.
    await t.press(offer, /Send to support/);
    expect(t.toasts().at(-1)).toBe("This button has expired. Please send the command again.");
    expect(t.to(SUPPORT.id)).toHaveLength(before + 1);
    // A photo too, copied.
    await t.write("", { chat: PRIVATE(AGENT), from: AGENT, extra: { text: undefined, photo: [{ file_id: "p", file_unique_id: "p", width: 1, height: 1 }], caption: "receipt" } });
    const photoOffer = t.last(AGENT.id);
    await t.press({ id: photoOffer?.id ?? 0, text: String(photoOffer?.text), markup: photoOffer?.reply_markup }, /Send to support/);
    expect(t.harness.calls.filter((call) => call.method === "copyMessage").at(-1)?.payload).toMatchObject({ chat_id: SUPPORT.id, from_chat_id: AGENT.id, caption: "💬 Ama Mensah (agent), case #1:\nreceipt" });
    // Someone else pressing it (a forged press in their own chat) sends nothing.
    await t.ask("one more thing");
    const third = t.last(AGENT.id);
    const sentBefore = t.to(SUPPORT.id).length;
    await t.press({ id: third?.id ?? 0, text: String(third?.text), markup: third?.reply_markup }, /Send to support/, AGENT_2);
    expect(t.to(SUPPORT.id)).toHaveLength(sentBefore);
  });

  it("with several: says how to reach support and lists the cases; without a case, or with an ID, nothing changes", async () => {
    const t = setup();
    expect((await t.ask("hello there")).text).toMatch(/^I understand transaction IDs sent as text/);
    await t.ask("/escalate COL-FAILED-1");
    await t.ask("/escalate AIR-PENDING-2");
    const answer = await t.ask("the customer says he paid twice");
    expect(answer.text).toBe(
      "💬 You have 2 open cases. To write to support about one, reply to one of its messages (swipe it left, or press and hold it and choose Reply):\n#1 · Collection COL-FAILED-1\n#2 · Airtime AIR-PENDING-2",
    );
    expect(answer.buttons).toEqual([]);
    // An ID is still a question about a payment.
    expect((await t.ask("COL-FAILED-9")).buttons.map((button) => button.text)).toEqual(["Collection", "Airtime", "Both"]);
    // Someone in no case is answered as before.
    expect((await t.ask("hello there", AGENT_2)).text).toMatch(/^I understand transaction IDs sent as text/);
    // Once its cases are resolved, the agent is answered as anyone else.
    await t.pressCard(/Resolved/);
    await t.pressCard(/Resolved/, KOFI, 2);
    expect((await t.ask("still there?")).text).toMatch(/^I understand transaction IDs sent as text/);
  });
});

describe("in a forum supergroup", () => {
  it("gives each case a topic of its own, the card first in it; talk in the topic is the case's, and resolving closes it", async () => {
    const t = setup({ forum: true });
    await t.ask("/escalate COL-FAILED-1");
    const topic = t.harness.calls.find((call) => call.method === "createForumTopic");
    expect(topic?.payload).toMatchObject({ chat_id: SUPPORT.id, name: "#1 · COL-FAILED-1" });
    const { value } = await t.card();
    expect(value.card).toMatchObject({ threadId: TOPIC, ownTopic: true });
    expect(t.messages.get(value.card?.messageId ?? 0)?.message_thread_id).toBe(TOPIC);
    // Every message of the topic "replies" to its first message: that is the topic, not the card.
    await t.write("Looking into it", { chat: SUPPORT, from: KOFI, threadId: TOPIC });
    expect(t.last(AGENT.id)?.text).toBe("💬 Kofi (support), case #1:\nLooking into it");
    await t.write("thanks", { chat: PRIVATE(AGENT), from: AGENT, replyTo: t.last(AGENT.id)?.id ?? 0 });
    expect(t.last(SUPPORT.id)).toMatchObject({ message_thread_id: TOPIC, text: "💬 Ama Mensah (agent), case #1:\nthanks" });
    // Another topic is not this case's.
    const before = t.to(AGENT.id).length;
    await t.write("unrelated", { chat: SUPPORT, from: KOFI, threadId: 5 });
    expect(t.to(AGENT.id)).toHaveLength(before);
    await t.pressCard(/Resolved/);
    expect(t.harness.calls.find((call) => call.method === "closeForumTopic")?.payload).toMatchObject({ chat_id: SUPPORT.id, message_thread_id: TOPIC });
  });

  it("reuses the topic made for a case when its card could not be posted (a 429 for 75 s): one topic, the card first in it", async () => {
    let clock = Date.now();
    let refusing = true;
    const t = setup({
      forum: true,
      now: () => clock,
      failWith: (method, payload) => (refusing && method === "sendMessage" && payload.chat_id === SUPPORT.id ? { error_code: 429, description: "Too Many Requests: retry after 75", parameters: { retry_after: 75 } } : undefined),
    });
    await t.ask("/escalate COL-FAILED-1");
    expect((await t.load()).card).toBeUndefined();
    expect((await t.load()).topic).toEqual({ chatId: SUPPORT.id, threadId: TOPIC });
    // The cases' loop tries again once 30 s have passed: still refused, then accepted.
    t.harness.assembled.startBackground();
    const tries = () => t.harness.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === SUPPORT.id).length;
    clock += 31_000;
    await vi.waitFor(() => expect(tries()).toBe(2), { timeout: 5_000 });
    refusing = false;
    clock += 31_000;
    await vi.waitFor(async () => expect((await t.load()).card).toBeDefined(), { timeout: 5_000 });
    expect(t.harness.calls.filter((call) => call.method === "createForumTopic")).toHaveLength(1);
    expect((await t.card()).value.card).toMatchObject({ threadId: TOPIC, ownTopic: true });
    expect(t.harness.calls.some((call) => call.method === "deleteForumTopic" || call.method === "closeForumTopic")).toBe(false);
  });

  it("deletes a topic it made and could not use (gone before the card reached it): the card goes to General", async () => {
    const t = setup({ forum: true, failWith: (method, payload) => (method === "sendMessage" && payload.message_thread_id === TOPIC ? { error_code: 400, description: "Bad Request: message thread not found" } : undefined) });
    await t.ask("/escalate COL-FAILED-1");
    const { value } = await t.card();
    expect(value.card).toMatchObject({ chatId: SUPPORT.id, ownTopic: false });
    expect(value.card?.threadId).toBeUndefined();
    expect(t.harness.calls.filter((call) => call.method === "deleteForumTopic").map((call) => call.payload)).toEqual([{ chat_id: SUPPORT.id, message_thread_id: TOPIC }]);
    expect(value.topic).toBeUndefined();
  });

  it("puts every card into the one topic SUPPORT_CHAT_ID names, making none", async () => {
    const t = setup({ forum: true, support: { threadId: 9 } });
    await t.ask("/escalate COL-FAILED-1");
    expect(t.harness.calls.some((call) => call.method === "createForumTopic")).toBe(false);
    expect((await t.card()).value.card).toMatchObject({ threadId: 9, ownTopic: false });
    // In that topic, only a reply to the card (or to a relayed message) is the case's.
    await t.write("chatter", { chat: SUPPORT, from: KOFI, threadId: 9 });
    expect(t.to(AGENT.id).filter((message) => String(message.text).startsWith("💬"))).toEqual([]);
    await t.write("for you", { chat: SUPPORT, from: KOFI, threadId: 9, replyTo: (await t.card()).messageId });
    expect(t.last(AGENT.id)?.text).toBe("💬 Kofi (support), case #1:\nfor you");
  });

  it.each(["Bad Request: TOPIC_CLOSED", "Bad Request: message thread not found"])("a case's topic refusing with %s: the message goes to General, once", async (description) => {
    const t = setup({ forum: true, failWith: (method, payload) => (method === "sendMessage" && payload.message_thread_id === TOPIC && String(payload.text).startsWith("💬") ? { error_code: 400, description } : undefined) });
    await t.ask("/escalate COL-FAILED-1");
    const opened = t.last(AGENT.id);
    await t.write("more details", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0 });
    const tries = t.harness.calls.filter((call) => call.method === "sendMessage" && String(call.payload.text).startsWith("💬"));
    expect(tries.map((call) => call.payload.message_thread_id)).toEqual([TOPIC, undefined]);
    expect(t.harness.logs.entries().filter((entry) => entry.msg === "the forum topic was closed or deleted: sent to the chat's General topic instead")).toHaveLength(1);
  });
});

describe("nobody forgets a case", () => {
  it("reminds the support chat once of a case nobody took in CASE_REMIND_MINUTES", async () => {
    const t = setup({ support: { remindMs: 200 } });
    await t.ask("/escalate COL-FAILED-1");
    await t.ask("/escalate COL-FAILED-2");
    await t.pressCard(/Take/, KOFI, 2);
    t.harness.assembled.startBackground();
    const reminders = () => t.to(SUPPORT.id).filter((message) => String(message.text).startsWith("⏰"));
    await vi.waitFor(() => expect(reminders()).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(reminders().map((message) => message.text)).toEqual([expect.stringMatching(/^⏰ Case #1 has waited under a minute and nobody has taken it yet\.$/)]);
    expect((reminders()[0]?.reply_parameters as { message_id: number }).message_id).toBe((await t.card(1)).messageId);
  });

  it("keeps checking an open case's payment: when it settles, the card, the agent and support are told once", async () => {
    let checks = 0;
    const t = setup({ watches: { firstCheckMs: 20, maxIntervalMs: 50 }, overrides: new Map([["COL-SETTLE-1", (kind, id) => (kind === "airtime" ? outcomes.notFound(kind, id) : ++checks > 2 ? outcomes.success(kind, id) : outcomes.pending(kind, id))]]) });
    await t.ask("/escalate COL-SETTLE-1");
    t.harness.assembled.startBackground();
    const told = (chatId: number) => t.to(chatId).filter((message) => String(message.text).startsWith("🔔 Case #1"));
    await vi.waitFor(() => expect(told(SUPPORT.id)).toHaveLength(1), { timeout: 8_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(told(AGENT.id)).toHaveLength(1);
    expect(told(SUPPORT.id)).toHaveLength(1);
    expect((await t.card()).text).toMatch(/^🆘 Case #1 · waiting for someone to take it\n✅ Collection COL-SETTLE-1\nPayment: SUCCESS/);
    expect(t.harness.logs.entries().filter((entry) => entry.event === "case" && entry.action === "settled")).toHaveLength(1);
  }, 15_000);

  it("/cases lists the open cases in the support chat, oldest first, linked to their cards; an agent's lists theirs; elsewhere says where", async () => {
    const t = setup();
    await t.ask("/escalate COL-FAILED-1");
    await t.ask("/escalate AIR-PENDING-2", AGENT_2);
    await t.pressCard(/Take/, KOFI, 2);
    await t.write("/cases", { chat: SUPPORT, from: KOFI });
    const list = t.last(SUPPORT.id);
    expect(list?.text).toBe("Open cases (2), oldest first:\n#1 · Collection COL-FAILED-1 · under a minute · nobody has taken it\n#2 · Airtime AIR-PENDING-2 · under a minute · taken by Kofi");
    const links = (list?.entities as { type: string; url?: string }[]).filter((entity) => entity.type === "text_link").map((entity) => entity.url);
    expect(links).toEqual([`https://t.me/c/5555555555/${(await t.card(1)).messageId}`, `https://t.me/c/5555555555/${(await t.card(2)).messageId}`]);
    expect((await t.ask("/cases")).text).toBe("Your open cases (1):\n#1 · Collection COL-FAILED-1 · under a minute · nobody has taken it");
  });

  it("forgets a resolved case CASE_DAYS after it was resolved, in the background; an open one stays however old", async () => {
    const DAY = 86_400_000;
    let clock = Date.now();
    const t = setup({ now: () => clock, support: { keepMs: 90 * DAY } });
    await t.ask("/escalate COL-FAILED-1");
    const opened = t.last(AGENT.id);
    await t.ask("/escalate COL-FAILED-2");
    await t.pressCard(/Resolved/);
    t.harness.assembled.startBackground();
    clock += 91 * DAY;
    await vi.waitFor(async () => expect(await t.store.load(1)).toBeUndefined(), { timeout: 5_000 });
    expect(await t.store.load(2)).toBeDefined();
    expect(t.harness.logs.entries().find((entry) => entry.msg === "resolved cases forgotten, CASE_DAYS after they were resolved")).toMatchObject({ forgotten: 1, caseDays: 90 });
    // A reply to one of its messages belongs to no case now: the agent's open case is offered instead.
    await t.write("is it settled?", { chat: PRIVATE(AGENT), from: AGENT, replyTo: opened?.id ?? 0 });
    expect(t.last(AGENT.id)?.text).toMatch(/^💬 Is this for support, about case #2 /);
  });

  it("shows admins the open cases in /health", async () => {
    const t = setup({ access: { adminUserIds: new Set([AGENT.id]) } });
    await t.ask("/escalate COL-FAILED-1");
    expect((await t.ask("/health")).text).toMatch(/Open cases: 1, the oldest since \d\d:\d\d:\d\d UTC · today: 1 opened, 0 resolved/);
  });
});
