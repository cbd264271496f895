import type { InlineKeyboardMarkup } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createTestBot } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

const buttonsOf = (markup: unknown) => (markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() as { text: string; callback_data: string }[] | undefined ?? [];
const MEMBER = { ...USER, id: 5002, first_name: "Kofi" };
/** Known as a collection only, and pending: /watch watches it on that kind. */
const collectionPending = () => scriptedEnquiry((kind, id) => (kind === "collection" ? outcomes.pending(kind, id) : outcomes.notFound(kind, id)));
const pendingOr = (final: Record<string, "success" | "failed"> = {}) =>
  scriptedEnquiry((kind, id) => (final[id] === "success" ? outcomes.success(kind, id) : final[id] === "failed" ? outcomes.failed(kind, id) : outcomes.pending(kind, id)));

/** Sends a command and returns the bot's answer as the message a later button press sits on. */
async function ask(harness: ReturnType<typeof createTestBot>, text: string, options: Parameters<typeof messageUpdate>[1] = {}) {
  await harness.bot.handleUpdate(messageUpdate(text, options));
  const reply = harness.sent().at(-1);
  const chat = options.chat ?? { id: USER.id, type: "private" as const };
  return {
    message: { message_id: 9000 + harness.sent().length - 1, chat, text: reply?.payload.text ?? "" },
    buttons: buttonsOf(reply?.payload.reply_markup),
  };
}

const press = (label: RegExp, buttons: { text: string; callback_data: string }[]) => {
  const button = buttons.find((candidate) => label.test(candidate.text));
  if (!button) throw new Error(`no button ${label}; got ${buttons.map((b) => b.text).join(", ")}`);
  return button.callback_data;
};

describe("🔔 Notify me", () => {
  it("watches the answer's open payments, says so in a toast, and turns into 🔕 Stop notifying", async () => {
    const harness = createTestBot({ enquiry: pendingOr() });
    const { message, buttons } = await ask(harness, "/collection TX-1");
    expect(buttons.map((b) => b.text)).toEqual(["🔄 Refresh", "🔔 Notify me"]);
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, buttons), message));
    expect(harness.toasts().at(-1)?.payload.text).toBe("I'll message you here when it settles.");
    const markup = harness.calls.filter((call) => call.method === "editMessageReplyMarkup").at(-1)?.payload.reply_markup;
    expect(buttonsOf(markup).map((b) => b.text)).toEqual(["🔄 Refresh", "🔕 Stop notifying"]);
    expect((await harness.watches.watchesOf(USER.id, USER.id)).map((entry) => [entry.target.scope, entry.target.transactionId, entry.watch.messageId])).toEqual([["collection", "TX-1", message.message_id]]);
  });

  it("watches only what is not final in an answer of several IDs", async () => {
    const harness = createTestBot({ enquiry: pendingOr({ "TX-2": "success", "TX-3": "failed" }) });
    const { message, buttons } = await ask(harness, "/collection TX-1 TX-2 TX-3");
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, buttons), message));
    expect((await harness.watches.watchesOf(USER.id, USER.id)).map((entry) => entry.target.transactionId)).toEqual(["TX-1"]);
  });

  it("says 'already watching' to a second press, and adds nothing", async () => {
    const harness = createTestBot({ enquiry: pendingOr() });
    const { message, buttons } = await ask(harness, "/collection TX-1");
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, buttons), message));
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, buttons), message));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Already watching.");
    expect(await harness.watches.watchesOf(USER.id, USER.id)).toHaveLength(1);
  });

  it("in a group, counts the subscribers on the shared button and lets each stop only their own", async () => {
    const harness = createTestBot({ enquiry: pendingOr(), access: { allowedChatIds: new Set([GROUP.id]) } });
    await harness.bot.handleUpdate(groupMessage("/airtime AT-1"));
    const message = { message_id: 9000, chat: GROUP, text: harness.sent()[0]?.payload.text ?? "" };
    const buttons = buttonsOf(harness.sent()[0]?.payload.reply_markup);
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, buttons), message, USER));
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, buttons), message, MEMBER));
    const markups = harness.calls.filter((call) => call.method === "editMessageReplyMarkup").map((call) => buttonsOf(call.payload.reply_markup).map((b) => b.text));
    expect(markups.at(-1)).toEqual(["🔄 Refresh", "🔔 Notify me (2)", "🔕 Stop"]);
    const shared = buttonsOf(harness.calls.filter((call) => call.method === "editMessageReplyMarkup").at(-1)?.payload.reply_markup);
    await harness.bot.handleUpdate(callbackUpdate(press(/Stop/, shared), message, MEMBER));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Stopped: you will get no message about it.");
    const after = harness.calls.filter((call) => call.method === "editMessageReplyMarkup").at(-1);
    expect(buttonsOf(after?.payload.reply_markup).map((b) => b.text)).toEqual(["🔄 Refresh", "🔔 Notify me (1)", "🔕 Stop"]);
    const target = await harness.watches.load({ scope: "airtime", transactionId: "AT-1" });
    expect(target?.watches[0]?.subscribers.map((s) => s.userId)).toEqual([USER.id]);
  });

  it("refuses past WATCH_MAX_PER_USER, naming the limit, and watches nothing of that press", async () => {
    const harness = createTestBot({ enquiry: pendingOr(), watches: { maxPerUser: 2 } });
    const first = await ask(harness, "/collection TX-1");
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, first.buttons), first.message));
    const second = await ask(harness, "/collection TX-2 TX-3");
    await harness.bot.handleUpdate(callbackUpdate(press(/Notify/, second.buttons), second.message));
    const toast = harness.toasts().at(-1)?.payload;
    expect(toast).toMatchObject({ text: "You can watch at most 2 payments at once. Stop some with /watches first.", show_alert: true });
    expect(await harness.watches.watchesOf(USER.id, USER.id)).toHaveLength(1);
  });

  it("is never offered to strangers, whose presses make no watch", async () => {
    const harness = createTestBot({ enquiry: pendingOr() });
    await harness.bot.handleUpdate(callbackUpdate("nc:TX-1", { message_id: 1, chat: { id: STRANGER.id, type: "private" } }, STRANGER));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Sorry, you are not allowed to use this bot here.");
    expect(await harness.watches.activeTargets()).toBe(0);
  });
});

describe("/watch, /watches and /unwatch", () => {
  it("/watch looks the IDs up on both kinds, answers, and watches the kind that knows each", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (kind === "airtime" ? outcomes.pending(kind, id) : outcomes.notFound(kind, id)));
    const harness = createTestBot({ enquiry });
    await harness.bot.handleUpdate(messageUpdate("/watch TX-9"));
    expect(enquiry.calls.map((call) => call.kind).sort()).toEqual(["airtime", "collection"]);
    const reply = harness.sent().at(-1);
    expect(reply?.payload.text).toMatch(/^⏳ Airtime TX-9[\s\S]*🔔 I'll message you here when it settles/);
    expect(buttonsOf(reply?.payload.reply_markup).map((b) => b.text)).toEqual(["🔄 Refresh", "🔕 Stop notifying"]);
    const [entry] = await harness.watches.watchesOf(USER.id, USER.id);
    expect([entry?.target.scope, entry?.watch.messageId]).toEqual(["airtime", 9000]);
  });

  it("/watch watches both kinds while neither knows the ID, and nothing when it is settled", async () => {
    const harness = createTestBot({ enquiry: scriptedEnquiry((kind, id) => (id === "DONE-1" ? outcomes.success("collection", id) : outcomes.notFound(kind, id))) });
    await harness.bot.handleUpdate(messageUpdate("/watch NEW-1"));
    expect((await harness.watches.watchesOf(USER.id, USER.id)).map((entry) => entry.target.scope)).toEqual(["status"]);
    await harness.bot.handleUpdate(messageUpdate("/watch DONE-1"));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/Already settled: nothing to watch\.$/);
  });

  it("/watch refuses past the limit with the counts, and still answers", async () => {
    const harness = createTestBot({ enquiry: pendingOr(), watches: { maxPerUser: 1 } });
    await harness.bot.handleUpdate(messageUpdate("/watch TX-1"));
    await harness.bot.handleUpdate(messageUpdate("/watch TX-2"));
    expect(harness.sent().at(-1)?.payload.text).toMatch(/⏳[\s\S]*You can watch at most one payment at once, and you watch 1\./);
  });

  it("/watches lists the asker's watches here, with a 🔕 button each that stops one", async () => {
    const harness = createTestBot({ enquiry: collectionPending() });
    await harness.bot.handleUpdate(messageUpdate("/watch TX-1 TX-2"));
    await harness.bot.handleUpdate(messageUpdate("/watches"));
    const list = harness.sent().at(-1);
    // The answer to /watch has just checked them: that is their status, not "not checked yet".
    expect(list?.payload.text).toMatch(/^Payments I watch for you here \(2\):\n⏳ TX-1 · Collection · PENDING · since .* UTC · next check .* UTC\n⏳ TX-2 · Collection · PENDING/);
    const buttons = buttonsOf(list?.payload.reply_markup);
    expect(buttons.map((b) => b.text)).toEqual(["🔕 TX-1", "🔕 TX-2"]);
    await harness.bot.handleUpdate(callbackUpdate(buttons[0]?.callback_data ?? "", { message_id: 9001, chat: { id: USER.id, type: "private" } }));
    expect(harness.toasts().at(-1)?.payload.text).toBe("Stopped: you will get no message about it.");
    expect(harness.edits().at(-1)?.payload.text).toMatch(/\(1\):\n⏳ TX-2/);
  });

  it("/watches tells apart the 🔕 of one ID watched as a collection and as airtime", async () => {
    const harness = createTestBot({ enquiry: pendingOr() });
    await harness.bot.handleUpdate(messageUpdate("/watch TX-1"));
    await harness.bot.handleUpdate(messageUpdate("/watches"));
    const list = harness.sent().at(-1);
    expect(list?.payload.text).toMatch(/\(2\):\n⏳ TX-1 · Collection · PENDING[^\n]*\n⏳ TX-1 · Airtime · PENDING/);
    expect(buttonsOf(list?.payload.reply_markup).map((b) => b.text)).toEqual(["🔕 TX-1 · Collection", "🔕 TX-1 · Airtime"]);
  });

  it("/watches says so when nothing is watched", async () => {
    const harness = createTestBot({ enquiry: pendingOr() });
    await harness.bot.handleUpdate(messageUpdate("/watches"));
    expect(harness.sent().at(-1)?.payload.text).toBe("I am not watching any payment for you here. Send /watch <ID> to start.");
  });

  it("/unwatch stops the asker's watches of those IDs, and says which were not watched", async () => {
    const harness = createTestBot({ enquiry: collectionPending() });
    await harness.bot.handleUpdate(messageUpdate("/watch TX-1 TX-2"));
    await harness.bot.handleUpdate(messageUpdate("/unwatch TX-1 TX-7"));
    expect(harness.sent().at(-1)?.payload.text).toBe("Stopped watching TX-1.\nYou were not watching TX-7 here.");
    expect((await harness.watches.watchesOf(USER.id, USER.id)).map((entry) => entry.target.transactionId)).toEqual(["TX-2"]);
  });

  it("speaks French to a French-speaking user", async () => {
    const harness = createTestBot({ enquiry: pendingOr() });
    await harness.bot.handleUpdate(messageUpdate("/watch TX-1", { languageCode: "fr" }));
    const reply = harness.sent().at(-1);
    expect(reply?.payload.text).toMatch(/Je vous écrirai ici quand son statut sera définitif/);
    expect(buttonsOf(reply?.payload.reply_markup).map((b) => b.text)).toEqual(["🔄 Actualiser", "🔕 Ne plus me prévenir"]);
  });
});
