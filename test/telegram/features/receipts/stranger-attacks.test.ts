import { afterEach, describe, expect, it } from "vitest";
import type { EnquiryKind, EnquiryOutcome } from "../../../../src/payments/enquiry/types.ts";
import { RECEIPT_CHECK_LIMITS } from "../../../../src/payments/receipts/check-limits.ts";
import { createTestBot, type HarnessOptions } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, groupMessage, GROUP, messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

/** The receipts' open surface, attacked by strangers: what they reach, and what a flood of them costs everyone else. */
const made: ReturnType<typeof createTestBot>[] = [];
afterEach(async () => {
  for (const harness of made.splice(0)) await harness.state.close();
});

function setup(options: Partial<HarnessOptions> = {}) {
  const enquiry = scriptedEnquiry((kind: EnquiryKind, id: string): EnquiryOutcome => ({ ...(id.startsWith("COL-OK") ? outcomes.success(kind, id) : outcomes.notFound(kind, id)), checkedAt: new Date() }));
  const harness = createTestBot({ enquiry, access: { allowedChatIds: new Set([GROUP.id]) }, ...options });
  made.push(harness);
  const say = async (text: string, from = USER) => {
    const before = harness.calls.length;
    await harness.bot.handleUpdate(messageUpdate(text, { from }));
    return harness.calls.slice(before).filter((call) => call.method === "sendMessage" || call.method === "sendPhoto");
  };
  const receipt = async (id: string) => {
    const [reply] = await say(`/receipt ${id}`);
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(String(reply?.payload.text))?.[0];
    if (!code) throw new Error(`no receipt made: ${JSON.stringify(reply?.payload)}`);
    return code;
  };
  return { harness, enquiry, say, receipt };
}

const stranger = (index: number) => ({ ...STRANGER, id: 700_000 + index, first_name: `S${index}` });

describe("a flood of strangers' checks", () => {
  it("2,000 checks whose replies Telegram throttles: never retried nor queued, the provider asked once, and the agent still answered", async () => {
    const STRANGERS = 2_000;
    // Telegram answers every reply to a stranger with 429 (as it would to a flood), asking to wait 30 s: longer than this test.
    const t = setup({ failWith: (method, payload) => (method === "sendMessage" && Number(payload.chat_id) >= 700_000 ? { error_code: 429, description: "Too Many Requests: retry after 30", parameters: { retry_after: 30 } } : undefined) });
    const code = await t.receipt("COL-OK-1");
    const asked = t.enquiry.calls.length;
    const flood = Array.from({ length: STRANGERS }, (_, index) => t.harness.bot.handleUpdate(messageUpdate(index % 2 ? `/verify ${code}` : `/start r_${code}`, { from: stranger(index) })));
    const agent = t.say("/status COL-OK-2");
    await Promise.all(flood);
    await agent;
    const answer = t.harness.sent().find((call) => call.payload.chat_id === USER.id && String(call.payload.text).includes("COL-OK-2"));
    expect(String(answer?.payload.text)).toMatch(/^✅ .*COL-OK-2/);
    const toStrangers = t.harness.calls.filter((call) => call.method === "sendMessage" && Number(call.payload.chat_id) >= 700_000);
    // Best effort, as any reply to a stranger: the few on their way when the first 429 came back, then silence; never a retry.
    expect(toStrangers.length).toBeLessThanOrEqual(8);
    // What the provider says now of that payment is asked once however many check it at once; the agent's own check was made.
    expect(t.enquiry.calls.slice(asked).filter((call) => call.id === "COL-OK-1")).toHaveLength(1);
    expect(t.enquiry.calls.slice(asked).filter((call) => call.id === "COL-OK-2").length).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it("one person's refused checks are told and logged once a window, not once each", async () => {
    const t = setup();
    for (let check = 0; check < RECEIPT_CHECK_LIMITS.each.limit + 50; check++) await t.harness.bot.handleUpdate(messageUpdate("/verify ZZZZ-ZZZZ-ZZZZ", { from: STRANGER }));
    expect(t.harness.sent().filter((call) => call.payload.text === "Too many checks just now. Please try again in a few minutes.")).toHaveLength(1);
    expect(t.harness.logs.lines.filter((line) => line.includes("too many checks"))).toHaveLength(1);
  });

  it("an agent's own check is answered as any answer to them, through Telegram's throttling", async () => {
    let refused = 0;
    const t = setup({ failWith: (method, payload) => (method === "sendMessage" && payload.chat_id === USER.id && refused++ === 0 ? { error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } } : undefined) });
    const [reply] = await t.say("/verify ZZZZ-ZZZZ-ZZZZ");
    expect(reply?.payload.text).toMatch(/^❌ No such receipt/);
    expect(t.harness.sent().filter((call) => call.payload.chat_id === USER.id)).toHaveLength(2);
  });
});

describe("what else a stranger reaches", () => {
  it("nothing: not /receipt, not a 🧾 in their own chat, not /start r_ or /verify in a group, not an inline query", async () => {
    const t = setup();
    const code = await t.receipt("COL-OK-1");
    const asked = t.enquiry.calls.length;
    const before = t.harness.calls.length;
    await t.say("/receipt COL-OK-1", STRANGER);
    await t.say(`/receipt revoke ${code}`, STRANGER);
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-OK-1", { message_id: 77, chat: { id: STRANGER.id, type: "private" } }, STRANGER));
    const elsewhere = { id: -100777, type: "supergroup" as const, title: "Elsewhere" };
    await t.harness.bot.handleUpdate(groupMessage(`/start r_${code}`, { from: STRANGER, chat: elsewhere }));
    await t.harness.bot.handleUpdate(groupMessage(`/verify ${code}`, { from: STRANGER, chat: elsewhere }));
    await t.harness.bot.handleUpdate({ update_id: 990_001, inline_query: { id: "iq-1", from: STRANGER, query: code, offset: "" } });
    const after = t.harness.calls.slice(before);
    expect(t.harness.photos()).toHaveLength(0);
    for (const call of after) expect(JSON.stringify(call.payload), call.method).not.toMatch(/genuine|COL-OK-1|Receipt number/);
    expect(t.enquiry.calls.slice(asked)).toEqual([]);
    // The one receipt still checks: nothing above revoked it.
    expect(String((await t.say(`/verify ${code}`, STRANGER))[0]?.payload.text)).toMatch(/^✅ A genuine receipt/);
  });

  it("a check only, from a message that holds one: a forwarded /verify, a command hidden after the code", async () => {
    const t = setup();
    const code = await t.receipt("COL-OK-1");
    const asked = t.enquiry.calls.length;
    const [reply] = await t.say(`/verify ${code} /status COL-OK-1`, STRANGER);
    expect(reply?.payload.text).toMatch(/^❌ No such receipt/);
    expect(t.enquiry.calls.slice(asked)).toEqual([]);
  });
});

describe("codes as strangers type them", () => {
  it("finds the receipt through look-alike spellings a phone produces: invisible characters, full-width letters, other dashes", async () => {
    const t = setup();
    const code = await t.receipt("COL-OK-1");
    const compact = code.replace(/-/g, "");
    const fullWidth = [...compact].map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).join("");
    for (const typed of [`\u200b${code}\u200d`, code.replace(/-/g, "\u2011"), code.replace(/-/g, "\u2013"), `${code.slice(0, 4)}\u00ad${code.slice(4)}`, fullWidth, `\ufeff${code}`]) {
      expect(String((await t.say(`/verify ${typed}`, { ...STRANGER, id: STRANGER.id + typed.length }))[0]?.payload.text), JSON.stringify(typed)).toMatch(/^✅ A genuine receipt/);
    }
  });

  it("answers 'no such receipt' to anything else, however long or strange, and never fails", async () => {
    const t = setup();
    const code = await t.receipt("COL-OK-1");
    const unknown = "❌ No such receipt\n\nNo such receipt: it was not made by this service.";
    const hostile = [
      "A".repeat(10_000),
      `${code} ${code}`,
      `${code},ZZZZ-ZZZZ-ZZZZ`,
      // Cyrillic and Greek look-alikes of Latin capitals are other letters: not the code.
      code.replace(/[A-Z]/, "\u0410"),
      "r_" + code,
      "\u202e" + code.split("").reverse().join(""),
      "0".repeat(12),
      "UUUU-UUUU-UUUU",
      "%00%00",
      "\u0000\u0001\u0002",
    ];
    for (const [index, typed] of hostile.entries()) {
      const replies = await t.say(`/verify ${typed}`, { ...STRANGER, id: 800_000 + index });
      expect(replies.map((reply) => reply.payload.text), JSON.stringify(typed.slice(0, 40))).toEqual([unknown]);
    }
    expect(t.harness.logs.lines.filter((line) => line.includes('"level":50') || line.includes("failed"))).toEqual([]);
  });
});

describe("an agent's 🧾 on a stale answer", () => {
  it("states what the provider says now: a SUCCESS since reversed makes a FAILED receipt, one no longer settled makes none", async () => {
    let now = Date.now();
    let status: "success" | "reversed" | "pending" = "success";
    const enquiry = scriptedEnquiry((kind, id) => ({
      ...(status === "success" ? outcomes.success(kind, id) : status === "reversed" ? outcomes.failed(kind, id, "Reversed by the MNO") : outcomes.pending(kind, id)),
      checkedAt: new Date(now),
    }));
    const pictures: string[] = [];
    const t = setup({ enquiry, now: () => now, cacheTtlSeconds: 300, receiptPicture: async (layout) => (pictures.push(`${layout.status.tone}:${layout.transactionId}`), Buffer.from("png")) });
    await t.say("/collection COL-OK-1");
    const answer = t.harness.sent().at(-1);
    status = "reversed";
    now += 61_000;
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-OK-1", { message_id: 4242, chat: { id: USER.id, type: "private" }, reply_markup: answer?.payload.reply_markup }));
    expect(pictures).toEqual(["failed:COL-OK-1"]);
    status = "pending";
    now += 61_000;
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-OK-1", { message_id: 4242, chat: { id: USER.id, type: "private" }, reply_markup: answer?.payload.reply_markup }));
    expect(pictures).toHaveLength(1);
    expect(t.harness.sent().at(-1)?.payload.text).toMatch(/^No receipt for COL-OK-1/);
  });
});
