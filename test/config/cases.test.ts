import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { minimal, problems } from "../support/config-env.ts";

describe("forum topics and the support chat", () => {
  it("take CHAT_ID:THREAD_ID for the admin chat and the support chat; cases are off without SUPPORT_CHAT_ID", () => {
    const plain = parseConfig(minimal);
    expect(plain.ok && [plain.config.adminChatId, plain.config.adminThreadId, plain.config.support]).toEqual([undefined, undefined, undefined]);
    const result = parseConfig({ ...minimal, ADMIN_CHAT_ID: "-1001234567890:42", SUPPORT_CHAT_ID: "-1009876543210", CASE_REMIND_MINUTES: "0.5", CASE_DAYS: "30" });
    expect(result.ok && [result.config.adminChatId, result.config.adminThreadId]).toEqual([-1001234567890, 42]);
    expect(result.ok && result.config.support).toEqual({ chatId: -1009876543210, threadId: undefined, remindMs: 30_000, keepMs: 30 * 86_400_000 });
    const topic = parseConfig({ ...minimal, SUPPORT_CHAT_ID: " -1009876543210:7 " });
    expect(topic.ok && topic.config.support).toEqual({ chatId: -1009876543210, threadId: 7, remindMs: 15 * 60_000, keepMs: 90 * 86_400_000 });
  });

  it("refuses what the Telegram ID rule refuses, a topic that is not a topic's ID, and a reminder with no support chat, all at once", () => {
    const found = problems({ ...minimal, ADMIN_CHAT_ID: "-0100:1", SUPPORT_CHAT_ID: "-1001:0", HEALTH_ALERT_CHAT_IDS: "-1001:4:2" });
    expect(found.join("\n")).toMatch(/ADMIN_CHAT_ID "-0100:1" is not a numeric Telegram ID/);
    expect(found.join("\n")).toMatch(/SUPPORT_CHAT_ID "-1001:0" is not a numeric Telegram ID of a chat, optionally with a forum topic's ID as CHAT_ID:THREAD_ID/);
    expect(found.join("\n")).toMatch(/HEALTH_ALERT_CHAT_IDS "-1001:4:2"/);
    expect(problems({ ...minimal, CASE_REMIND_MINUTES: "5" })).toEqual(["CASE_REMIND_MINUTES is only used with SUPPORT_CHAT_ID, which is not set"]);
    expect(problems({ ...minimal, SUPPORT_CHAT_ID: "-1001", CASE_REMIND_MINUTES: "0" }).join()).toMatch(/CASE_REMIND_MINUTES/);
    expect(problems({ ...minimal, CASE_DAYS: "30" })).toEqual(["CASE_DAYS is only used with SUPPORT_CHAT_ID, which is not set"]);
    expect(problems({ ...minimal, SUPPORT_CHAT_ID: "-1001", CASE_DAYS: "0" }).join()).toMatch(/CASE_DAYS/);
  });
});
