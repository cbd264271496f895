import type { InlineKeyboardMarkup } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createTestBot, translations } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { expectSendable } from "../../../support/telegram-limits.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, USER } from "../../../support/updates.ts";

const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
const MEMBER = { id: 5002, is_bot: false, first_name: "Kofi", language_code: "en" };
const ADMIN = { id: 5003, is_bot: false, first_name: "Neema", language_code: "en" };
const t = (locale: string) => translations.translatorFor(locale);
/** A language's name as a sentence of its own language writes it ("français" in French, "English" in English). */
const name = (locale: string) => t(locale)("language-name-in-sentence");

/** Telegram's getChatMember: ADMIN administers the group, everyone else is a member. */
const members = (method: string, payload: Record<string, unknown>) =>
  method === "getChatMember" ? { status: payload.user_id === ADMIN.id ? "administrator" : "member", user: { id: payload.user_id, is_bot: false, first_name: "x" } } : undefined;

function harness() {
  const bot = createTestBot({ enquiry, access: { allowedUserIds: new Set([USER.id, MEMBER.id, ADMIN.id]), allowedChatIds: new Set([GROUP.id]) }, answerWith: members });
  harnesses.push(bot);
  return bot;
}
const harnesses: ReturnType<typeof createTestBot>[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.state.close()));
});

const keyboardOf = (payload: Record<string, unknown>) => (payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? [];

describe("languages", () => {
  it("follows Telegram's language_code until one is chosen: sw, pt and pt-BR, fr-*, English for the rest", async () => {
    const bot = harness();
    const cases = [
      ["sw", "sw"],
      ["pt", "pt"],
      ["pt-BR", "pt"],
      ["fr-CA", "fr"],
      ["de", "en"],
      ["en", "en"],
    ] as const;
    for (const [code] of cases) await bot.bot.handleUpdate(messageUpdate("/language", { languageCode: code }));
    const replies = bot.sent().map((call) => call.payload.text);
    expect(replies).toEqual(cases.map(([, locale]) => t(locale)("language-current-private", { language: name(locale) })));
  });

  it("/language in a private chat: each language in its own name, the current one ticked; a press switches at once and is remembered", async () => {
    const bot = harness();
    await bot.bot.handleUpdate(messageUpdate("/language"));
    const picker = bot.sent()[0]?.payload ?? {};
    expect(keyboardOf(picker).map((button) => button.text)).toEqual(["✓ English", "Français", "Português", "Kiswahili"]);

    await bot.bot.handleUpdate(callbackUpdate("L:sw", { message_id: 9000, chat: { id: USER.id, type: "private" }, reply_markup: picker.reply_markup }));
    const edit = bot.edits().at(-1)?.payload ?? {};
    expect(edit.text).toBe(t("sw")("language-chosen-private", { language: name("sw") }));
    expect(keyboardOf(edit).map((button) => button.text)).toContain("✓ Kiswahili");
    expect(bot.toasts().at(-1)?.payload.text).toBe(t("sw")("toast-language-chosen", { language: "Kiswahili" }));
    expect(JSON.parse((await bot.state.records.get("languages", `user:${USER.id}`)) ?? "{}")).toMatchObject({ locale: "sw", by: USER.id });

    // Chosen wins over the app's language, for everything after.
    await bot.bot.handleUpdate(messageUpdate("/collection TX-1", { languageCode: "en" }));
    const answer = bot.sent().at(-1)?.payload ?? {};
    expect(answer.text).toContain(t("sw")("label-payment"));
    expectSendable(bot.calls);
  });

  it("names a language in lower case inside a French or Portuguese sentence, and capitalised on its own (buttons, toasts)", async () => {
    const bot = harness();
    await bot.bot.handleUpdate(messageUpdate("/language", { languageCode: "fr" }));
    const picker = bot.sent()[0]?.payload ?? {};
    expect(picker.text).toBe("Je vous réponds en français. Choisissez-en une autre :");
    expect(keyboardOf(picker).map((button) => button.text)).toEqual(["English", "✓ Français", "Português", "Kiswahili"]);
    await bot.bot.handleUpdate(callbackUpdate("L:pt", { message_id: 9000, chat: { id: USER.id, type: "private" }, reply_markup: picker.reply_markup }));
    expect(bot.edits().at(-1)?.payload.text).toBe("✅ A partir de agora, respondo-lhe em português.");
    expect(bot.toasts().at(-1)?.payload.text).toBe("Português ✓");
    await bot.bot.handleUpdate(callbackUpdate("L:fr", { message_id: 9000, chat: { id: USER.id, type: "private" }, reply_markup: picker.reply_markup }));
    expect(bot.edits().at(-1)?.payload.text).toBe("✅ Désormais, je vous réponds en français.");
    await bot.bot.handleUpdate(callbackUpdate("L:en", { message_id: 9000, chat: { id: USER.id, type: "private" }, reply_markup: picker.reply_markup }));
    expect(bot.edits().at(-1)?.payload.text).toBe("✅ From now on I answer you in English.");
  });

  it("in a group, only its administrators set its language; then everyone there is answered in it", async () => {
    const bot = harness();
    await bot.bot.handleUpdate(groupMessage("/language", { from: MEMBER }));
    const refused = bot.sent().at(-1)?.payload ?? {};
    expect(refused.text).toContain(t("en")("language-group-admins-only"));
    expect(keyboardOf(refused)).toEqual([]);

    await bot.bot.handleUpdate(groupMessage("/language", { from: ADMIN }));
    const picker = bot.sent().at(-1)?.payload ?? {};
    expect(picker.text).toBe(t("en")("language-current-group-unset", { language: "English" }));
    const pressed = { message_id: 9001, chat: GROUP, reply_markup: picker.reply_markup };

    // A member pressing the admin's buttons changes nothing.
    await bot.bot.handleUpdate(callbackUpdate("L:pt", pressed, MEMBER));
    expect(bot.toasts().at(-1)?.payload).toMatchObject({ text: t("en")("language-group-admins-only"), show_alert: true });
    expect(await bot.state.records.get("languages", `chat:${GROUP.id}`)).toBeUndefined();

    await bot.bot.handleUpdate(callbackUpdate("L:pt", pressed, ADMIN));
    expect(bot.edits().at(-1)?.payload.text).toBe("✅ O idioma deste grupo passa a ser português: todos aqui recebem as respostas neste idioma.");

    // A French-speaking member, and one who chose Swahili for themselves: both read the group's Portuguese there.
    await bot.bot.handleUpdate(groupMessage("/collection TX-2", { from: MEMBER, languageCode: "fr" }));
    expect(bot.sent().at(-1)?.payload.text).toContain(t("pt")("label-payment"));
    await bot.state.records.update("languages", `user:${MEMBER.id}`, () => JSON.stringify({ locale: "sw", by: MEMBER.id, at: 1 }));
    await bot.assembled.languages.refresh();
    await bot.bot.handleUpdate(groupMessage("/language", { from: MEMBER }));
    expect(bot.sent().at(-1)?.payload.text).toContain("Idioma deste grupo: português.");
    // …and their own language in private.
    await bot.bot.handleUpdate(messageUpdate("/help", { from: MEMBER }));
    expect(bot.sent().at(-1)?.payload.text).toContain(t("sw")("help-private-tip"));
    expectSendable(bot.calls);
  });

  it("in a group without a language of its own, each person is answered in theirs", async () => {
    const bot = harness();
    await bot.state.records.update("languages", `user:${MEMBER.id}`, () => JSON.stringify({ locale: "sw", by: MEMBER.id, at: 1 }));
    await bot.assembled.prepare();
    await bot.bot.handleUpdate(groupMessage("/collection TX-3", { from: MEMBER }));
    expect(bot.sent().at(-1)?.payload.text).toContain(t("sw")("label-payment"));
    await bot.bot.handleUpdate(groupMessage("/collection TX-4", { from: ADMIN, languageCode: "pt-BR" }));
    expect(bot.sent().at(-1)?.payload.text).toContain(t("pt")("label-payment"));
  });

  it("refuses a forged press for a language it does not speak, and says who may change a group's when Telegram cannot tell", async () => {
    const bot = harness();
    await bot.bot.handleUpdate(callbackUpdate("L:xx", { message_id: 9002, chat: { id: USER.id, type: "private" } }));
    expect(bot.toasts().at(-1)?.payload.text).toBe(t("en")("toast-stale-button"));
    expect(await bot.state.records.all("languages")).toEqual(new Map());

    const failing = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) }, failWith: (method) => (method === "getChatMember" ? { error_code: 400, description: "Bad Request: member not found" } : undefined) });
    harnesses.push(failing);
    await failing.bot.handleUpdate(groupMessage("/language"));
    expect(failing.sent().at(-1)?.payload.text).toContain(t("en")("language-group-admins-only"));
    expect(failing.logs.entries().some((entry) => entry.level === "warn" && String(entry.msg).includes("administrator"))).toBe(true);
  });
});
