import { join } from "node:path";
import type { InlineKeyboardMarkup } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { ask, useBotProcesses, watchChecks } from "../support/e2e.ts";
import { repliesTo } from "../support/fake-bot-api.ts";

const SERVICE_TOKEN = "service-token-watches-e2e-0123";
const AGENT = { id: 5001, first_name: "Ama", language_code: "en" };
const CHAT = { id: AGENT.id, type: "private" as const, first_name: "Ama" };
/** Another agent, in a chat of their own. */
const OTHER = { id: 5002, first_name: "Kwame", language_code: "en" };
const SETTLE_MS = 2_500;

let enquiries: { at: number; id: string }[] = [];
const suite = useBotProcesses({
  sandbox: { token: SERVICE_TOKEN, settleMs: SETTLE_MS, onEnquiry: (_, id) => enquiries.push({ at: Date.now(), id }) },
  env: { ALLOWED_USER_IDS: `${AGENT.id},${OTHER.id}`, WATCH_FIRST_CHECK_SECONDS: "1", WATCH_MAX_INTERVAL_SECONDS: "1" },
});
afterEach(() => {
  enquiries = [];
});

/** Asks about an ID and presses 🔔 Notify me on the answer; returns the answer's message ID. */
async function askAndNotify(text: string): Promise<number> {
  const { telegram } = suite;
  const answer = await ask(telegram, CHAT, AGENT, text);
  const messageId = (answer.result as { message_id: number }).message_id;
  const notify = (answer.payload.reply_markup as InlineKeyboardMarkup).inline_keyboard.flat().find((button) => button.text === "🔔 Notify me") as { callback_data: string };
  const handled = telegram.calls.length;
  telegram.press(AGENT, { message_id: messageId, chat: CHAT, text: answer.payload.text }, notify.callback_data);
  // The toast, then 🔔 turned into 🔕: by then the watch is in the store.
  await telegram.waitFor((calls) => calls.slice(handled).some((call) => call.method === "editMessageReplyMarkup" && call.payload.message_id === messageId));
  return messageId;
}

/** A payment that stays pending, watched from another chat: its checks show the watch loop turning. */
async function watchElsewhere(id: string): Promise<void> {
  expect((await ask(suite.telegram, { id: OTHER.id, type: "private", first_name: OTHER.first_name }, OTHER, `/watch ${id}`)).payload.text).toMatch(/I'll message you here/);
}

describe("watches, through the real process", () => {
  it("press 🔔 Notify me, and exactly one notification arrives when the payment settles; the answer is then shown settled", async () => {
    const { telegram } = suite;
    const bot = await suite.started();
    await watchElsewhere("COL-PENDING-TURNS-1");
    const answerId = await askAndNotify("/collection COL-SETTLE-E1");
    const [notification] = await telegram.waitFor((calls) => {
      const found = repliesTo(answerId)(calls);
      return found.length > 0 && found;
    }, 15_000);
    expect(notification?.payload.text).toMatch(/^🔔 Settled\n\n✅ Collection COL-SETTLE-E1\nPayment: SUCCESS/);
    const edit = await telegram.waitFor((calls) => calls.find((call) => call.method === "editMessageText" && call.payload.message_id === answerId));
    expect(edit.payload.text).toMatch(/^✅ Collection COL-SETTLE-E1/);
    expect(edit.payload.reply_markup).toBeUndefined();
    expect(bot.logs().some((entry) => entry.msg === "enquiry" && entry.via === "watch" && entry.audit === true)).toBe(true);
    // Settled: checked no more. (Checks of a target never overlap: the one that settled it was the last under way.)
    const checks = enquiries.filter((enquiry) => enquiry.id === "COL-SETTLE-E1").length;
    // Every watch here is due each second: two turns of the loop after the notification, a second apart, and it has been past the settled one.
    await watchChecks(bot, "COL-PENDING-TURNS-1", notification?.at ?? 0, 2);
    expect(repliesTo(answerId)(telegram.calls)).toHaveLength(1);
    expect(enquiries.filter((enquiry) => enquiry.id === "COL-SETTLE-E1")).toHaveLength(checks);
  }, 40_000);

  it("survives a kill of the process: after the restart the watch is checked, and its notification arrives once", async () => {
    const { telegram } = suite;
    const env = { STATE_DB: join(suite.dir, "restart.db") };
    const first = await suite.started(env);
    const answerId = await askAndNotify("/collection COL-SETTLE-E2");
    await first.stop("SIGKILL");
    expect(repliesTo(answerId)(telegram.calls)).toHaveLength(0);
    const second = await suite.started(env);
    await watchElsewhere("COL-PENDING-TURNS-2");
    const [notification] = await telegram.waitFor((calls) => {
      const found = repliesTo(answerId)(calls);
      return found.length > 0 && found;
    }, 15_000);
    await watchChecks(second, "COL-PENDING-TURNS-2", notification?.at ?? 0, 2);
    expect(repliesTo(answerId)(telegram.calls)).toHaveLength(1);
  }, 60_000);

  it("ends the watches of a chat that blocked the bot, and checks them no more", async () => {
    const { telegram } = suite;
    const bot = await suite.started();
    await watchElsewhere("COL-PENDING-TURNS-3");
    await askAndNotify("/collection COL-SETTLE-E3");
    await askAndNotify("/collection COL-PENDING-E3");
    telegram.failNext({ method: "sendMessage", times: 1, response: { status: 403, error_code: 403, description: "Forbidden: bot was blocked by the user" } });
    const ended = await bot.waitForLog((entry) => entry.msg === "the bot can no longer write to this chat: its watches end", 15_000);
    // Two turns of the loop since: a check claimed before the end, in the same turn as the first
    // of them, may reach the provider after it (under load); by the second it has.
    const settled = await watchChecks(bot, "COL-PENDING-TURNS-3", Date.parse(String(ended.time)), 2);
    const checks = enquiries.filter((enquiry) => enquiry.id === "COL-PENDING-E3").length;
    // Every watch here is due each second: two more turns, a second apart, and neither checks it.
    await watchChecks(bot, "COL-PENDING-TURNS-3", settled, 2);
    expect(enquiries.filter((enquiry) => enquiry.id === "COL-PENDING-E3")).toHaveLength(checks);
  }, 40_000);

  it("gives up, with one message each, on an ID never found and on a payment never final", async () => {
    const { telegram } = suite;
    // Given up as not found at the check after 1.8 s, well before either is 5.4 s old.
    const bot = await suite.started({ WATCH_NOT_FOUND_MINUTES: "0.03", WATCH_MAX_HOURS: "0.0015" });
    const unknown = telegram.sendText(CHAT, AGENT, "/watch NEVER-SEEN-1");
    const pending = telegram.sendText(CHAT, AGENT, "/watch COL-PENDING-E4");
    const answerOf = async (messageId: number | undefined) => {
      const [reply] = await telegram.waitFor((calls) => {
        const found = repliesTo(messageId)(calls);
        return found.length > 0 && found;
      });
      return (reply?.result as { message_id: number }).message_id;
    };
    const unknownAnswer = await answerOf(unknown.message?.message_id);
    const pendingAnswer = await answerOf(pending.message?.message_id);
    const given = await telegram.waitFor((calls) => {
      const [unknownGivenUp, pendingGivenUp] = [repliesTo(unknownAnswer)(calls)[0], repliesTo(pendingAnswer)(calls)[0]];
      return unknownGivenUp && pendingGivenUp && [unknownGivenUp, pendingGivenUp];
    }, 20_000);
    // Watched from then on (for less than its own 5.4 s): two of its checks, a second apart, and the loop is past both.
    await watchElsewhere("COL-PENDING-TURNS-4");
    await watchChecks(bot, "COL-PENDING-TURNS-4", Math.max(...given.map((call) => call.at)), 2);
    const [gaveUpUnknown] = repliesTo(unknownAnswer)(telegram.calls);
    const [gaveUpPending] = repliesTo(pendingAnswer)(telegram.calls);
    expect(repliesTo(unknownAnswer)(telegram.calls)).toHaveLength(1);
    expect(repliesTo(pendingAnswer)(telegram.calls)).toHaveLength(1);
    expect(gaveUpUnknown?.payload.text).toMatch(/^🔍 Still not found after 0\.03 min: I have stopped watching it\.[\s\S]*Collection or airtime NEVER-SEEN-1/);
    expect(gaveUpPending?.payload.text).toMatch(/^⏳ Still not final after 0\.0015 h[\s\S]*Transaction ID: COL-PENDING-E4\nService ID: [0-9a-f-]+\nLast status: PENDING/);
  }, 40_000);

  it("keeps 1,000 watches within ENQUIRY_MAX_PER_SECOND, and answers a command during the storm at interactive speed", async () => {
    const { telegram } = suite;
    const perSecond = 200;
    await suite.started({ ENQUIRY_MAX_PER_SECOND: String(perSecond), WATCH_MAX_PER_USER: "1000", RATE_LIMIT_MAX: "100000", WATCH_FIRST_CHECK_SECONDS: "2", WATCH_MAX_INTERVAL_SECONDS: "30" });
    const commands = Array.from({ length: 50 }, (_, c) => telegram.sendText(CHAT, AGENT, `/watch ${Array.from({ length: 20 }, (_, i) => `COL-PENDING-W${c * 20 + i}`).join(" ")}`));
    await telegram.waitFor((calls) => commands.every((command) => repliesTo(command.message?.message_id)(calls).length > 0), 30_000);
    expect(repliesTo(commands[0]?.message?.message_id)(telegram.calls)[0]?.payload.text).toMatch(/I'll message you here as each of these 20 payments settles/);
    const storm = Date.now();
    // The command is sent once the storm is well under way.
    await telegram.waitFor(() => enquiries.filter((enquiry) => enquiry.id.includes("-W") && enquiry.at >= storm).length >= 300, 20_000);
    const asked = telegram.sendText(CHAT, AGENT, "/collection COL-SUCCESS-DURING");
    const sentAt = Date.now();
    const [reply] = await telegram.waitFor((calls) => {
      const found = repliesTo(asked.message?.message_id)(calls);
      return found.length > 0 && found;
    });
    expect((reply?.at ?? Infinity) - sentAt).toBeLessThan(1_000);
    // Every watch gets checked: waited for, however long this machine takes.
    const checkedInStorm = () => new Set(enquiries.filter((enquiry) => enquiry.id.includes("-W") && enquiry.at >= storm).map((enquiry) => enquiry.id)).size;
    await telegram.waitFor(() => checkedInStorm() === 1_000, 30_000);
    // And no second of the storm saw more than the budget.
    const background = enquiries.filter((enquiry) => enquiry.id.includes("-W") && enquiry.at >= storm).map((enquiry) => enquiry.at);
    const busiest = Math.max(...background.map((at) => background.filter((other) => other >= at && other < at + 1_000).length));
    expect(busiest).toBeLessThanOrEqual(perSecond);
    expect(busiest).toBeGreaterThan(perSecond / 2);
  }, 90_000);
});
