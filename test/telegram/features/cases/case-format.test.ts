import type { MessageEntity } from "grammy/types";
import { describe, expect, it } from "vitest";
import { forwardedFrom, formatRelay } from "../../../../src/telegram/features/cases/case-format.ts";
import { TELEGRAM_TEXT_LIMIT } from "../../../../src/telegram/views/format/text.ts";

const HEADING = "💬 Ama (agent), case #1:";

describe("a relayed message", () => {
  it("keeps its formatting, but shows the address of every link as text: nothing hidden behind a label", () => {
    const text = "Pay here now, or call";
    const entities: MessageEntity[] = [
      { type: "bold", offset: 0, length: 3 },
      { type: "text_link", offset: 4, length: 4, url: "https://evil.example/pay" },
      // Italic around the link and past it: it takes the address in.
      { type: "italic", offset: 4, length: 8 },
      { type: "code", offset: 17, length: 4 },
    ];
    const relayed = formatRelay(HEADING, { text, entities }, TELEGRAM_TEXT_LIMIT);
    expect(relayed.text).toBe(`${HEADING}\nPay here (https://evil.example/pay) now, or call`);
    const start = HEADING.length + 1;
    expect(relayed.entities).toEqual([
      { type: "bold", offset: 0, length: HEADING.length },
      { type: "bold", offset: start, length: 3 },
      { type: "italic", offset: start + 4, length: 8 + " (https://evil.example/pay)".length },
      { type: "code", offset: start + 17 + " (https://evil.example/pay)".length, length: 4 },
    ]);
    expect(relayed.entities.some((entity) => entity.type === "text_link")).toBe(false);
  });

  it("leaves a link whose label is its address as it is, and drops mentions of hidden users and custom emoji", () => {
    const text = "https://bank.example Kofi 🙂 two links";
    const entities: MessageEntity[] = [
      { type: "text_link", offset: 0, length: 20, url: "https://bank.example" },
      { type: "text_mention", offset: 21, length: 4, user: { id: 1, is_bot: false, first_name: "Kofi" } },
      { type: "custom_emoji", offset: 26, length: 2, custom_emoji_id: "5" },
      { type: "text_link", offset: 29, length: 3, url: "https://one.example" },
      { type: "text_link", offset: 33, length: 5, url: "https://two.example/\u202Eexe.pdf" },
    ];
    const relayed = formatRelay(HEADING, { text, entities }, TELEGRAM_TEXT_LIMIT);
    // An address is cleaned as service text is: no bidi override to disguise it.
    expect(relayed.text).toBe(`${HEADING}\nhttps://bank.example Kofi 🙂 two (https://one.example) links (https://two.example/exe.pdf)`);
    expect(relayed.entities).toEqual([{ type: "bold", offset: 0, length: HEADING.length }]);
  });

  it("says where a forwarded message came from, under the heading", () => {
    const relayed = formatRelay(HEADING, { text: "the receipt", entities: undefined }, TELEGRAM_TEXT_LIMIT, "↪️ Forwarded from MTN Mobile Money @mtn_momo");
    expect(relayed.text).toBe(`${HEADING}\n↪️ Forwarded from MTN Mobile Money @mtn_momo\nthe receipt`);
    expect(forwardedFrom({ type: "user", date: 1, sender_user: { id: 9, is_bot: false, first_name: "Yaw", last_name: "Boateng", username: "yawb" } })).toBe("Yaw Boateng @yawb");
    expect(forwardedFrom({ type: "hidden_user", date: 1, sender_user_name: "Esi\u202E A." })).toBe("Esi A.");
    expect(forwardedFrom({ type: "chat", date: 1, sender_chat: { id: -100, type: "supergroup", title: "Agents Accra" }, author_signature: "Kwame" })).toBe("Agents Accra (Kwame)");
    expect(forwardedFrom({ type: "channel", date: 1, chat: { id: -1002, type: "channel", title: "MTN News", username: "mtn_news" }, message_id: 4 })).toBe("MTN News @mtn_news");
  });

  it("stays within the limit, its entities inside the text, however long the addresses", () => {
    const text = "x ".repeat(300);
    const entities: MessageEntity[] = Array.from({ length: 300 }, (_, i) => ({ type: "text_link" as const, offset: i * 2, length: 1, url: `https://example.com/${"a".repeat(200)}` }));
    const relayed = formatRelay(HEADING, { text, entities }, TELEGRAM_TEXT_LIMIT);
    expect(relayed.text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    for (const entity of relayed.entities) expect(entity.offset + entity.length).toBeLessThanOrEqual(relayed.text.length);
  });
});
