import { describe, expect, it } from "vitest";
import { openRedisStore } from "../../../../src/state/redis/redis-store.ts";
import { deletePrefix, probeRedis, testPrefix } from "../../../support/redis.ts";
import type { TokenReport } from "../../../../src/payments/service-token/client-credentials-token.ts";
import type { EnquiryOutcome } from "../../../../src/payments/enquiry/types.ts";
import { ADMIN_CHAT, createTestBot } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { GROUP, groupMessage, messageUpdate, USER } from "../../../support/updates.ts";

const T0 = Date.parse("2026-11-24T09:00:00Z");
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`).join(" ");

/** A bot whose provider answers what `answer` says, on a clock the test moves. */
function healthBot(options: { admin?: boolean; recoveryMinutes?: number; tokenReport?: () => TokenReport } = {}) {
  let answer: (kind: EnquiryOutcome["kind"], id: string) => EnquiryOutcome = (kind, id) => outcomes.success(kind, id);
  const clock = { now: T0 };
  const bot = createTestBot({
    enquiry: scriptedEnquiry((kind, id) => answer(kind, id)),
    adminAlerted: true,
    now: () => clock.now,
    timeZone: "Africa/Nairobi",
    access: { allowedChatIds: new Set([GROUP.id]), ...(options.admin ? { adminUserIds: new Set([USER.id]) } : {}) },
    health: { thresholds: { minEnquiries: 10, degradedPercent: 20, downPercent: 80, slowMs: 5_000, recoveryMs: (options.recoveryMinutes ?? 10) * 60_000 } },
    ...(options.tokenReport ? { serviceToken: () => "tok-obtained", serviceTokenReport: options.tokenReport } : {}),
  });
  const lastText = () => String(bot.sent().at(-1)?.payload.text ?? "");
  const ask = async (text: string) => {
    await bot.bot.handleUpdate(messageUpdate(text));
    return lastText();
  };
  return {
    ...bot,
    clock,
    ask,
    answerWith: (next: typeof answer) => (answer = next),
    evaluate: () => bot.assembled.health.monitor.evaluate(),
  };
}

describe("/health", () => {
  it("says all is normal when nothing went wrong, with the figures of each kind and no admin part for others", async () => {
    const bot = healthBot();
    await bot.ask(`/collection ${ids("TX", 12)}`);
    await bot.evaluate();
    const text = await bot.ask("/health");
    // The verdict first, a line per kind: is it this payment, or the provider?
    expect(text).toMatch(/^🟢 The payment provider is working normally\.\n🟢 Collection: normal\n🟢 Airtime: normal\n\n/);
    expect(text).toContain("\nCollection, last 5 min: 12 enquiries · 0% not checked · p95 ");
    expect(text).toContain("\nAirtime, last 5 min: no enquiries\n");
    expect(text).toMatch(/\nNot checked, last hour \(one bar = 5 min\): ·{11}▁\n/);
    expect(text).toMatch(/Today \(since 00:00:00 GMT\+3\): ✅ 12 succeeded · ❌ 0 failed/);
    expect(text).toContain("No watched payment has waited more than an hour.");
    expect(text).not.toContain("For admins");
    // Short enough to read on a phone without scrolling.
    expect(text.split("\n").length).toBeLessThanOrEqual(10);
    expect(bot.sent().at(-1)?.payload.entities).toEqual(expect.arrayContaining([expect.objectContaining({ type: "bold" })]));
  });

  it("counts today's answers in each language's plural forms: in French 0 and 1 are singular", async () => {
    const bot = healthBot();
    await bot.ask("/collection TX-1");
    await bot.evaluate();
    await bot.bot.handleUpdate(messageUpdate("/health", { languageCode: "fr" }));
    expect(String(bot.sent().at(-1)?.payload.text)).toMatch(/: ✅ 1 réussi · ❌ 0 échoué\n/);
    await bot.ask(`/collection ${ids("OK", 2)}`);
    bot.clock.now += 60_000;
    await bot.evaluate();
    await bot.bot.handleUpdate(messageUpdate("/health", { languageCode: "fr" }));
    expect(String(bot.sent().at(-1)?.payload.text)).toMatch(/: ✅ 3 réussis · ❌ 0 échoué\n/);
    await bot.bot.handleUpdate(messageUpdate("/health", { languageCode: "pt" }));
    expect(String(bot.sent().at(-1)?.payload.text)).toMatch(/: ✅ 3 com sucesso · ❌ 0 com falha\n/);
  });

  it("shows admins the token, the store and the background work", async () => {
    const bot = healthBot({ admin: true });
    const text = await bot.ask("/health");
    expect(text).toContain("For admins\nService token: no expiry date in it\nState store: embedded (SQLite), working\nBackground checks waiting here: 0 · payments watched: 0\nThe figures cover every enquiry");
  });

  it("says of a token the bot obtained only what is true: renewed ahead of its expiry when it has one, only when refused when it has none", async () => {
    const obtainedAt = new Date(T0 - 3_600_000);
    const lasting = healthBot({ admin: true, tokenReport: () => ({ source: "client_credentials", obtainedAt, expiresAt: undefined, usable: true, problem: undefined }) });
    const text = await lasting.ask("/health");
    expect(text).toMatch(/\nService token: no expiry date in it\nObtained by the bot \(client credentials\) at [^\n]+\. It has no expiry, so it is renewed only if the provider refuses it\.\n/);
    expect(text).not.toContain("before it expires");
    const expiring = healthBot({ admin: true, tokenReport: () => ({ source: "client_credentials", obtainedAt, expiresAt: new Date(T0 + 3_600_000), usable: true, problem: undefined }) });
    expect(await expiring.ask("/health")).toMatch(/\nService token: expires [^\n]+\nObtained by the bot \(client credentials\) at [^\n]+, renewed before it expires\.\n/);
  });

  it("never fails on a date that cannot be: a token report holding Invalid Dates (an older version's record of a 1e13 s lifetime) is answered, those dates left out", async () => {
    const invalid = new Date(Number.NaN);
    const bot = healthBot({ admin: true, tokenReport: () => ({ source: "client_credentials", obtainedAt: invalid, expiresAt: invalid, usable: true, problem: undefined }) });
    const text = await bot.ask("/health");
    expect(text).toContain("For admins\nService token: no expiry date in it\n");
    expect(bot.logs.entries().filter((entry) => entry.level === "error")).toEqual([]);
  });

  it("turns red when the provider stops answering, alerts once, and says so under answers it could not check", async () => {
    const bot = healthBot();
    bot.answerWith((kind, id) => outcomes.timeout(kind, id));
    await bot.ask(`/collection ${ids("TX", 10)}`);
    bot.clock.now += 30_000;
    await bot.evaluate();
    await bot.evaluate();
    expect(bot.alerts).toHaveLength(1);
    expect(bot.alerts[0]).toMatch(/^🔴 Collection: the payment provider is down since 12:00:30 GMT\+3\. In the last 5 minutes 100% of 10 enquiries could not be checked \(no answer in time: 10\)\.$/);

    const health = await bot.ask("/health");
    expect(health).toMatch(/^🔴 The payment provider is down for Collection\.\n🔴 Collection: down since 12:00:30 GMT\+3: 100% of 10 enquiries not checked in 5 min\.\n🟢 Airtime: normal\n/);

    const answer = await bot.ask("/collection TX-ONE");
    expect(answer).toContain("⚠️ Not only this payment: Collection checks have had trouble since 12:00:30 GMT+3 (100% of enquiries could not be checked in the last 5 minutes). Tap 🔔 Notify me to be told when it settles.");
    // Airtime is fine: its answers carry no such line, and neither do answers that checked.
    bot.answerWith((kind, id) => (kind === "airtime" ? outcomes.timeout(kind, id) : outcomes.success(kind, id)));
    expect(await bot.ask("/airtime AT-1")).not.toContain("Not only this payment");
    expect(await bot.ask("/collection TX-OK")).not.toContain("Not only this payment");
  });

  it("announces the recovery once, only after the quiet time, with how long the trouble lasted", async () => {
    const bot = healthBot({ recoveryMinutes: 2 });
    bot.answerWith((kind, id) => outcomes.upstreamError(kind, id));
    await bot.ask(`/collection ${ids("TX", 10)}`);
    await bot.evaluate();
    bot.answerWith((kind, id) => outcomes.success(kind, id));
    for (let round = 0; round < 3; round++) await bot.ask(`/collection ${ids(`OK${round}`, 20)}`);
    bot.clock.now += 60_000;
    await bot.evaluate();
    bot.clock.now += 60_000;
    await bot.evaluate();
    expect(bot.alerts).toHaveLength(1);
    bot.clock.now += 61_000;
    await bot.evaluate();
    await bot.evaluate();
    expect(bot.alerts).toHaveLength(2);
    expect(bot.alerts[1]).toMatch(/^🟢 Collection: the payment provider is back to normal since 12:03:01 GMT\+3, after 3 min of trouble \(at worst down\)\.$/);
    expect(await bot.ask("/health")).toMatch(/^🟢/);
  });

  it("alerts on unusually many failed payments, naming the most frequent reason", async () => {
    const bot = healthBot();
    bot.answerWith((kind, id) => outcomes.failed(kind, id, id.startsWith("PIN") ? "Wrong PIN" : "Declined by the mobile network 2557123456"));
    await bot.ask(`/collection ${ids("MNO", 15)}`);
    await bot.ask(`/collection ${ids("PIN", 6)}`);
    await bot.evaluate();
    expect(bot.alerts).toEqual([
      "❗ Collection: unusually many failed payments: 21 in the last hour, 100% of final outcomes (no final outcome the day before). Most frequent reason: Declined by the mobile network …. Perhaps a mobile network is refusing payments.",
    ]);
    const health = await bot.ask("/health");
    expect(health).toContain("Most frequent failure reasons: Declined by the mobile network … (15), Wrong PIN (6)");
  });

  it("answers in a group too, and in French for a French speaker", async () => {
    const bot = healthBot();
    await bot.bot.handleUpdate(groupMessage("/health"));
    expect(bot.sent().at(-1)?.payload).toMatchObject({ chat_id: GROUP.id, text: expect.stringMatching(/^🟢 The payment provider is working normally/) });
    await bot.bot.handleUpdate(messageUpdate("/health", { languageCode: "fr" }));
    expect(String(bot.sent().at(-1)?.payload.text)).toMatch(/^🟢 Le fournisseur de paiement fonctionne normalement\.[\s\S]*Aujourd'hui/);
  });

  it("says the figures cannot be read when the state store does not answer, and checking still works", async () => {
    const bot = healthBot();
    const { StateUnavailableError } = await import("../../../../src/state/ports.ts");
    bot.state.tallies.read = () => Promise.reject(new StateUnavailableError("Redis away"));
    expect(await bot.ask("/health")).toBe("The health figures cannot be read right now (the bot's state store does not answer). Checking payments still works.");
    expect(await bot.ask("/collection TX-1")).toMatch(/^✅/);
    expect(bot.alerts).toEqual([]);
    expect(bot.calls.some((call) => call.payload.chat_id === ADMIN_CHAT)).toBe(false);
  });
});

const redis = await probeRedis();

describe.skipIf(!redis.available)("/health for admins, on Redis", () => {
  it("shows where the data is: the master and its replicas online", async () => {
    const url = redis.available ? redis.url : "";
    const prefix = testPrefix("health-topology");
    const state = await openRedisStore({ url, prefix });
    try {
      const bot = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)), state, access: { adminUserIds: new Set([USER.id]) } });
      await bot.bot.handleUpdate(messageUpdate("/health"));
      expect(String(bot.sent().at(-1)?.payload.text)).toMatch(/\nState store: Redis, working\nRedis master [\d.:a-f[\]]+:\d+, \d+ replicas? online\n/);
    } finally {
      await state.close();
      await deletePrefix(url, prefix);
    }
  });
});
