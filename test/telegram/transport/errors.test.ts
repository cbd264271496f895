import { GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { classifySendFailure } from "../../../src/telegram/transport/errors.ts";

const refusal = (error_code: number, description: string, parameters: Record<string, number> = {}) =>
  new GrammyError("Call to 'sendMessage' failed!", { ok: false, error_code, description, parameters }, "sendMessage", { chat_id: 1, text: "x" });

describe("why a message sent outside an update did not go through", () => {
  it.each([
    [refusal(429, "Too Many Requests: retry after 7", { retry_after: 7 }), { type: "rate_limited", retryAfterSeconds: 7 }],
    [refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", { migrate_to_chat_id: -1002 }), { type: "migrated", newChatId: -1002 }],
    [refusal(403, "Forbidden: bot was blocked by the user"), { type: "gone" }],
    [refusal(400, "Bad Request: chat not found"), { type: "gone" }],
    [refusal(400, "Bad Request: have no rights to send a message"), { type: "gone" }],
    [refusal(400, "Bad Request: message text is empty"), { type: "refused" }],
    [refusal(400, "Bad Request: TOPIC_CLOSED"), { type: "topic_gone" }],
    [refusal(400, "Bad Request: message thread not found"), { type: "topic_gone" }],
    [refusal(502, "Bad Gateway"), { type: "unavailable" }],
    [new HttpError("Network request for 'sendMessage' failed!", Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })), { type: "unavailable", description: "network error (ECONNRESET)" }],
    [new Error("anything else"), { type: "unavailable" }],
  ])("%s", (error, expected) => {
    expect(classifySendFailure(error)).toMatchObject(expected);
  });
});
