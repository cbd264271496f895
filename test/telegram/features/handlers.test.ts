import type { InlineKeyboardMarkup } from "grammy/types";
import { describe, expect, it } from "vitest";
import { BOT_TOKEN, createTestBot } from "../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { callbackUpdate, GROUP, groupMessage, messageUpdate, STRANGER, USER } from "../../support/updates.ts";

const successEverywhere = () => scriptedEnquiry((kind, id) => outcomes.success(kind, id));
const buttonsOf = (markup: unknown) => (markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? [];

describe("/collection and /airtime", () => {
  it("answers once, as a reply to the command, with the enquiry's result", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry });
    const update = messageUpdate("/collection   TX-1001  ");
    await bot.handleUpdate(update);
    expect(enquiry.calls.map(({ kind, id }) => ({ kind, id }))).toEqual([{ kind: "collection", id: "TX-1001" }]);
    expect(sent()).toHaveLength(1);
    const [reply] = sent();
    expect(reply?.payload.chat_id).toBe(USER.id);
    expect(reply?.payload.reply_parameters).toMatchObject({ message_id: update.message?.message_id });
    expect(reply?.payload.text).toMatch(/^✅ Collection TX-1001\nPayment: SUCCESS\nMNO ref: /);
    expect(reply?.payload.entities).toEqual(expect.arrayContaining([expect.objectContaining({ type: "code" })]));
    expect(reply?.payload.parse_mode).toBeUndefined();
    // A settled answer has nothing left to check: its one button makes the customer's receipt.
    expect(reply?.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: "🧾 Receipt", callback_data: "R:c:TX-1001" }]] });
  });

  it("works in an allowed group, including /airtime@ThisBot", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(groupMessage("/airtime@payment_status_bot AT-77", { from: STRANGER }));
    expect(enquiry.calls).toMatchObject([{ kind: "airtime", id: "AT-77" }]);
    expect(sent()[0]?.payload).toMatchObject({ chat_id: GROUP.id, text: expect.stringMatching(/^✅ Airtime AT-77/) });
  });

  it("ignores commands addressed to another bot", async () => {
    const enquiry = successEverywhere();
    const { bot, calls } = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(groupMessage("/collection@other_bot TX-1"));
    expect(enquiry.calls).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["/collection", /^Send \/collection with a transaction ID, for example: \/collection TX-12345$/],
    ["/airtime    ", /^Send \/airtime with a transaction ID/],
    ["/collection TX<script>", /does not look like a transaction ID/],
    [`/collection ${"x".repeat(65)}`, /does not look like a transaction ID/],
    [`/collection ${Array.from({ length: 21 }, (_, i) => `TX-${i}`).join(" ")}`, /At most 20 IDs at once, please\. You sent 21\./],
  ])("answers %j with a hint and makes no enquiry", async (text, expected) => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate(text));
    expect(enquiry.calls).toHaveLength(0);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload.text).toMatch(expected);
  });

  it("adds Refresh and Notify me buttons when the outcome is not final", async () => {
    const { bot, sent } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.pending(kind, id)) });
    await bot.handleUpdate(messageUpdate("/collection TX-2"));
    const buttons = buttonsOf(sent()[0]?.payload.reply_markup);
    expect(buttons).toEqual([
      { text: "🔄 Refresh", callback_data: "rc:TX-2" },
      { text: "🔔 Notify me", callback_data: "nc:TX-2" },
    ]);
  });

  it("keeps button data within 64 bytes for the longest ID", async () => {
    const { bot, sent } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.timeout(kind, id)) });
    await bot.handleUpdate(messageUpdate(`/status ${"L".repeat(64)}`));
    const [button] = buttonsOf(sent()[0]?.payload.reply_markup);
    expect(Buffer.byteLength((button as { callback_data: string }).callback_data)).toBeLessThanOrEqual(64);
  });

  it("logs one line per enquiry with kind, ID, chat, outcome and latency, and never the token", async () => {
    const { bot, logs } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.failed(kind, id)) });
    await bot.handleUpdate(messageUpdate("/airtime AT-5"));
    const lines = logs.entries().filter((entry) => entry.msg === "enquiry");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: "airtime", transactionId: "AT-5", chatId: USER.id, userId: USER.id, outcome: "found", paymentStatus: "FAILED", latencyMs: expect.any(Number) });
    expect(logs.lines.join("")).not.toContain(BOT_TOKEN);
  });

  it("shows the time of the check in BOT_TIMEZONE", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere(), timeZone: "Africa/Lagos" });
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(sent()[0]?.payload.text).toMatch(/\n\nChecked 15:05:32 GMT\+1$/);
  });

  it("speaks French to a French-speaking user", async () => {
    const { bot, sent } = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.failed(kind, id, "Solde insuffisant")) });
    await bot.handleUpdate(messageUpdate("/collection TX-9", { languageCode: "fr-FR" }));
    expect(sent()[0]?.payload.text).toMatch(/^❌ Encaissement TX-9\nPaiement : FAILED\nMotif : Solde insuffisant/);
  });
});

describe("/start, /help and /whoami", () => {
  it("explains the commands and shows the user's IDs", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate("/start"));
    const text = sent()[0]?.payload.text ?? "";
    expect(text).toContain("/collection <ID>");
    expect(text).toContain("/airtime <ID>");
    expect(text).toContain("Example: /collection TX-12345");
    expect(text).toContain("In any other chat, type @payment_status_bot TX-12345 to post a payment's status there.");
    expect(text).toContain(`User ID: ${USER.id}`);
    expect(text).toContain(`Chat ID: ${USER.id}`);
  });

  it("answers /whoami even for strangers, saying they are not allowed", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(groupMessage("/whoami", { from: STRANGER }));
    const text = sent()[0]?.payload.text ?? "";
    expect(text).toContain(`User ID: ${STRANGER.id}`);
    expect(text).toContain(`Chat ID: ${GROUP.id}`);
    expect(text).toContain("Chat type: supergroup");
    expect(text).toContain("You may not ask for payment statuses here yet");
  });
});

describe("who may ask", () => {
  it("refuses a stranger once, telling their user ID, and makes no enquiry", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate("/collection TX-1", { from: STRANGER }));
    await bot.handleUpdate(messageUpdate("/collection TX-2", { from: STRANGER }));
    await bot.handleUpdate(messageUpdate("TX-3", { from: STRANGER }));
    expect(enquiry.calls).toHaveLength(0);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload.text).toBe(`Sorry, this bot is private. Ask an admin to allow your user ID: ${STRANGER.id}`);
  });

  it("refuses an allowed user inside a group that is not allowed", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(groupMessage("/collection TX-1", { from: USER }));
    expect(enquiry.calls).toHaveLength(0);
    expect(sent()[0]?.payload.text).toContain(`allow this chat ID: ${GROUP.id}`);
  });

  it("stays silent about ordinary chatter in a group that is not allowed", async () => {
    const { bot, calls } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(groupMessage("good morning team"));
    expect(calls).toHaveLength(0);
  });

  it("lets any member of an allowed group ask", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(groupMessage("/collection TX-1", { from: STRANGER }));
    expect(enquiry.calls).toHaveLength(1);
    expect(sent()).toHaveLength(1);
  });
});

describe("buttons", () => {
  it("Refresh repeats the enquiry, edits the message in place and answers with a toast", async () => {
    let status = "PENDING";
    const enquiry = scriptedEnquiry((kind, id) => outcomes.found(kind, id, status, { mno: "M-1" }));
    // Settled answers are reused for 30 s: a Refresh asks again all the same.
    const { bot, sent, edits, toasts } = createTestBot({ enquiry, cacheTtlSeconds: 30 });
    await bot.handleUpdate(messageUpdate("/collection TX-5"));
    const reply = sent()[0];
    const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: reply?.payload.text ?? "" };
    status = "SUCCESS";
    await bot.handleUpdate(callbackUpdate("rc:TX-5", message));
    expect(enquiry.calls.map(({ kind, id }) => `${kind}:${id}`)).toEqual(["collection:TX-5", "collection:TX-5"]);
    expect(edits()).toHaveLength(1);
    expect(edits()[0]?.payload).toMatchObject({ chat_id: USER.id, message_id: 9000, text: expect.stringMatching(/^✅ Collection TX-5/) });
    expect(edits()[0]?.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: "🧾 Receipt", callback_data: "R:c:TX-5" }]] });
    expect(toasts()[0]?.payload.text).toBe("Updated");
    expect(sent()).toHaveLength(1);
  });

  it("an unchanged result says so, and 'message is not modified' is swallowed", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.pending(kind, id));
    const { bot, sent, toasts, logs } = createTestBot({
      enquiry,
      failWith: (method) => (method === "editMessageText" ? { error_code: 400, description: "Bad Request: message is not modified" } : undefined),
    });
    await bot.handleUpdate(messageUpdate("/collection TX-6"));
    const message = { message_id: 9000, chat: { id: USER.id, type: "private" }, text: sent()[0]?.payload.text ?? "" };
    await bot.handleUpdate(callbackUpdate("rc:TX-6", message));
    expect(toasts()[0]?.payload.text).toBe("No change yet");
    expect(logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
  });

  it("a stranger's press gets a toast and no enquiry", async () => {
    const enquiry = successEverywhere();
    const { bot, toasts, edits } = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(callbackUpdate("rc:TX-7", { message_id: 1, chat: { id: -100999, type: "supergroup" } }, STRANGER));
    expect(enquiry.calls).toHaveLength(0);
    expect(edits()).toHaveLength(0);
    expect(toasts()[0]?.payload.text).toBe("Sorry, you are not allowed to use this bot here.");
  });

  it("an expired button says so", async () => {
    const enquiry = successEverywhere();
    const { bot, toasts } = createTestBot({ enquiry });
    await bot.handleUpdate(callbackUpdate("rc#gone123", { message_id: 1, chat: { id: USER.id, type: "private" } }));
    expect(enquiry.calls).toHaveLength(0);
    expect(toasts()[0]?.payload.text).toBe("This button has expired. Please send the command again.");
  });
});

describe("IDs without a command", () => {
  it("in private chat, offers Collection / Airtime / Both, and a press answers like the command", async () => {
    const enquiry = successEverywhere();
    const { bot, sent, edits } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate("TX-4242"));
    expect(enquiry.calls).toHaveLength(0);
    const buttons = buttonsOf(sent()[0]?.payload.reply_markup);
    expect(buttons.map((b) => b.text)).toEqual(["Collection", "Airtime", "Both"]);
    const both = buttons[2] as { callback_data: string };
    await bot.handleUpdate(callbackUpdate(both.callback_data, { message_id: 9000, chat: { id: USER.id, type: "private" } }));
    expect(enquiry.calls.map((call) => call.kind)).toEqual(["collection", "airtime"]);
    expect(edits()[0]?.payload.text).toContain("✅ Collection TX-4242");
  });

  it("takes IDs from the message a command replies to", async () => {
    const enquiry = successEverywhere();
    const { bot } = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(groupMessage("/status", { replyTo: { text: "Customer says: I paid with ref TX-88123 but nothing came" } }));
    expect(enquiry.calls.map((call) => [call.kind, call.id])).toEqual([
      ["collection", "TX-88123"],
      ["airtime", "TX-88123"],
    ]);
  });

  it("answers chat in private with a hint", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate("hello, is this working?"));
    expect(enquiry.calls).toHaveLength(0);
    expect(sent()[0]?.payload.text).toMatch(/^I understand transaction IDs sent as text/);
    // One word that is not an ID: what an ID looks like.
    await bot.handleUpdate(messageUpdate("TX#1234"));
    expect(sent()[1]?.payload.text).toMatch(/does not look like a transaction ID/);
  });

  it("finds the ID in a sentence sent in private, and asks which kind", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate("is COL-SUCCESS-1 paid?"));
    expect(sent()[0]?.payload.text).toBe("What kind of transaction is this?");
    expect(JSON.stringify(sent()[0]?.payload.reply_markup)).toContain("COL-SUCCESS-1");
  });
});

describe("unknown commands", () => {
  it("says the command is unknown and names the ones that check payments, rather than a usage of /collection", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate("/foo COL-1"));
    expect(sent()[0]?.payload.text).toBe("I don't know that command. To check a payment: /collection TX-12345, /airtime TX-12345 or /status TX-12345. /help lists everything.");
  });

  it.each([
    ["/colection COL-1", "/collection"],
    ["/airtme COL-1", "/airtime"],
    ["/stauts COL-1", "/status"],
    ["/whomai", "/whoami"],
    ["/watchse", "/watches"],
    ["/hepl", "/help"],
    ["/coll COL-1", "/collection"],
  ])("suggests the nearest command for a typo: %s → %s", async (typed, meant) => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate(typed));
    expect(sent()[0]?.payload.text).toBe(`I don't know that command. Did you mean ${meant}? /help lists everything.`);
  });

  it("suggests admin commands to admins only", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere(), access: { adminUserIds: new Set([7001]) } });
    await bot.handleUpdate(messageUpdate("/revok 6001"));
    expect(sent()[0]?.payload.text).not.toMatch(/revoke/);
    await bot.handleUpdate(messageUpdate("/revok 6001", { from: { ...USER, id: 7001 } }));
    expect(sent()[1]?.payload.text).toBe("I don't know that command. Did you mean /revoke? /help lists everything.");
  });

  it.each([["/escalate COL-1 the customer was charged twice"], ["/cases"]])("with cases off, %s says in one line that cases are off and what turns them on", async (typed) => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate(typed));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload.text).toBe("Cases are off here: an admin turns them on by setting SUPPORT_CHAT_ID.");
  });

  it("with cases off, never suggests a command of theirs for a typo", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere() });
    await bot.handleUpdate(messageUpdate("/escalat COL-1"));
    await bot.handleUpdate(messageUpdate("/case"));
    expect(sent().map((call) => call.payload.text)).toEqual([
      "I don't know that command. To check a payment: /collection TX-12345, /airtime TX-12345 or /status TX-12345. /help lists everything.",
      "I don't know that command. To check a payment: /collection TX-12345, /airtime TX-12345 or /status TX-12345. /help lists everything.",
    ]);
  });

  it("with cases on, suggests their commands for a typo", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere(), support: { chatId: -100_777, threadId: undefined, remindMs: 60_000 } });
    await bot.handleUpdate(messageUpdate("/escalat COL-1"));
    expect(sent()[0]?.payload.text).toBe("I don't know that command. Did you mean /escalate? /help lists everything.");
  });

  it("in a group, answers an unknown command only when it names this bot", async () => {
    const { bot, sent } = createTestBot({ enquiry: successEverywhere(), access: { allowedChatIds: new Set([GROUP.id]) } });
    await bot.handleUpdate(groupMessage("/foo"));
    await bot.handleUpdate(groupMessage("/colection@other_bot TX-1"));
    expect(sent()).toHaveLength(0);
    await bot.handleUpdate(groupMessage("/colection@payment_status_bot TX-1"));
    expect(sent()[0]?.payload.text).toBe("I don't know that command. Did you mean /collection? /help lists everything.");
  });
});

describe("several IDs, /status and limits", () => {
  it("answers several IDs in one summary", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (id.endsWith("2") ? outcomes.failed(kind, id, "Wrong PIN") : outcomes.success(kind, id)));
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate("/collection TX-1, TX-2\nTX-3 TX-1"));
    expect(enquiry.calls.map((call) => call.id)).toEqual(["TX-1", "TX-2", "TX-3"]);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload.text).toMatch(/^Collection: 3 IDs\n✅ TX-1 · SUCCESS.*\n❌ TX-2 · FAILED · MNO .* · Wrong PIN\n✅ TX-3/);
  });

  it("/status asks both kinds and shows the one that knows the ID", async () => {
    const enquiry = scriptedEnquiry((kind, id) => (kind === "airtime" ? outcomes.success(kind, id) : outcomes.notFound(kind, id)));
    const { bot, sent } = createTestBot({ enquiry });
    await bot.handleUpdate(messageUpdate("/status X-1"));
    expect(enquiry.calls.map((call) => call.kind).sort()).toEqual(["airtime", "collection"]);
    expect(sent()[0]?.payload.text).toMatch(/^✅ Airtime X-1/);
  });

  it("tells a user who floods to slow down once, then stays silent", async () => {
    const enquiry = successEverywhere();
    const { bot, sent } = createTestBot({ enquiry, rateLimit: { windowSeconds: 60, maxCost: 2 } });
    for (let i = 0; i < 5; i++) await bot.handleUpdate(messageUpdate(`/collection TX-${i}`));
    expect(enquiry.calls).toHaveLength(2);
    expect(sent().map((call) => call.payload.text?.split("\n")[0])).toEqual(["✅ Collection TX-0", "✅ Collection TX-1", "You are sending requests too fast. Please wait a minute and try again."]);
  });
});

describe("failures on the Telegram side", () => {
  it("logs a failed reply once and keeps handling updates", async () => {
    let failNext = true;
    const { bot, sent, logs } = createTestBot({
      enquiry: successEverywhere(),
      failWith: (method) => {
        if (method !== "sendMessage" || !failNext) return undefined;
        failNext = false;
        return { error_code: 403, description: "Forbidden: bot was blocked by the user" };
      },
    });
    // The feature's error boundary takes it: logged once, naming the feature, and the update ends there.
    await bot.handleUpdate(messageUpdate("/collection TX-1"));
    expect(logs.entries().filter((entry) => entry.msg === "Telegram refused a call")).toEqual([
      expect.objectContaining({ level: "warn", feature: "checks", method: "sendMessage", code: 403, description: "Forbidden: bot was blocked by the user" }),
    ]);
    await bot.handleUpdate(messageUpdate("/collection TX-2"));
    expect(sent()).toHaveLength(2);
    expect(logs.lines.join("")).not.toContain(BOT_TOKEN);
  });
});
