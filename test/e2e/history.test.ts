import type { Update } from "grammy/types";
import { describe, expect, it, vi } from "vitest";
import { webhookDeliverers, webhookInstanceEnv } from "../support/bot-process.ts";
import { readReport } from "../support/csv.ts";
import { useBotProcesses } from "../support/e2e.ts";
import { repliesTo } from "../support/fake-bot-api.ts";
import { probeRedis } from "../support/redis.ts";

const redis = await probeRedis();
const SECRET = "webhook_secret-e2e-history-0123456789";
const AMA = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
const BOB = { id: 5002, is_bot: false, first_name: "Bob", language_code: "en" };
const ADA = { id: 7007, is_bot: false, first_name: "Ada", language_code: "en" };
const suite = useBotProcesses({
  sandbox: { token: "service-token-history-e2e-0123", settleMs: 60_000 },
  env: { ALLOWED_USER_IDS: `${AMA.id},${BOB.id}`, ADMIN_USER_IDS: String(ADA.id) },
});

let nextId = 1;
const command = (from: typeof AMA, text: string): Update =>
  ({ update_id: nextId++, message: { message_id: nextId, date: 1, chat: { id: from.id, type: "private", first_name: from.first_name }, from, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });

describe.skipIf(!redis.available)("the history across instances (webhook, Redis)", () => {
  it("keeps one timeline whichever instance answered, exports it, and keeps it across a restart", async () => {
    const { telegram } = suite;
    const shared = suite.sharedRedis(redis, "history-e2e");
    const env = webhookInstanceEnv(SECRET, shared.REDIS_URL ?? "", shared.REDIS_PREFIX ?? "");
    const pair = [suite.start(env), suite.start(env)];
    const [a, b] = await webhookDeliverers(pair, SECRET);
    const ID = "COL-PENDING-HISTORY-1";
    expect(await a?.(command(AMA, `/collection ${ID}`))).toBe(200);
    expect(await b?.(command(BOB, `/collection ${ID}`))).toBe(200);
    expect(await a?.(command(BOB, `/collection ${ID}`))).toBe(200);
    expect(await b?.(command(AMA, `/watch ${ID}`))).toBe(200);

    /** /history as the admin asks it through one instance: its reply's lines, once the four entries are written (after their replies). */
    const history = (deliver: typeof a) =>
      vi.waitFor(
        async () => {
          const asked = command(ADA, `/history ${ID} collection`);
          await deliver?.(asked);
          const text = String(repliesTo(asked.message?.message_id)(telegram.calls)[0]?.payload.text ?? "");
          if (!text.includes("checked once more")) throw new Error(`not every entry is written yet: ${text}`);
          return text.split("\n");
        },
        { timeout: 15_000, interval: 200 },
      );
    const throughA = await history(a);
    expect(throughA.slice(2, -2)).toEqual([
      expect.stringMatching(/ Ama · first asked: PENDING/),
      "   ↻ checked 2 more times by one person, still PENDING",
      expect.stringMatching(/ 🔔 watch started by Ama$/),
      "   ↻ checked once more by one person, still PENDING",
    ]);
    expect(await history(b)).toEqual(throughA);

    const exported = command(ADA, "/export today");
    expect(await b?.(exported)).toBe(200);
    const documents = await telegram.waitFor((calls) => {
      const sent = calls.filter((call) => call.method === "sendDocument");
      return sent.length === 2 && sent.map((call) => (call.payload.document as { content: Buffer }).content);
    }, 15_000);
    const rows = readReport(documents[0] ?? "");
    const answers = rows.filter((row) => row.event === "answer" && row.transaction_id === ID);
    expect(answers.map((row) => row.user_name)).toEqual(["Ama", "Bob", "Bob", "Ama"]);
    expect(rows.filter((row) => row.event === "watch-started").map((row) => row.user_id)).toEqual([String(AMA.id)]);
    expect(readReport(documents[1] ?? "")).toEqual([{ transaction_id: ID, kind: "collection", status: "PENDING", last_answer_at: answers.at(-1)?.time, answers: "4" }]);

    await Promise.all(pair.map((bot) => bot.stop("SIGTERM")));
    const [again] = await webhookDeliverers([suite.start(env)], SECRET);
    expect(await history(again)).toEqual(throughA);
  }, 90_000);
});
