import { Api } from "grammy";
import type { MessageEntity } from "grammy/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_WATCH_SETTINGS } from "../../../../src/config/areas/watches.ts";
import type { NewWatch, TargetRef } from "../../../../src/payments/watches/target.ts";
import { createWatchStore } from "../../../../src/payments/watches/watch-store.ts";
import { IN_MEMORY } from "../../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../../src/state/sqlite/sqlite-store.ts";
import { ShownAnswers } from "../../../../src/telegram/stores/shown-answers.ts";
import { ChatAliases } from "../../../../src/telegram/stores/chat-aliases.ts";
import { startWatchNotifier, type NotificationResult } from "../../../../src/telegram/features/watches/watch-notifier.ts";
import { createMessenger } from "../../../../src/telegram/notify/messenger.ts";
import { formatClock } from "../../../../src/telegram/views/format/text.ts";
import { ButtonStore } from "../../../../src/telegram/stores/button-store.ts";
import { BOT_TOKEN, translations } from "../../../support/bot-harness.ts";
import { fakeTelegramFetch, type Failure } from "../../../support/fake-telegram-fetch.ts";
import { captureLogs } from "../../../support/logs.ts";
import { outcomes } from "../../../support/outcomes.ts";

const TX1: TargetRef = { scope: "collection", transactionId: "TX-1" };
const watcher = (userId: number, chatId: number, name: string, messageId = 70): NewWatch => ({
  chatId,
  chatType: chatId < 0 ? "supergroup" : "private",
  messageId,
  locale: "en",
  subscriber: { userId, name },
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function setup(failWith?: (method: string, payload: Record<string, unknown>) => Failure | undefined, allowed: (chatId: number) => boolean = () => true) {
  const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const store = createWatchStore({ state, schedule: DEFAULT_WATCH_SETTINGS });
  const telegram = fakeTelegramFetch(failWith);
  const api = new Api(BOT_TOKEN, { fetch: telegram.fetch });
  const results: NotificationResult[] = [];
  const answers = new ShownAnswers(state.kv);
  const logs = captureLogs();
  const aliases = new ChatAliases(state.kv);
  const notifier = startWatchNotifier({
    store,
    api,
    counters: state.counters,
    messenger: createMessenger({ api, translations, admins: { chatId: undefined, userIds: new Set() }, aliases, logger: logs.logger }),
    shownAnswers: answers,
    buttons: new ButtonStore(state.kv),
    aliases,
    times: { maxHours: 24, notFoundMinutes: 30 },
    adminAlerted: false,
    clock: formatClock,
    logger: logs.logger,
    onResult: (result) => results.push(result),
    mayWatch: (watch) => Promise.resolve(allowed(watch.chatId)),
  });
  stop = async () => {
    await notifier.stop(1_000);
    await state.close();
  };
  const sent = () => telegram.calls.filter((call) => call.method === "sendMessage");
  return { state, store, telegram, results, answers, sent, logs };
}

describe("watch notifications", () => {
  it("sends one message when a payment settles, as a reply to the answer, then shows the answer settled, without buttons", async () => {
    const { store, answers, sent, telegram, results } = await setup();
    await answers.save(5001, 70, { query: { scope: "collection", ids: ["TX-1"] }, results: [{ id: "TX-1", outcomes: [outcomes.pending("collection", "TX-1")] }] });
    await store.subscribe([TX1], watcher(5001, 5001, "Ama"), 50);
    await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
    await vi.waitFor(() => expect(results).toEqual(["sent"]), { timeout: 3_000 });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.payload).toMatchObject({ chat_id: 5001, reply_parameters: { message_id: 70, allow_sending_without_reply: true } });
    expect(sent()[0]?.payload.text).toMatch(/^🔔 Settled\n\n✅ Collection TX-1\nPayment: SUCCESS\nMNO ref: /);
    const edit = telegram.calls.find((call) => call.method === "editMessageText");
    expect(edit?.payload).toMatchObject({ chat_id: 5001, message_id: 70, text: expect.stringMatching(/^✅ Collection TX-1/) });
    expect(edit?.payload.reply_markup).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sent()).toHaveLength(1);
    expect(await store.load(TX1)).toBeUndefined();
  });

  it("the answer shown settled says when the settled check was made, not the pending one (/status: the other kind's time neither)", async () => {
    const { store, answers, telegram, results } = await setup();
    const pendingAt = new Date("2026-11-22T17:34:20Z");
    const settledAt = new Date("2026-11-22T17:52:05Z");
    const REF: TargetRef = { scope: "status", transactionId: "TX-1" };
    await answers.save(5001, 70, {
      query: { scope: "status", ids: ["TX-1"] },
      results: [{ id: "TX-1", outcomes: [{ ...outcomes.pending("collection", "TX-1"), checkedAt: pendingAt }, { ...outcomes.notFound("airtime", "TX-1"), checkedAt: pendingAt }] }],
    });
    await store.subscribe([REF], watcher(5001, 5001, "Ama"), 50);
    await store.recordCheck(REF, [{ ...outcomes.success("collection", "TX-1"), checkedAt: settledAt }, { ...outcomes.notFound("airtime", "TX-1"), checkedAt: settledAt }]);
    await vi.waitFor(() => expect(results).toEqual(["sent"]), { timeout: 3_000 });
    const edit = telegram.calls.find((call) => call.method === "editMessageText");
    expect(edit?.payload.text).toMatch(/^✅ Collection TX-1[\s\S]*Checked 17:52:05 UTC$/);
  });

  it("sends nothing to a chat whose access ended after the payment settled, nor shows the answer settled there", async () => {
    const revoked = new Set<number>();
    const { store, answers, telegram, results, logs } = await setup(undefined, (chatId) => !revoked.has(chatId));
    await answers.save(5001, 70, { query: { scope: "collection", ids: ["TX-1"] }, results: [{ id: "TX-1", outcomes: [outcomes.pending("collection", "TX-1")] }] });
    await store.subscribe([TX1], watcher(5001, 5001, "Ama"), 50);
    await store.subscribe([TX1], watcher(5002, -100500, "Kofi"), 50);
    revoked.add(-100500);
    await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
    await vi.waitFor(() => expect(results.sort()).toEqual(["dropped", "sent"]), { timeout: 3_000 });
    expect(telegram.calls.filter((call) => call.payload.chat_id === -100500)).toEqual([]);
    expect(logs.entries().filter((entry) => entry.msg === "watch notification dropped: the chat may no longer see it")).toHaveLength(1);
    expect(await store.load(TX1)).toBeUndefined();
  });

  it("mentions every subscriber in a group, so each phone rings", async () => {
    const { store, sent, results } = await setup();
    await store.subscribe([TX1], watcher(5001, -100, "Ama"), 50);
    await store.subscribe([TX1], watcher(5002, -100, "Kofi"), 50);
    await store.recordCheck(TX1, [outcomes.failed("collection", "TX-1", "Wrong PIN")]);
    await vi.waitFor(() => expect(results).toEqual(["sent"]), { timeout: 3_000 });
    const message = sent()[0]?.payload;
    expect(message?.text).toMatch(/Reason: Wrong PIN[\s\S]*\n\nFor: Ama, Kofi$/);
    // Inline mentions (tg://user?id=…): they notify the person even without a username.
    const mentions = (message?.entities as MessageEntity[]).filter((entity) => entity.type === "text_link") as (MessageEntity & { url: string })[];
    expect(mentions.map((entity) => entity.url)).toEqual(["tg://user?id=5001", "tg://user?id=5002"]);
  });

  it("ends a chat's watches when the bot is blocked there, and goes on with the other chats", async () => {
    const { store, sent, results } = await setup((method, payload) => (method === "sendMessage" && payload.chat_id === 5001 ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined));
    const TX2: TargetRef = { scope: "collection", transactionId: "TX-2" };
    await store.subscribe([TX1, TX2], watcher(5001, 5001, "Ama"), 50);
    await store.subscribe([TX2], watcher(5003, 5003, "Esi"), 50);
    await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
    await vi.waitFor(() => expect(results).toContain("blocked"), { timeout: 3_000 });
    expect(await store.load(TX1)).toBeUndefined();
    expect((await store.load(TX2))?.watches.map((watch) => watch.chatId)).toEqual([5003]);
    expect(sent().filter((call) => call.payload.chat_id === 5001)).toHaveLength(1);
  });

  it("waits out a 429 for that chat without holding up another chat's notification, then sends it once", async () => {
    let throttled = 1;
    const { store, sent, results } = await setup((method, payload) =>
      method === "sendMessage" && payload.chat_id === 5001 && throttled-- > 0 ? { error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } } : undefined,
    );
    const TX2: TargetRef = { scope: "collection", transactionId: "TX-2" };
    await store.subscribe([TX1], watcher(5001, 5001, "Ama"), 50);
    await store.subscribe([TX2], watcher(5003, 5003, "Esi"), 50);
    await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
    await store.recordCheck(TX2, [outcomes.success("collection", "TX-2")]);
    await vi.waitFor(() => expect(results.filter((r) => r === "sent")).toHaveLength(1), { timeout: 3_000 });
    expect(sent().some((call) => call.payload.chat_id === 5003)).toBe(true);
    await vi.waitFor(() => expect(results.filter((r) => r === "sent")).toHaveLength(2), { timeout: 4_000 });
    expect(results).toContain("rate_limited");
    expect(sent().filter((call) => call.payload.chat_id === 5001)).toHaveLength(2);
  });

  it("follows a group upgraded to a supergroup: the watch moves to the new ID, and the message goes there", async () => {
    const { store, sent, results } = await setup((method, payload) =>
      method === "sendMessage" && payload.chat_id === -55 ? { error_code: 400, description: "Bad Request: group chat was upgraded to a supergroup chat", parameters: { migrate_to_chat_id: -10055 } } : undefined,
    );
    await store.subscribe([TX1], watcher(5001, -55, "Ama"), 50);
    await store.recordCheck(TX1, [outcomes.success("collection", "TX-1")]);
    await vi.waitFor(() => expect(results).toEqual(["migrated", "sent"]), { timeout: 3_000 });
    expect(sent().at(-1)?.payload.chat_id).toBe(-10055);
  });

  it("keeps Telegram's limit of one message a second per chat", async () => {
    const { store, sent, results } = await setup();
    const refs = ["TX-1", "TX-2", "TX-3"].map((transactionId) => ({ scope: "collection" as const, transactionId }));
    await store.subscribe(refs, watcher(5001, 5001, "Ama"), 50);
    for (const ref of refs) await store.recordCheck(ref, [outcomes.success("collection", ref.transactionId)]);
    await vi.waitFor(() => expect(results.filter((r) => r === "sent")).toHaveLength(3), { timeout: 5_000 });
    const sentAt = sent().map((call) => call.at);
    expect(sentAt).toHaveLength(3);
    expect((sentAt[2] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(1_900);
  });
});
