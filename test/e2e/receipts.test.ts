import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { useBotProcesses } from "../support/e2e.ts";
import { repliesTo } from "../support/fake-bot-api.ts";
import { probeRedis } from "../support/redis.ts";

const redis = await probeRedis();
const SERVICE_TOKEN = "service-token-receipts-e2e-0123";
const AGENT = { id: 5001, is_bot: false, first_name: "Ama", language_code: "en" };
const CUSTOMER = { id: 8080, is_bot: false, first_name: "Juma", language_code: "sw" };
const chatOf = (person: typeof AGENT) => ({ id: person.id, type: "private" as const, first_name: person.first_name });
let nextId = 1;
const suite = useBotProcesses({ sandbox: { token: SERVICE_TOKEN }, env: { ALLOWED_USER_IDS: String(AGENT.id) } });

const message = (from: typeof AGENT, text: string): Update =>
  ({ update_id: nextId++, message: { message_id: nextId, date: 1, chat: chatOf(from), from, text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] } });

describe.skipIf(!redis.available)("receipts through the real process, on two instances sharing Redis", () => {
  it("makes a receipt through one instance, and a stranger checks it through the other; a forged code is unknown there too", async () => {
    const { telegram } = suite;
    const pair = await suite.webhookPair(redis, "receipts");
    const [a, b] = pair.deliver;
    const made = message(AGENT, "/receipt COL-SUCCESS-7 collection");
    expect(await a?.(made)).toBe(200);
    // A picture, captioned with the same facts and the link.
    const [receipt] = repliesTo(made.message?.message_id, ["sendMessage", "sendPhoto"])(telegram.calls);
    expect(receipt?.method).toBe("sendPhoto");
    const caption = typeof receipt?.payload.caption === "string" ? receipt.payload.caption : "";
    const code = /Verification code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(caption)?.[1] ?? "";
    expect(code).not.toBe("");
    // Webhook mode: the link is the page on the webhook's own origin.
    expect(caption).toMatch(new RegExp(`https://[^/]+/r/${code}`));

    const check = message(CUSTOMER, `/start r_${code}`);
    expect(await b?.(check)).toBe(200);
    const [answer] = repliesTo(check.message?.message_id)(telegram.calls);
    expect(String(answer?.payload.text)).toMatch(/^✅ Risiti halali\n/);
    expect(String(answer?.payload.text)).toContain("COL-SUCCESS-7");
    expect(String(answer?.payload.text)).toContain("Mtoa huduma anasema sasa: ✅ SUCCESS");

    const forged = message(CUSTOMER, "/verify ZZZZ-ZZZZ-ZZZZ");
    expect(await b?.(forged)).toBe(200);
    expect(repliesTo(forged.message?.message_id)(telegram.calls)[0]?.payload.text).toBe("❌ Risiti haijulikani\n\nHakuna risiti kama hii: haikutolewa na huduma hii.");
    // A stranger gets nothing else.
    const other = message(CUSTOMER, "/collection COL-SUCCESS-7");
    expect(await a?.(other)).toBe(200);
    expect(String(repliesTo(other.message?.message_id)(telegram.calls)[0]?.payload.text ?? "")).not.toContain("SUCCESS");
  }, 90_000);
});
