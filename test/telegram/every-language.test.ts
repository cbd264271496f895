import type { InlineKeyboardMarkup, Update } from "grammy/types";
import { describe, expect, it, vi } from "vitest";
import { createCaseStore } from "../../src/payments/cases/case-store.ts";
import { createTestBot, translations, type ApiCall } from "../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { expectRowsFitPhone, expectSendable } from "../support/telegram-limits.ts";
import { callbackUpdate, messageUpdate, USER } from "../support/updates.ts";

const LONG_REASON = "Insufficient balance on the payer's wallet; the operator declined the debit after 3 attempts. ".repeat(8);
const enquiry = () =>
  scriptedEnquiry((kind, id) =>
    id.includes("FAILED")
      ? outcomes.failed(kind, id, LONG_REASON)
      : id.includes("PENDING")
        ? outcomes.pending(kind, id)
        : id.includes("MISSING")
          ? outcomes.notFound(kind, id)
          : id.includes("SLOW")
            ? outcomes.timeout(kind, id)
            : id.includes("BUSY")
              ? outcomes.busy(kind, id)
              : outcomes.success(kind, id),
  );

const PRIVATE = { id: USER.id, type: "private" as const, first_name: USER.first_name };
/** The support team's chat (SUPPORT_CHAT_ID), in the same language: cards and what is said there follow it. */
const SUPPORT = { id: -1005555555555, type: "supergroup" as const, title: "Support" };
const SUPPORT_MEMBER = { id: 7001, is_bot: false, first_name: "Kofi", language_code: "en" };
/** A second agent, who asks about the payment of case #1 too. */
const AGENT_2 = { id: 5003, is_bot: false, first_name: "Yaw", language_code: "en" };
const AGENT_2_CHAT = { id: AGENT_2.id, type: "private" as const, first_name: AGENT_2.first_name };
let nextId = 900_000;
const fileUpdate = (fileId: string): Update =>
  ({
    update_id: nextId++,
    message: {
      message_id: nextId,
      date: 1,
      chat: PRIVATE,
      from: USER,
      document: { file_id: fileId, file_unique_id: `u-${fileId}`, file_name: "today.csv", file_size: 100, mime_type: "text/csv" },
      caption: "/collection",
      caption_entities: [{ type: "bot_command", offset: 0, length: 11 }],
    },
  });

const TEXTS = [
  "/start",
  "/help",
  "/whoami",
  "/language",
  "/health",
  "/collection TX-OK-1",
  "/airtime TX-FAILED-2",
  "/status TX-MISSING-3",
  "/collection TX-PENDING-4",
  "/collection TX-SLOW-5",
  "/airtime TX-BUSY-6",
  "/collection TX-OK-7 TX-FAILED-8 TX-PENDING-9 TX-MISSING-10",
  "/collection",
  "/collection !!!",
  "TX-OK-11",
  "/nothing",
  "/watch TX-PENDING-4",
  "/watches",
  "/unwatch TX-PENDING-4",
  "/invite",
  "/invites",
  "/users",
  "/allow 4242",
  "/revoke 4242",
  "/escalate TX-PENDING-31 the customer was charged twice",
  "/escalate TX-FAILED-32",
  "/escalate TX-OK-33",
  "/escalate",
  "/cases",
  "/receipt TX-FAILED-2 collection",
  "/receipt TX-PENDING-4",
  "/receipt",
  "/receipt revoke ZZZZ-ZZZZ-ZZZZ",
  "/receipt revoke",
  "/verify ZZZZ-ZZZZ-ZZZZ",
  "/verify",
];

/** Every flow an admin can take, in one language chosen with /language: what the bot sent. */
async function everyFlow(locale: string): Promise<ApiCall[]> {
  const bot = createTestBot({ enquiry: enquiry(), access: { adminUserIds: new Set([USER.id]), allowedUserIds: new Set([USER.id, AGENT_2.id]) }, adminAlerted: true, support: { chatId: SUPPORT.id, threadId: undefined, remindMs: 60_000 } });
  try {
    await bot.state.records.update("languages", `user:${USER.id}`, () => JSON.stringify({ locale, by: USER.id, at: 1 }));
    await bot.state.records.update("languages", `user:${AGENT_2.id}`, () => JSON.stringify({ locale, by: AGENT_2.id, at: 1 }));
    await bot.state.records.update("languages", `chat:${SUPPORT.id}`, () => JSON.stringify({ locale, by: SUPPORT_MEMBER.id, at: 1 }));
    await bot.assembled.prepare();
    for (const text of TEXTS) await bot.bot.handleUpdate(messageUpdate(text));
    // Every button the bot showed, pressed once (the access buttons too), on the message that carries it.
    const shown = bot.calls.filter((call) => call.method === "sendMessage" && call.payload.chat_id === USER.id && call.payload.reply_markup);
    for (const call of shown) {
      const keyboard = call.payload.reply_markup as InlineKeyboardMarkup;
      for (const button of keyboard.inline_keyboard.flat()) {
        if (!("callback_data" in button) || button.callback_data === undefined || button.callback_data.startsWith("L:")) continue;
        await bot.bot.handleUpdate(callbackUpdate(button.callback_data, { message_id: 9_500, chat: PRIVATE, text: call.payload.text ?? "", reply_markup: keyboard }));
      }
    }
    await caseFlows(bot);
    bot.uploaded.set(`file-${locale}`, new TextEncoder().encode("TX-OK-20\nTX-FAILED-21\nTX-PENDING-22\nnot an id!\n"));
    await bot.bot.handleUpdate(fileUpdate(`file-${locale}`));
    await vi.waitFor(() => expect(bot.calls.some((call) => call.method === "sendDocument")).toBe(true), { timeout: 5_000 });
    return [...bot.calls];
  } finally {
    await bot.assembled.stopBackground(0);
    await bot.state.close();
  }
}

/**
 * A case through the support desk: support takes it and refreshes its card, writes to the agent,
 * who answers, then resolves it; /cases on both sides. Case #1 is the one the first 🆘 opened.
 */
async function caseFlows(bot: ReturnType<typeof createTestBot>): Promise<void> {
  const value = await createCaseStore(bot.state).load(1);
  const cardId = value?.card?.messageId ?? 0;
  const card = bot.calls.find((call) => call.method === "sendMessage" && call.payload.chat_id === SUPPORT.id && call.payload.reply_markup);
  const keyboard = card?.payload.reply_markup as InlineKeyboardMarkup;
  const [take, resolve, refresh] = keyboard.inline_keyboard.flat().map((button) => ("callback_data" in button ? (button.callback_data ?? "") : ""));
  const pressCard = (data: string | undefined) => bot.bot.handleUpdate(callbackUpdate(data ?? "", { message_id: cardId, chat: SUPPORT, text: card?.payload.text ?? "", reply_markup: keyboard }, SUPPORT_MEMBER));
  const replyTo = (text: string, chat: { id: number; type: "private" | "supergroup" }, from: typeof USER, messageId: number) => {
    const update = messageUpdate(text, { chat, from });
    Object.assign(update.message ?? {}, { reply_to_message: { message_id: messageId, date: 0, chat, from: { id: 123456789, is_bot: true, first_name: "bot" } } });
    return bot.bot.handleUpdate(update);
  };
  await pressCard(take);
  // A second agent asks about the same payment (both kinds know every ID here: they pick the case's).
  await bot.bot.handleUpdate(messageUpdate(`/escalate ${value?.transactionId ?? ""} same customer`, { chat: AGENT_2_CHAT, from: AGENT_2 }));
  const question = bot.calls.findLast((call) => call.method === "sendMessage" && call.payload.chat_id === AGENT_2.id && call.payload.reply_markup);
  const kinds = (question?.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat();
  const pick = kinds[value?.kind === "collection" ? 0 : 1];
  await bot.bot.handleUpdate(callbackUpdate(pick && "callback_data" in pick ? (pick.callback_data ?? "") : "", { message_id: 9_600, chat: AGENT_2_CHAT, text: question?.payload.text ?? "", reply_markup: question?.payload.reply_markup }, AGENT_2));
  await pressCard(refresh);
  await replyTo("Which number did the customer use?", SUPPORT, SUPPORT_MEMBER, cardId);
  // The agent answers the case's first message they got.
  const agentSide = [...(await bot.state.records.all("case-messages")).entries()].find(([key, number]) => key.startsWith(`${USER.id}:`) && number.split(":")[0] === "1");
  await replyTo("0244 123 456", PRIVATE, USER, Number(agentSide?.[0].split(":")[1]));
  // Written without Reply: the agent with several cases is told how to reach support; the one with one case is offered a button.
  await bot.bot.handleUpdate(messageUpdate("the customer says he paid twice"));
  await bot.bot.handleUpdate(messageUpdate("the customer is here now", { chat: AGENT_2_CHAT, from: AGENT_2 }));
  const offer = bot.calls.findLast((call) => call.method === "sendMessage" && call.payload.chat_id === AGENT_2.id && call.payload.reply_markup);
  const send = (offer?.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat()[0];
  await bot.bot.handleUpdate(callbackUpdate(send && "callback_data" in send ? (send.callback_data ?? "") : "", { message_id: 9_700, chat: AGENT_2_CHAT, text: offer?.payload.text ?? "", reply_markup: offer?.payload.reply_markup }, AGENT_2));
  await bot.bot.handleUpdate(messageUpdate("/cases", { chat: SUPPORT, from: SUPPORT_MEMBER }));
  await bot.bot.handleUpdate(messageUpdate("/cases"));
  await pressCard(resolve);
}

/** What the agent and the support chat read (the admin chat and people without a language of their own are answered in the default one). */
const textsOf = (calls: readonly ApiCall[]) =>
  calls
    .filter((call) => call.method === "answerCallbackQuery" || (["sendMessage", "editMessageText", "sendDocument"].includes(call.method) && [USER.id, AGENT_2.id, SUPPORT.id].includes(call.payload.chat_id as number)))
    .map((call) => call.payload.text ?? (call.payload.caption as string | undefined) ?? "");

describe("every flow, in every language", () => {
  it("fits Telegram's limits (text, entities, button data), shows every row of buttons whole on a phone, and says nothing in English outside English", async () => {
    const englishCalls = await everyFlow("en");
    expectRowsFitPhone(englishCalls);
    const english = textsOf(englishCalls);
    expect(english.length).toBeGreaterThan(40);
    // The case flows ran whole: a card, both sides of the conversation, its end.
    for (const start of [
      "🆘 Case #1 · waiting",
      "💬 Kofi (support), case #1:",
      "💬 Ama (agent), case #1:",
      "🆘 This payment already has an open case, #1",
      "👥 Case #1: another agent",
      "👥 Case #1: Yaw also asked",
      "💬 You have ",
      "💬 Is this for support, about case #1",
      "💬 Yaw (agent), case #1:",
      "Open cases (",
      "Your open cases (",
      "✅ Kofi from support resolved case #1.",
    ]) {
      expect(english.some((text) => text.startsWith(start)), start).toBe(true);
    }
    for (const locale of translations.locales.filter((l) => l !== "en")) {
      const calls = await everyFlow(locale);
      expectSendable(calls);
      expectRowsFitPhone(calls);
      const texts = textsOf(calls);
      // The same flows, so the same messages in the same order; none of them the English one.
      expect(texts.length, locale).toBe(english.length);
      const same = texts.filter((text, index) => text !== "" && text === english[index]);
      expect(same, locale).toEqual([]);
    }
  }, 60_000);
});

