import type { InlineKeyboardMarkup } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createTestBot } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, GROUP, messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

const ADMIN = { id: 7007, is_bot: false, first_name: "Ada", last_name: "Admin", language_code: "en" };
const BOB = { id: 5002, is_bot: false, first_name: "Bob", language_code: "en" };
const settle = () => new Promise((resolve) => setImmediate(resolve));
const buttonsOf = (markup: unknown) => (markup as InlineKeyboardMarkup | undefined)?.inline_keyboard.flat() ?? [];

function bot(status: { value: string } = { value: "PENDING" }, access: { allowedUserIds?: Set<number>; adminUserIds?: Set<number>; allowedChatIds?: Set<number> } = {}, now?: () => number) {
  const enquiry = scriptedEnquiry((kind, id) => (id.startsWith("NF-") ? outcomes.notFound(kind, id) : kind === "collection" ? outcomes.found(kind, id, status.value) : outcomes.notFound(kind, id)));
  const harness = createTestBot({ enquiry, access: { allowedUserIds: new Set([USER.id, BOB.id]), adminUserIds: new Set([ADMIN.id]), ...access }, ...(now ? { now } : {}) });
  const ask = async (text: string, from = USER) => {
    const before = harness.sent().length;
    await harness.bot.handleUpdate(messageUpdate(text, { from }));
    await settle();
    return harness.sent().slice(before);
  };
  return { ...harness, enquiry, ask, status };
}

describe("/history", () => {
  it("records every check and shows admins the timeline with names, repeated answers folded", async () => {
    const t = bot();
    await t.ask("/collection TX-1");
    await t.ask("/status TX-1", BOB);
    await t.ask("/collection TX-1", BOB);
    t.status.value = "SUCCESS";
    await t.ask("/collection TX-1");
    const [reply] = await t.ask("/history TX-1 collection", ADMIN);
    const text = String(reply?.payload.text);
    expect(text).toMatch(/^🕘 History of TX-1\n/);
    expect(text).toMatch(/Ama · first asked: PENDING/);
    expect(text).toContain("checked 2 more times by one person, still PENDING");
    expect(text).toMatch(/Ama · status changed: SUCCESS/);
    expect(text).toMatch(/Last known status: SUCCESS/);
    expect(buttonsOf(reply?.payload.reply_markup).map((button) => button.text)).toEqual(["🔄 Check now"]);
  });

  it("names nobody to an admin reading in an agents' group: names are for private chats and the team's chats", async () => {
    const t = bot(undefined, { allowedChatIds: new Set([GROUP.id]) });
    await t.ask("/collection TX-3", BOB);
    const before = t.sent().length;
    await t.bot.handleUpdate(messageUpdate("/history TX-3", { from: ADMIN, chat: GROUP }));
    await settle();
    const text = String(t.sent().slice(before)[0]?.payload.text);
    expect(text).not.toContain("Bob");
    expect(text).toMatch(/someone · first asked: PENDING/);
    expect(String((await t.ask("/history TX-3", ADMIN))[0]?.payload.text)).toMatch(/Bob · first asked: PENDING/);
  });

  it("shows an agent the changes and their own checks, never another agent's name", async () => {
    const t = bot();
    await t.ask("/collection TX-2", BOB);
    await t.ask("/collection TX-2", BOB);
    await t.ask("/collection TX-2");
    const [reply] = await t.ask("/history TX-2");
    const text = String(reply?.payload.text);
    expect(text).not.toContain("Bob");
    expect(text).toMatch(/someone · first asked: PENDING/);
    expect(text).toContain("checked once more by one person, still PENDING");
    expect(text).toMatch(/you · PENDING/);
  });

  it("answers usage without an ID, and checks a payment nobody asked about", async () => {
    const t = bot();
    expect((await t.ask("/history"))[0]?.payload.text).toMatch(/^Send \/history with a transaction ID/);
    expect((await t.ask("/history TX-1 cash"))[0]?.payload.text).toMatch(/^Send \/history/);
    const replies = await t.ask("/history TX-9");
    expect(replies.map((reply) => String(reply.payload.text).split("\n")[0])).toEqual(["Nothing recorded for TX-9, checking it now.", expect.stringContaining("TX-9")]);
    const [again] = await t.ask("/history TX-9", ADMIN);
    expect(again?.payload.text).toMatch(/Ama · first asked: PENDING/);
  });

  it("pages a long timeline with ◀ ▶, each page within one phone message", async () => {
    const t = bot();
    for (let i = 0; i < 30; i++) {
      t.status.value = i % 2 === 0 ? "PENDING" : "PROCESSING";
      await t.ask("/collection TX-3");
    }
    const [first] = await t.ask("/history TX-3 collection", ADMIN);
    expect(String(first?.payload.text).length).toBeLessThan(4096);
    expect(first?.payload.text).toMatch(/Page 1 of 2/);
    const next = buttonsOf(first?.payload.reply_markup).find((button) => button.text === "▶");
    expect(next).toBeDefined();
    const data = next && "callback_data" in next ? (next.callback_data ?? "") : "";
    await t.bot.handleUpdate(callbackUpdate(data, { message_id: 1, chat: { id: ADMIN.id, type: "private" } }, ADMIN));
    const [edit] = t.edits();
    expect(edit?.payload.text).toMatch(/Page 2 of 2/);
    expect(buttonsOf(edit?.payload.reply_markup).map((button) => button.text)).toEqual(["◀", "🔄 Check now"]);
  });

  it("turns the pages just shown for a minute without reading the timeline again, then reads it afresh", async () => {
    const clock = { now: Date.now() };
    const t = bot(undefined, undefined, () => clock.now);
    const check = async (count: number) => {
      for (let i = 0; i < count; i++) {
        t.status.value = i % 2 === 0 ? "PENDING" : "PROCESSING";
        await t.ask("/collection TX-6");
      }
    };
    const history = async () => {
      const [first] = await t.ask("/history TX-6 collection", ADMIN);
      const next = buttonsOf(first?.payload.reply_markup).find((button) => button.text === "▶");
      return { first, data: next && "callback_data" in next ? (next.callback_data ?? "") : "" };
    };
    const turn = async (data: string, from: typeof ADMIN | typeof USER) => {
      const before = t.edits().length;
      await t.bot.handleUpdate(callbackUpdate(data, { message_id: 1, chat: { id: from.id, type: "private" } }, from));
      return String(t.edits()[before]?.payload.text);
    };
    await check(30);
    const { first, data } = await history();
    expect(first?.payload.text).toMatch(/Page 1 of 2/);
    // Twenty more checks make a third page; the pages shown a moment ago are turned as they were.
    await check(20);
    expect(await turn(data, ADMIN)).toMatch(/Page 2 of 2/);
    clock.now += 61_000;
    expect(await turn(data, ADMIN)).toMatch(/Page 2 of 3/);
    // /history itself always reads the store; another reader never gets the admin's pages.
    expect((await history()).first?.payload.text).toMatch(/Page 1 of 3/);
    const agents = await turn(data, USER);
    expect(agents).toMatch(/Page 2 of 3/);
    expect(agents).toMatch(/you · /);
    expect(agents).not.toMatch(/Ama · /);
  });

  it("shows a watch started on the payment's timeline, once when both kinds are read", async () => {
    const t = bot();
    await t.ask("/watch TX-5");
    const [reply] = await t.ask("/history TX-5", ADMIN);
    const lines = String(reply?.payload.text).split("\n");
    expect(lines.filter((line) => line.includes("🔔 watch started by Ama"))).toHaveLength(1);
    const [mine] = await t.ask("/history TX-5 collection");
    expect(String(mine?.payload.text)).toContain("🔔 watch started by you");
  });

  it("gives nobody without access anything, the revoked included", async () => {
    const t = bot(undefined, { allowedUserIds: new Set([USER.id]) });
    await t.ask("/allow 5002", ADMIN);
    expect((await t.ask("/collection TX-4", BOB))[0]?.payload.text).toMatch(/TX-4/);
    const stranger = await t.ask("/history TX-4", STRANGER);
    expect(stranger.map((reply) => String(reply.payload.text))).not.toContainEqual(expect.stringContaining("History of"));
    await t.ask("/revoke 5002", ADMIN);
    const revoked = await t.ask("/history TX-4", BOB);
    expect(revoked.map((reply) => String(reply.payload.text))).not.toContainEqual(expect.stringContaining("History of"));
  });
});
