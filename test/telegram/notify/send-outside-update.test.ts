import { GrammyError } from "grammy";
import { describe, expect, it } from "vitest";
import { sendOutsideUpdate } from "../../../src/telegram/notify/send-outside-update.ts";
import { captureLogs } from "../../support/logs.ts";

const refusal = (error_code: number, description: string, parameters: Record<string, number> = {}) =>
  new GrammyError("Call to 'sendMessage' failed!", { ok: false, error_code, description, parameters }, "sendMessage", {});

describe("a message that must arrive, sent outside any update", () => {
  it("waits out a 429, follows a group to its supergroup, and says where it went", async () => {
    const tried: number[] = [];
    const failures = [refusal(429, "Too Many Requests", { retry_after: 1 }), refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", { migrate_to_chat_id: -1002 })];
    const logs = captureLogs();
    const sentTo = await sendOutsideUpdate("a report", -1, async (chatId) => {
      tried.push(chatId);
      const failure = failures.shift();
      if (failure) throw failure;
    }, logs.logger);
    expect(sentTo).toBe(-1002);
    expect(tried).toEqual([-1, -1, -1002]);
    expect(logs.entries().filter((entry) => entry.level !== "debug")).toEqual([]);
  });

  it("gives up, logging why once: at once for a chat that blocked the bot, after three tries for a failing Telegram", async () => {
    for (const [error, failure, level, attempts] of [[refusal(403, "Forbidden: bot was blocked by the user"), "gone", "error", 1], [refusal(502, "Bad Gateway"), "unavailable", "warn", 3]] as const) {
      const logs = captureLogs();
      let tries = 0;
      const sentTo = await sendOutsideUpdate("a report", 5, async () => {
        tries++;
        throw error;
      }, logs.logger);
      expect(sentTo).toBeUndefined();
      expect(tries).toBe(attempts);
      expect(logs.entries()).toMatchObject([{ level, failure, msg: "could not send a report" }]);
    }
  });
});
