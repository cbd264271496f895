import { afterEach, describe, expect, it } from "vitest";
import type { EnquiryKind, EnquiryOutcome } from "../../../../src/payments/enquiry/types.ts";
import { RECEIPT_CHECK_LIMITS } from "../../../../src/payments/receipts/check-limits.ts";
import type { ReceiptLayout } from "../../../../src/telegram/render/receipt-layout.ts";
import { createTestBot, type HarnessOptions } from "../../../support/bot-harness.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { callbackUpdate, groupMessage, GROUP, messageUpdate, STRANGER, USER } from "../../../support/updates.ts";

const DAY = 86_400_000;
const ADMIN = { id: 7001, is_bot: false, first_name: "Zawadi", language_code: "en" };
const made: ReturnType<typeof createTestBot>[] = [];
afterEach(async () => {
  for (const harness of made.splice(0)) await harness.state.close();
});

/** COL-OK… succeeded and COL-FAILED… failed as collections, COL-PENDING… is not final; nothing is known as airtime but AIR-OK…. */
function provider(now: () => number) {
  return scriptedEnquiry((kind: EnquiryKind, id: string): EnquiryOutcome => {
    const at = { checkedAt: new Date(now()) };
    if (kind === "airtime") return { ...(id.startsWith("AIR-OK") ? outcomes.success(kind, id) : outcomes.notFound(kind, id)), ...at };
    if (id.startsWith("COL-OK")) return { ...outcomes.success(kind, id), ...at };
    if (id.startsWith("COL-FAILED")) return { ...outcomes.failed(kind, id, "Insufficient balance"), ...at };
    if (id.startsWith("COL-PENDING")) return { ...outcomes.pending(kind, id), ...at };
    if (id.startsWith("COL-SLOW")) return { ...outcomes.timeout(kind, id), ...at };
    return { ...outcomes.notFound(kind, id), ...at };
  });
}

function setup(options: Partial<HarnessOptions> = {}) {
  let now = Date.now();
  const pictures: ReceiptLayout[] = [];
  const harness = createTestBot({
    enquiry: provider(() => now),
    now: () => now,
    access: { adminUserIds: new Set([ADMIN.id]), allowedChatIds: new Set([GROUP.id]) },
    receiptPicture: async (layout) => {
      pictures.push(layout);
      return Buffer.from("\x89PNG fake");
    },
    ...options,
  });
  made.push(harness);
  const say = async (text: string, from = USER) => {
    const before = harness.calls.length;
    await harness.bot.handleUpdate(messageUpdate(text, { from }));
    return harness.calls.slice(before).filter((call) => call.method === "sendMessage" || call.method === "sendPhoto");
  };
  const buttonsOf = (markup: unknown) => ((markup as { inline_keyboard?: { text: string; callback_data: string }[][] } | undefined)?.inline_keyboard ?? []).flat();
  /** Makes a receipt with /receipt, and gives its code (from the caption). */
  const receiptOf = async (id: string, extra = "") => {
    const [photo] = await say(`/receipt ${id}${extra}`);
    const code = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(String(photo?.payload.caption))?.[0];
    if (!code) throw new Error(`no receipt made: ${JSON.stringify(photo?.payload)}`);
    return { code, photo };
  };
  return { harness, pictures, say, buttonsOf, receiptOf, wait: (ms: number) => (now += ms) };
}

describe("🧾 Receipt under an answer", () => {
  it("is offered under a final answer only (SUCCESS or FAILED about one payment), in private and in groups", async () => {
    const t = setup();
    const button = async (text: string, group = false) => {
      const before = t.harness.calls.length;
      await t.harness.bot.handleUpdate(group ? groupMessage(text) : messageUpdate(text));
      const reply = t.harness.calls.slice(before).find((call) => call.method === "sendMessage");
      return t.buttonsOf(reply?.payload.reply_markup).filter((each) => each.text === "🧾 Receipt").map((each) => each.callback_data);
    };
    expect(await button("/collection COL-OK-1")).toEqual(["R:c:COL-OK-1"]);
    expect(await button("/collection COL-FAILED-2")).toEqual(["R:c:COL-FAILED-2"]);
    expect(await button("/status AIR-OK-3")).toEqual(["R:a:AIR-OK-3"]);
    expect(await button("/collection COL-OK-4", true)).toEqual(["R:c:COL-OK-4"]);
    for (const text of ["/collection COL-PENDING-5", "/collection COL-MISSING-6", "/collection COL-SLOW-7", "/collection COL-OK-8 COL-OK-9"]) expect(await button(text), text).toEqual([]);
  });

  it("sends the receipt as a picture replying to the answer, with the same facts, its code and its link in the caption", async () => {
    const t = setup();
    const answer = { message_id: 4242, chat: { id: USER.id, type: "private" } };
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-FAILED-1", answer));
    const [photo] = t.harness.photos();
    expect(photo?.payload.reply_parameters).toMatchObject({ message_id: 4242 });
    expect(photo?.payload.photo).toMatchObject({ filename: expect.stringMatching(/receipt-1\.png/) });
    const [layout] = t.pictures;
    expect(layout).toMatchObject({
      title: "Payment status",
      kindLabel: "Collection",
      transactionId: "COL-FAILED-1",
      status: { symbol: "❌", text: "Payment failed", tone: "failed" },
      codeLabel: "Verification code",
      language: "en",
    });
    expect(layout?.fields.map((field) => field.label)).toEqual(["MNO reference", "Service transaction ID", "Failure reason", "Provider asked", "Receipt number"]);
    expect(layout?.link).toBe(`https://t.me/payment_status_bot?start=r_${layout?.code}`);
    const caption = String(photo?.payload.caption);
    for (const fact of ["COL-FAILED-1", "❌ Payment failed", "Failure reason: Insufficient balance", "Receipt number: 1", `Verification code: ${layout?.code}`, layout?.link ?? "?"]) expect(caption).toContain(fact);
    expect(t.harness.logs.lines.some((line) => line.includes('"event":"receipt"') && line.includes('"action":"made"') && !line.includes(layout?.code ?? "?"))).toBe(true);
  });
});

describe("/receipt", () => {
  it("makes a receipt of an ID of either kind, of one kind, and in another language", async () => {
    const t = setup();
    await t.receiptOf("AIR-OK-1");
    expect(t.pictures.at(-1)).toMatchObject({ kindLabel: "Airtime", status: { text: "Payment successful" }, language: "en" });
    await t.receiptOf("COL-OK-2", " collection");
    expect(t.pictures.at(-1)).toMatchObject({ kindLabel: "Collection", transactionId: "COL-OK-2" });
    const { photo } = await t.receiptOf("COL-OK-3", " collection sw");
    expect(t.pictures.at(-1)).toMatchObject({ kindLabel: "Makusanyo", status: { text: "Malipo yamefanikiwa" }, codeLabel: "Msimbo wa uhakiki", language: "sw" });
    expect(String(photo?.payload.caption)).toContain("Namba ya risiti: 3");
    const french = await t.receiptOf("COL-OK-4", " fr");
    expect(t.pictures.at(-1)).toMatchObject({ language: "fr", status: { text: "Paiement réussi" } });
    // French puts a space before a colon.
    expect(String(french.photo?.payload.caption)).toContain("Numéro du reçu : 4");
  });

  it("puts each receipt made on its payment's timeline, and none of the checks strangers make", async () => {
    const t = setup();
    const { code } = await t.receiptOf("COL-FAILED-1", " collection");
    await t.say(`/verify ${code}`, STRANGER);
    await new Promise((resolve) => setImmediate(resolve));
    const admin = String((await t.say("/history COL-FAILED-1 collection", ADMIN))[0]?.payload.text);
    expect(admin).toMatch(/ 🧾 receipt no\. 1 made by Ama: FAILED · MNO .+ · Insufficient balance\n/);
    expect(admin).toContain("Last known status: FAILED");
    expect(admin).not.toContain("Eve");
    expect(String((await t.say("/history COL-FAILED-1 collection"))[0]?.payload.text)).toContain("🧾 receipt no. 1 made by you: FAILED");
  });

  it("makes none of a payment that is not settled, and shows how to ask when the words are wrong", async () => {
    const t = setup();
    expect((await t.say("/receipt COL-PENDING-1"))[0]?.payload.text).toBe("No receipt for COL-PENDING-1: a receipt is only made when the provider says SUCCESS or FAILED.");
    expect((await t.say("/receipt COL-MISSING-2"))[0]?.payload.text).toMatch(/^No receipt for COL-MISSING-2/);
    for (const text of ["/receipt", "/receipt COL-OK-1 klingon", "/receipt <b>x</b>"]) expect((await t.say(text))[0]?.payload.text, text).toMatch(/^Send \/receipt with a transaction ID/);
    expect(t.harness.photos()).toEqual([]);
  });

  it("is sent as text when no picture can be drawn", async () => {
    const t = setup({ receiptPicture: undefined });
    const [reply] = await t.say("/receipt COL-OK-1");
    expect(reply?.method).toBe("sendMessage");
    expect(String(reply?.payload.text)).toMatch(/^Payment status\nCollection · Transaction ID: COL-OK-1\n✅ Payment successful\n/);
  });

  it("links to the check page when there is a public address", async () => {
    const t = setup({ receipts: { title: "Duka Pay", keepMs: 365 * DAY, verification: { kind: "page", base: "https://pay.example.com" } } });
    const { code } = await t.receiptOf("COL-OK-1");
    expect(t.pictures.at(-1)).toMatchObject({ title: "Duka Pay", link: `https://pay.example.com/r/${code}` });
  });
});

describe("asking the provider again for a receipt (#34)", () => {
  /** The first answer about each payment two minutes old (as a cache would give it): a receipt then asks again. */
  function cachedProvider(now: () => number) {
    const calls: string[] = [];
    const enquiry = scriptedEnquiry((kind, id) => {
      const first = !calls.includes(id);
      calls.push(id);
      return { ...outcomes.success(kind, id), checkedAt: new Date(now() - (first ? 120_000 : 0)) };
    });
    return { enquiry, calls };
  }

  it("spends the second question from the person's rate limit, and past it makes no receipt and says to slow down", async () => {
    const now = Date.now();
    const provider = cachedProvider(() => now);
    // Room for exactly one enquiry: the cached answer takes it, so the second question does not fit.
    const t = setup({ enquiry: provider.enquiry, now: () => now, rateLimit: { windowSeconds: 60, maxCost: 1 } });
    const replies = await t.say("/receipt COL-OK-1 collection");
    expect(replies.map((reply) => reply.method)).toEqual(["sendMessage"]);
    expect(replies[0]?.payload.text).toBe("You are sending requests too fast. Please wait a minute and try again.");
    expect(provider.calls).toEqual(["COL-OK-1"]);
    expect(t.harness.photos()).toEqual([]);
  });

  it("🧾 pressed past the limit: the press itself says to slow down (a toast), and no receipt is made", async () => {
    const now = Date.now();
    const provider = cachedProvider(() => now);
    const t = setup({ enquiry: provider.enquiry, now: () => now, rateLimit: { windowSeconds: 60, maxCost: 1 } });
    const before = t.harness.calls.length;
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-OK-1", { message_id: 4242, chat: { id: USER.id, type: "private" } }));
    const answers = t.harness.calls.slice(before).filter((call) => call.method === "answerCallbackQuery");
    expect(answers.map((call) => call.payload.text)).toEqual(["Too many requests, please wait a moment."]);
    expect(t.harness.photos()).toEqual([]);
  });

  it("🧾 pressed when the picture cannot be drawn: the press is still answered", async () => {
    const t = setup({ receiptPicture: async () => Promise.reject(new Error("the receipts' thread ended")) });
    const before = t.harness.calls.length;
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-OK-1", { message_id: 4242, chat: { id: USER.id, type: "private" } }));
    expect(t.harness.calls.slice(before).filter((call) => call.method === "answerCallbackQuery")).toHaveLength(1);
  });

  it("🧾 pressed within the limit: the press is answered once, after the receipt is sent", async () => {
    const t = setup();
    const before = t.harness.calls.length;
    await t.harness.bot.handleUpdate(callbackUpdate("R:c:COL-OK-1", { message_id: 4242, chat: { id: USER.id, type: "private" } }));
    const methods = t.harness.calls.slice(before).map((call) => call.method);
    expect(methods.filter((method) => method === "answerCallbackQuery")).toHaveLength(1);
    expect(methods.indexOf("sendPhoto")).toBeLessThan(methods.indexOf("answerCallbackQuery"));
  });

  it("makes the receipt when the second question fits, having spent it", async () => {
    const now = Date.now();
    const provider = cachedProvider(() => now);
    const t = setup({ enquiry: provider.enquiry, now: () => now, rateLimit: { windowSeconds: 60, maxCost: 3 } });
    await t.receiptOf("COL-OK-1", " collection");
    expect(provider.calls).toEqual(["COL-OK-1", "COL-OK-1"]);
    // Two of three spent: a check of two IDs no longer fits.
    expect((await t.say("/collection COL-OK-2 COL-OK-3"))[0]?.payload.text).toMatch(/too fast/);
  });
});

describe("checking a receipt: /start r_<code> and /verify, open to anyone in private", () => {
  it("tells a stranger a genuine receipt, with its facts and what the provider says now", async () => {
    const t = setup();
    const { code } = await t.receiptOf("COL-OK-1");
    const [reply] = await t.say(`/start r_${code}`, STRANGER);
    const text = String(reply?.payload.text);
    expect(text).toMatch(/^✅ A genuine receipt\nMade on .+ by Payment status\.\n/);
    for (const fact of ["Collection · Transaction ID: COL-OK-1", "✅ Payment successful", "Receipt number: 1", `Verification code: ${code}`, "The provider says now: ✅ Payment successful"]) expect(text).toContain(fact);
    const [typed] = await t.say(`/verify ${code.toLowerCase().replace(/-/g, " ")}`, STRANGER);
    expect(String(typed?.payload.text)).toMatch(/^✅ A genuine receipt/);
  });

  it("says only 'no such receipt' for a code never made, revoked or expired, and nothing else to a stranger", async () => {
    const t = setup();
    const unknown = "❌ No such receipt\n\nNo such receipt: it was not made by this service.";
    expect((await t.say("/start r_ZZZZ-ZZZZ-ZZZZ", STRANGER))[0]?.payload.text).toBe(unknown);
    expect((await t.say("/verify <script>alert(1)</script>", STRANGER))[0]?.payload.text).toBe(unknown);
    const revoked = await t.receiptOf("COL-OK-1");
    const expiring = await t.receiptOf("COL-OK-2");
    expect((await t.say(`/receipt revoke ${revoked.code}`, ADMIN))[0]?.payload.text).toBe("Receipt no. 1 (COL-OK-1) is revoked: its code now checks as unknown.");
    expect((await t.say(`/start r_${revoked.code}`, STRANGER))[0]?.payload.text).toBe(unknown);
    expect((await t.say(`/start r_${expiring.code}`, STRANGER))[0]?.payload.text).toMatch(/^✅ A genuine receipt/);
    t.wait(365 * DAY);
    expect((await t.say(`/start r_${expiring.code}`, STRANGER))[0]?.payload.text).toBe(unknown);
    // Everything else is still refused to a stranger.
    expect(String((await t.say("/status COL-OK-1", STRANGER))[0]?.payload.text)).toMatch(/not allowed|admin/i);
    expect(t.harness.logs.lines.filter((line) => line.includes('"action":"revoked"'))).toHaveLength(1);
  });

  it("puts a revocation on the payment's timeline, the admin named to admins, the status left as it was", async () => {
    const t = setup();
    const { code } = await t.receiptOf("COL-OK-1", " collection");
    await t.say(`/receipt revoke ${code}`, ADMIN);
    // Nothing more is written for a receipt revoked already, nor for a code that is wrong.
    await t.say(`/receipt revoke ${code}`, ADMIN);
    await t.say("/receipt revoke ZZZZ-ZZZZ-ZZZZ", ADMIN);
    await new Promise((resolve) => setImmediate(resolve));
    const admin = String((await t.say("/history COL-OK-1 collection", ADMIN))[0]?.payload.text);
    expect(admin).toMatch(/ 🧾 receipt no\. 1 made by Ama: SUCCESS.*\n.* 🧾 receipt no\. 1 revoked by you\n/);
    expect(admin.match(/revoked by/g)).toHaveLength(1);
    expect(admin).toContain("Last known status: SUCCESS");
    const agent = String((await t.say("/history COL-OK-1 collection"))[0]?.payload.text);
    expect(agent).toContain("🧾 receipt no. 1 revoked by someone");
    expect(agent).not.toContain("Zawadi");
  });

  it("lets only admins revoke, and says when there is nothing to revoke", async () => {
    const t = setup();
    const { code } = await t.receiptOf("COL-OK-1");
    expect((await t.say(`/receipt revoke ${code}`))[0]?.payload.text).toBe("Only an admin can revoke a receipt.");
    expect((await t.say(`/start r_${code}`, STRANGER))[0]?.payload.text).toMatch(/^✅ A genuine receipt/);
    expect((await t.say("/receipt revoke ZZZZ-ZZZZ-ZZZZ", ADMIN))[0]?.payload.text).toMatch(/^No such receipt: the code is wrong/);
    expect((await t.say("/receipt revoke", ADMIN))[0]?.payload.text).toMatch(/^Send \/receipt revoke with the receipt's code/);
  });

  it("says when the provider now says otherwise than the receipt, in the receipt's words", async () => {
    let making = true;
    let now = Date.now();
    // Both succeed while their receipts are made; then COL-OK-1 is reversed and COL-OK-2 is back to PENDING.
    const enquiry = scriptedEnquiry((kind, id) => {
      const outcome = making ? outcomes.success(kind, id) : id === "COL-OK-1" ? outcomes.failed(kind, id, "Reversed") : outcomes.pending(kind, id);
      return { ...outcome, checkedAt: new Date(now) };
    });
    const t = setup({ enquiry, now: () => now });
    const reversed = await t.receiptOf("COL-OK-1", " collection");
    const pending = await t.receiptOf("COL-OK-2", " collection");
    making = false;
    now += 61_000;
    const text = String((await t.say(`/verify ${reversed.code}`, STRANGER))[0]?.payload.text);
    expect(text).toContain("✅ Payment successful");
    expect(text).toContain("The provider says now: ❌ Payment failed\n⚠️ This is not what the receipt says");
    // A status not final yet is named as the provider sent it.
    expect(String((await t.say(`/verify ${pending.code}`, STRANGER))[0]?.payload.text)).toContain("The provider says now: ⏳ Payment not final yet (PENDING)\n⚠️");
  });

  it("refuses a person's checks past their limit, with a short answer", async () => {
    const t = setup();
    for (let check = 0; check < RECEIPT_CHECK_LIMITS.each.limit; check++) await t.say("/verify ZZZZ-ZZZZ-ZZZZ", STRANGER);
    expect((await t.say("/verify ZZZZ-ZZZZ-ZZZZ", STRANGER))[0]?.payload.text).toBe("Too many checks just now. Please try again in a few minutes.");
    // Told once: a flood of checks gets one answer, not one each.
    expect(await t.say("/verify ZZZZ-ZZZZ-ZZZZ", STRANGER)).toEqual([]);
    // Someone else still checks.
    expect((await t.say("/verify ZZZZ-ZZZZ-ZZZZ", USER))[0]?.payload.text).toMatch(/^❌ No such receipt/);
  });

  it("is not open to strangers in a group", async () => {
    const t = setup();
    const { code } = await t.receiptOf("COL-OK-1");
    const before = t.harness.calls.length;
    await t.harness.bot.handleUpdate(groupMessage(`/verify ${code}`, { from: STRANGER, chat: { id: -100777, type: "supergroup", title: "Elsewhere" } }));
    expect(t.harness.calls.slice(before).map((call) => String(call.payload.text ?? ""))).not.toContainEqual(expect.stringMatching(/genuine/));
  });
});
