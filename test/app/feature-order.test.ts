import type { Message, Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { StateUnavailableError, type KeyValueStore, type StateStore } from "../../src/state/ports.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import type { ApiCall } from "../support/bot-harness.ts";
import { createTestBot } from "../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../support/outcomes.ts";
import { messageUpdate, USER } from "../support/updates.ts";

/**
 * The one order of the features (app/assemble.ts) matters for messages alone: several features
 * read a private message, and the first to take it answers. Each case below is a message two
 * features could take, answered by the one the order puts first.
 */
const SUPPORT = -1005555555555;
const BOT_ID = 123456789;
const PRIVATE = { id: USER.id, type: "private" as const, first_name: USER.first_name };

function setup() {
  const messages = new Map<number, ApiCall["payload"]>();
  let nextId = 30_000;
  const harness = createTestBot({
    // COL- IDs fail as collections and are unknown as airtime: a case opens on the collection.
    enquiry: scriptedEnquiry((kind, id) => (kind === "collection" ? outcomes.failed(kind, id) : outcomes.notFound(kind, id))),
    support: { chatId: SUPPORT, threadId: undefined, remindMs: 15 * 60_000 },
    answerWith: (method, payload) => {
      if (method !== "sendMessage" && method !== "copyMessage") return undefined;
      const id = nextId++;
      messages.set(id, payload);
      return method === "copyMessage" ? { message_id: id } : { message_id: id, date: 0, chat: { id: payload.chat_id, type: Number(payload.chat_id) < 0 ? "supergroup" : "private" }, text: payload.text };
    },
  });
  /** What the bot said to the agent since `from` (a count of calls). */
  const toAgentSince = (from: number) => harness.calls.slice(from).filter((call) => call.payload.chat_id === USER.id && call.method === "sendMessage").map((call) => String(call.payload.text));
  const write = async (text: string, extra: Partial<Message> = {}) => {
    const from = harness.calls.length;
    const update = messageUpdate(text) as Update & { message: Message };
    Object.assign(update.message, extra);
    await harness.bot.handleUpdate(update);
    return { said: toAgentSince(from), calls: harness.calls.slice(from) };
  };
  return { harness, messages, write };
}

/** The agent opens case #1 with /escalate; the ID of the bot's message that says so (a reply to it is for the case). */
async function withOpenCase() {
  const t = setup();
  await t.write("/escalate COL-FAILED-1");
  const opened = [...t.messages.entries()].find(([, payload]) => payload.chat_id === USER.id && String(payload.text).startsWith("🆘 Case #1 opened"));
  if (!opened) throw new Error("no case opened");
  return { ...t, openedId: opened[0] };
}

const replyTo = (messageId: number): Partial<Message> => ({ reply_to_message: { message_id: messageId, date: 0, chat: PRIVATE, from: { id: BOT_ID, is_bot: true, first_name: "bot" } } as Message["reply_to_message"] });

describe("the order of the features, for the messages several could take", () => {
  it("cases before files: a file an agent sends in reply to their case goes to support, not to a bulk check", async () => {
    const t = await withOpenCase();
    const { said, calls } = await t.write("", { text: undefined, document: { file_id: "f-1", file_unique_id: "u-1", file_name: "ids.csv", file_size: 100 }, ...replyTo(t.openedId) });
    expect(calls.filter((call) => call.method === "copyMessage").map((call) => call.payload.chat_id)).toEqual([SUPPORT]);
    expect(said).toEqual([]);
    expect(t.harness.downloads).toEqual([]);
  });

  it("cases before bare IDs and the hint: words without an ID from an agent with an open case are offered to support", async () => {
    const t = await withOpenCase();
    expect((await t.write("the customer says he paid twice")).said).toEqual([expect.stringMatching(/^💬 Is this for support, about case #1/)]);
  });

  it("a file without Reply still reaches the bulk check past cases", async () => {
    const t = await withOpenCase();
    expect((await t.write("", { text: undefined, document: { file_id: "f-2", file_unique_id: "u-2", file_name: "ids.csv", file_size: 100 } })).said).toEqual(["What kind of transactions are in ids.csv?"]);
  });

  it("a receipt's check before help: /start r_<code> answers about the receipt, not with the welcome", async () => {
    const t = setup();
    expect((await t.write("/start r_ZZZZ-ZZZZ-ZZZZ")).said).toEqual(["❌ No such receipt\n\nNo such receipt: it was not made by this service."]);
  });

  it("an unknown command before bare IDs: /colection gets its nearest command, not silence", async () => {
    const t = setup();
    expect((await t.write("/colection TX-12345")).said).toEqual(["I don't know that command. Did you mean /collection? /help lists everything."]);
  });

  it("bare IDs before the hint: an ID sent alone gets the choice of kind", async () => {
    const t = setup();
    expect((await t.write("TX-12345")).said).toEqual(["What kind of transaction is this?"]);
  });

  it("the hint last: anything else in a private chat", async () => {
    const t = setup();
    const { said } = await t.write("", { text: undefined, sticker: { file_id: "s", file_unique_id: "s", type: "regular", width: 1, height: 1, is_animated: false, is_video: false } });
    expect(said).toEqual([expect.stringMatching(/^I understand transaction IDs sent as text/)]);
  });
});

describe("a feature's failure stays its own", () => {
  it("is logged once, naming the feature, and no other feature answers the message instead", async () => {
    const refusing = createTestBot({
      enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)),
      failWith: (method, payload) => (method === "sendMessage" && String(payload.text).startsWith("I don't know that command") ? { error_code: 400, description: "Bad Request: not enough rights" } : undefined),
    });
    await refusing.bot.handleUpdate(messageUpdate("/nosuchthing"));
    const failures = refusing.logs.entries().filter((entry) => entry.msg === "Telegram refused a call");
    expect(failures).toEqual([expect.objectContaining({ level: "error", feature: "unknownCommand", method: "sendMessage", code: 400 })]);
    expect(refusing.sent().map((call) => call.payload.text)).toEqual([expect.stringMatching(/^I don't know that command/)]);
    // The next message is handled as ever.
    await refusing.bot.handleUpdate(messageUpdate("TX-12345"));
    expect(refusing.sent().at(-1)?.payload.text).toBe("What kind of transaction is this?");
  });

  it("but the state store away is said as ever, whichever feature met it: checking payments still works", async () => {
    // A store whose key-values refuse what a file waiting for its kind writes.
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const kv = new Proxy(state.kv, {
      get: (target, key: keyof KeyValueStore) =>
        key === "set"
          ? async (name: string, value: string, ttlMs: number) => {
              if (name.startsWith("bulk-file:")) throw new StateUnavailableError("Redis is away");
              return target.set(name, value, ttlMs);
            }
          : (target[key] as (...args: unknown[]) => unknown).bind(target),
    });
    const away = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)), state: new Proxy(state, { get: (target, key: keyof StateStore): unknown => (key === "kv" ? kv : Reflect.get(target, key)) }) });
    const update = messageUpdate("") as Update & { message: Message };
    Object.assign(update.message, { text: undefined, document: { file_id: "f-3", file_unique_id: "u-3", file_name: "ids.csv", file_size: 100 } });
    await away.bot.handleUpdate(update);
    expect(away.sent().map((call) => call.payload.text)).toEqual([expect.stringMatching(/^I cannot reach my store right now, so I cannot do that/)]);
    expect(away.logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
  });
});
