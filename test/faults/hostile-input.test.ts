import fc from "fast-check";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { formatAnswer } from "../../src/telegram/views/format/answer-text.ts";
import { cleanServiceText } from "../../src/util/service-text.ts";
import { Translations } from "../../src/telegram/i18n.ts";
import { interpretAnswer } from "../../src/payments/enquiry/interpret.ts";
import { isValidTransactionId } from "../../src/payments/enquiry/transaction-id.ts";
import type { EnquiryKind } from "../../src/payments/enquiry/types.ts";
import { createTestBot, type ApiCall } from "../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { expectSendable } from "../support/telegram-limits.ts";
import { USER } from "../support/updates.ts";

const NASTY = ["\u200f", "\u202e", "\u200b", "\u2066", "\ufeff", "\u0000", "\u0007", "\n", "\r\n", "\t", "😀", "👩🏽‍💻", "🇬🇭", "\ud800", "<b>", "</i>", "*", "_", "`", "[x](http://evil.example)", "&amp;", "@", "/airtime", "/collection@payment_status_bot", ",", " ", "-", ".", ":", "TX-1"];
const nastyText = fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: "grapheme", maxLength: 20 }), fc.string({ unit: "binary", maxLength: 10 }), fc.stringMatching(/^[A-Za-z0-9._:-]{1,70}$/)), { maxLength: 30 }).map((parts) => parts.join(""));
const COMMANDS = ["/collection", "/airtime", "/status", "/collection@payment_status_bot", "/start", "/help", "/whoami", "/unknown", ""];

/** Every message the bot sends must be one Telegram accepts, and none may carry a link or markup it did not make. */
function expectValidMessages(calls: readonly ApiCall[]) {
  expectSendable(calls, ["bold", "code"]);
  for (const call of calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText")) expect(call.payload.parse_mode).toBeUndefined();
}

const randomEntities = fc.array(
  fc.record({ type: fc.constantFrom("bot_command", "bold", "url", "mention", "code"), offset: fc.integer({ min: -5, max: 200 }), length: fc.integer({ min: -1, max: 200 }) }),
  { maxLength: 4 },
);

describe("hostile input (property-based)", () => {
  it("command text: never throws, never asks about an invalid ID, always replies validly", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.pending(kind, id));
    const { bot, calls } = createTestBot({ enquiry });
    let updateId = 1;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COMMANDS), nastyText, randomEntities, fc.boolean(), async (command, rest, entities, withReply) => {
        const before = calls.length;
        const text = `${command}${command && rest ? " " : ""}${rest}` || "x";
        const commandEntity = command ? [{ type: "bot_command", offset: 0, length: command.length }] : [];
        const update = {
          update_id: updateId++,
          message: {
            message_id: updateId,
            date: 0,
            chat: { id: USER.id, type: "private", first_name: "A" },
            from: USER,
            text,
            entities: [...commandEntity, ...entities],
            ...(withReply ? { reply_to_message: { message_id: 1, date: 0, chat: { id: USER.id, type: "private" }, text: rest } } : {}),
          },
        } as unknown as Update;
        await bot.handleUpdate(update);
        expectValidMessages(calls.slice(before));
      }),
      { numRuns: 300 },
    );
    expect(enquiry.calls.length).toBeGreaterThan(0);
    for (const call of enquiry.calls) expect(isValidTransactionId(call.id)).toBe(true);
  });

  it("very long input and nested commands", async () => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const { bot, calls } = createTestBot({ enquiry });
    for (const text of [`/collection ${"A".repeat(100_000)}`, "/collection /airtime TX-1", "/status /status /status", `/airtime ${"TX-1 ".repeat(5_000)}`]) {
      await bot.handleUpdate({ update_id: 1, message: { message_id: 1, date: 0, chat: { id: USER.id, type: "private", first_name: "A" }, from: USER, text, entities: [{ type: "bot_command", offset: 0, length: text.indexOf(" ") }] } });
    }
    expectValidMessages(calls);
    expect(enquiry.calls.map((call) => call.id)).toEqual(["TX-1"]);
  });

  const translations = new Translations();
  const t = translations.translatorFor("en");
  const serviceText = fc.oneof(nastyText, fc.string({ maxLength: 5_000 }), fc.constant(""));

  it("service answers: never throw, always format into a valid message without injected markup", () => {
    const answers = fc.oneof(
      fc.json().map((json) => ({ status: 200, body: json })),
      fc.record({
        status: fc.constantFrom(200, 400, 404, 500),
        body: fc
          .record({
            code: fc.oneof(fc.constant("200"), fc.constant(200), fc.string()),
            reqTransactionID: fc.constant("TX-1"),
            status: fc.oneof(fc.constant("SUCCESS"), serviceText),
            transactionID: serviceText,
            transaction: fc.record({ status: fc.oneof(fc.constantFrom("SUCCESS", "FAILED", "PENDING"), serviceText), message: serviceText, mnoTransactionID: serviceText }, { requiredKeys: [] }),
          }, { requiredKeys: [] })
          .map((body) => JSON.stringify(body)),
      }),
    );
    fc.assert(
      fc.property(answers, fc.constantFrom<EnquiryKind>("collection", "airtime"), ({ status, body }, kind) => {
        const outcome = interpretAnswer({ kind, transactionId: "TX-1", checkedAt: new Date(0) }, status, body);
        const single = formatAnswer(kind, [{ id: "TX-1", outcomes: [outcome] }], t);
        const many = formatAnswer(kind, Array.from({ length: 20 }, (_, i) => ({ id: `TX-${i}`, outcomes: [{ ...outcome, transactionId: `TX-${i}` }] })), t);
        for (const { message } of [single, many]) {
          expectValidMessages([{ method: "sendMessage", payload: { text: message.text, entities: message.entities }, at: 0 }]);
        }
        if (outcome.type === "found") {
          // Exactly the entities the bot makes: the kind and status in bold, references in monospace.
          const { text, entities } = single.message;
          const shown = (value: string | undefined) => (value ? cleanServiceText(value, 80) : "");
          expect(entities.filter((e) => e.type === "bold")).toHaveLength(2);
          expect(entities.filter((e) => e.type === "code").map((e) => text.slice(e.offset, e.offset + e.length))).toEqual(
            ["TX-1", shown(outcome.transaction.mnoTransactionId), shown(outcome.serviceTransactionId)].filter(Boolean),
          );
        }
      }),
      { numRuns: 500 },
    );
    // 500 runs of up to 20 answers each: about a second alone, several on a machine loaded by other test files.
  }, 20_000);
});

describe("bad updates are ignored safely", () => {
  it.each([
    ["an update with nothing in it", { update_id: 1 }],
    ["an unknown update type", { update_id: 2, some_future_update: { id: 1 } }],
    ["a message without sender or text", { update_id: 3, message: { message_id: 1, date: 0, chat: { id: USER.id, type: "private" } } }],
    ["a photo", { update_id: 4, message: { message_id: 1, date: 0, chat: { id: USER.id, type: "private" }, from: USER, photo: [] } }],
    ["a button press without message or data", { update_id: 5, callback_query: { id: "q", from: USER, chat_instance: "c" } }],
    ["a command entity past the end of the text", { update_id: 6, message: { message_id: 1, date: 0, chat: { id: USER.id, type: "private" }, from: USER, text: "/x", entities: [{ type: "bot_command", offset: 5, length: 40 }] } }],
    ["a channel post", { update_id: 7, channel_post: { message_id: 1, date: 0, chat: { id: -100, type: "channel", title: "c" }, text: "/collection TX-1" } }],
  ])("%s", async (_, update) => {
    const enquiry = scriptedEnquiry((kind, id) => outcomes.success(kind, id));
    const { bot, calls, logs } = createTestBot({ enquiry });
    await bot.handleUpdate(update as unknown as Update);
    expect(enquiry.calls).toHaveLength(0);
    expectValidMessages(calls);
    expect(logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
  });
});
