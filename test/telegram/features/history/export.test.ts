import { describe, expect, it, vi } from "vitest";
import { ADMIN_CHAT, createTestBot } from "../../../support/bot-harness.ts";
import { readReport } from "../../../support/csv.ts";
import { outcomes, scriptedEnquiry } from "../../../support/outcomes.ts";
import { StateUnavailableError } from "../../../../src/state/ports.ts";
import { GROUP, groupMessage, messageUpdate, USER } from "../../../support/updates.ts";

const ADMIN = { id: 7007, is_bot: false, first_name: "Ada", language_code: "en" };
const ADMIN_TWO = { id: 7008, is_bot: false, first_name: "Zuri", language_code: "sw" };
const BOB = { id: 5002, is_bot: false, first_name: "Bob", language_code: "en" };
const settle = () => new Promise((resolve) => setImmediate(resolve));
type Document = { document: { filename: string; content: Buffer }; caption: string; chat_id: number };

function bot(extra: Partial<Parameters<typeof createTestBot>[0]> = {}) {
  const status = { value: "PENDING" };
  const enquiry = scriptedEnquiry((kind, id) => (kind === "collection" ? outcomes.found(kind, id, id.startsWith("-") ? "SUCCESS" : status.value) : outcomes.notFound(kind, id)));
  const harness = createTestBot({ enquiry, adminAlerted: true, access: { allowedUserIds: new Set([USER.id, BOB.id]), adminUserIds: new Set([ADMIN.id, ADMIN_TWO.id]), allowedChatIds: new Set([GROUP.id]) }, ...extra });
  const ask = async (text: string, from = USER) => {
    const before = harness.sent().length;
    await harness.bot.handleUpdate(messageUpdate(text, { from }));
    await settle();
    return harness.sent().slice(before).map((call) => String(call.payload.text));
  };
  const documents = () => harness.calls.filter((call) => call.method === "sendDocument").map((call) => call.payload as unknown as Document);
  return { ...harness, ask, documents, status };
}

describe("/export", () => {
  it("stopped with the bot: the upload is cut off, and the progress message says to ask again, not that files will come", async () => {
    let uploadStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (uploadStarted = resolve));
    // Telegram takes the file for ever: the export is still streaming when the bot stops.
    const t = bot({ holdTelegram: (method) => (method === "sendDocument" ? (uploadStarted(), new Promise<void>(() => undefined)) : undefined) });
    await t.ask("/collection TX-1");
    const [progress] = await t.ask("/export today", ADMIN);
    expect(progress).toMatch(/^📤 Exporting/);
    await started;
    const stoppedAt = Date.now();
    await t.assembled.stopBackground(5_000);
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
    expect(t.edits().at(-1)?.payload.text).toBe("📤 The export stopped before the end: the bot was restarting. Send /export again in a minute.");
    expect(t.logs.entries().some((entry) => entry.msg === "an export was stopped with the bot" && entry.level === "info")).toBe(true);
    expect(t.logs.entries().some((entry) => entry.level === "warn" || entry.level === "error")).toBe(false);
  });

  it("sends today's entries as a CSV that parses and adds up, then the latest status per payment", async () => {
    const t = bot();
    await t.ask("/collection TX-1");
    await t.ask("/collection TX-1", BOB);
    await t.ask("/collection -TX-9", BOB);
    t.status.value = "SUCCESS";
    await t.ask("/collection TX-1");
    await t.ask("/status TX-2");
    const replies = await t.ask("/export today", ADMIN);
    expect(replies[0]).toMatch(/^📤 Exporting the history from .* so far…$/);
    await vi.waitFor(() => expect(t.documents()).toHaveLength(2));
    const [all, latest] = t.documents();
    expect(all?.document.filename).toMatch(/^history-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(all?.document.content.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = readReport(all?.document.content ?? "");
    expect(Object.keys(rows[0] ?? {})).toEqual(["time", "kind", "transaction_id", "status", "mno_reference", "service_transaction_id", "reason", "user_id", "user_name", "chat", "how", "event"]);
    // /status: the kind that knows the ID, as the answer showed it.
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => [row.transaction_id, row.status, row.user_name])).toEqual([
      ["TX-1", "PENDING", "Ama"],
      ["TX-1", "PENDING", "Bob"],
      ["'-TX-9", "SUCCESS", "Bob"],
      ["TX-1", "SUCCESS", "Ama"],
      ["TX-2", "SUCCESS", "Ama"],
    ]);
    expect(rows[0]?.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    const payments = readReport(latest?.document.content ?? "");
    expect(payments.map((row) => [row.transaction_id, row.kind, row.status, row.answers])).toEqual([
      ["TX-1", "collection", "SUCCESS", "3"],
      ["'-TX-9", "collection", "SUCCESS", "1"],
      ["TX-2", "collection", "SUCCESS", "1"],
    ]);
    await vi.waitFor(() => expect(String(t.edits().at(-1)?.payload.text)).toMatch(/^📤 History from .*: 5 entries, about 3 payments\.$/));
  });

  it("filters by kind, status and user", async () => {
    const t = bot();
    await t.ask("/collection TX-1");
    await t.ask("/collection TX-3", BOB);
    await t.ask(`/export today user=${BOB.id} status=pending kind=collection`, ADMIN);
    await vi.waitFor(() => expect(t.documents()).toHaveLength(2));
    expect(readReport(t.documents()[0]?.document.content ?? "").map((row) => row.transaction_id)).toEqual(["TX-3"]);
  });

  it("answers bad input shortly, refuses anyone but admins, and works only in private or the admin chat", async () => {
    const t = bot();
    expect(await t.ask("/export 2026-13-01", ADMIN)).toEqual(["I cannot read “2026-13-01” as a date: write it like 2026-11-24, or today."]);
    expect(await t.ask("/export 2026-01-01 2026-06-30", ADMIN)).toEqual(["That is 181 days: one export covers at most 92 days. Split it in two."]);
    expect(await t.ask("/export today kind=cash", ADMIN)).toEqual([expect.stringMatching(/^I cannot read “kind=cash”/)]);
    expect(await t.ask("/export 2026-11-02 2026-11-01", ADMIN)).toEqual(["The first date comes after the second: put them the other way round."]);
    expect(await t.ask("/export", ADMIN)).toEqual([expect.stringMatching(/^No checks between .+ and .+\.$/)]);
    const agent = await t.ask("/export today");
    expect(agent.join("\n")).not.toMatch(/export|checks between/i);
    await t.bot.handleUpdate(groupMessage("/export today", { from: ADMIN }));
    await t.bot.handleUpdate(messageUpdate("/export today", { from: ADMIN, chat: { id: ADMIN_CHAT, type: "supergroup", title: "Admins" } }));
    await settle();
    const said = t.calls.filter((call) => call.method === "sendMessage").slice(-2).map((call) => [call.payload.chat_id, String(call.payload.text)]);
    expect(said).toEqual([
      [GROUP.id, "Use this in a private chat with me, or in the admins' chat."],
      [ADMIN_CHAT, expect.stringMatching(/^No checks between/)],
    ]);
    expect(t.documents()).toHaveLength(0);
  });

  it("sends each file whole again when Telegram asks it to wait after the upload (a 429), counting each entry once", async () => {
    const refused = new Set<string>();
    const once = (name: string) => !refused.has(name) && Boolean(refused.add(name));
    const wait = { error_code: 429, description: "Too Many Requests: retry after 0", parameters: { retry_after: 0 } };
    const t = bot({ failWith: (method, payload) => (method === "sendDocument" && once((payload.document as { filename: string }).filename) ? wait : undefined) });
    await t.ask("/collection TX-1");
    await t.ask("/collection TX-2", BOB);
    await t.ask("/export today", ADMIN);
    await vi.waitFor(() => expect(String(t.edits().at(-1)?.payload.text)).toMatch(/^📤 History from .*: 2 entries, about 2 payments\.$/));
    const sent = t.documents();
    // Each file refused once, then sent again whole.
    expect(sent.map((document) => document.document.filename.split("-")[0])).toEqual(["history", "history", "latest", "latest"]);
    expect(readReport(sent[1]?.document.content ?? "").map((row) => row.transaction_id)).toEqual(["TX-1", "TX-2"]);
    expect(readReport(sent[3]?.document.content ?? "").map((row) => row.answers)).toEqual(["1", "1"]);
  });

  it("runs one export per admin across instances sharing the store: another instance says one is running, then takes the next", async () => {
    let releaseUpload: () => void = () => undefined;
    const uploading = new Promise<void>((resolve) => (releaseUpload = resolve));
    const a = bot({ holdTelegram: (method) => (method === "sendDocument" ? uploading : undefined) });
    const b = bot({ state: a.state });
    await a.ask("/collection TX-1");
    expect((await a.ask("/export today", ADMIN))[0]).toMatch(/^📤 Exporting/);
    expect(await b.ask("/export today", ADMIN)).toEqual(["An export of yours is still running: wait for its files, then ask again."]);
    releaseUpload();
    await vi.waitFor(() => expect(String(a.edits().at(-1)?.payload.text)).toMatch(/^📤 History from/));
    await vi.waitFor(async () => expect((await b.ask("/export today", ADMIN))[0]).toMatch(/^📤 Exporting/));
  });

  it("runs one export per admin at a time: a second /export while one streams gets a short answer (#33)", async () => {
    const t = bot();
    for (let i = 0; i < 1_001; i++) await t.state.journal.append({ at: Date.now(), payment: `collection:TX-${i}`, person: String(USER.id), status: "PENDING", onlyIfChanged: false, data: JSON.stringify({ a: Date.now(), e: "answer", k: "collection", i: `TX-${i}`, h: "command" }), retentionMs: 86_400_000 });
    const range = t.state.journal.range.bind(t.state.journal);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    // The first page answers at once (the export starts), the second waits: the export is still streaming.
    vi.spyOn(t.state.journal, "range").mockImplementation(async (...args) => {
      if (reads++ === 1) await held;
      return range(...args);
    });
    expect(await t.ask("/export today", ADMIN)).toEqual([expect.stringMatching(/^📤 Exporting/)]);
    await vi.waitFor(() => expect(reads).toBe(2));
    expect(await t.ask("/export today", ADMIN)).toEqual(["An export of yours is still running: wait for its files, then ask again."]);
    // Bad input is still answered as bad input; another admin exports meanwhile.
    expect(await t.ask("/export 2026-13-01", ADMIN)).toEqual([expect.stringMatching(/^I cannot read/)]);
    expect(await t.ask("/export today", ADMIN_TWO)).toEqual([expect.stringMatching(/^📤/)]);
    expect(await t.ask("/export today", ADMIN_TWO)).toEqual(["Bado una uhamishaji unaoendelea: subiri faili zake kwanza, kisha uombe mwingine."]);
    release();
    await vi.waitFor(() => expect(t.documents()).toHaveLength(4));
    await vi.waitFor(() => expect(t.edits().filter((edit) => /^📤 History from/.test(String(edit.payload.text)))).toHaveLength(1));
    await vi.waitFor(() => expect(t.edits().filter((edit) => /^📤 Historia/.test(String(edit.payload.text)))).toHaveLength(1));
    // Done: the next one may start.
    expect(await t.ask("/export today", ADMIN)).toEqual([expect.stringMatching(/^📤 Exporting/)]);
  });

  it("lets an admin export again after one stopped on the store failing, or found nothing", async () => {
    const t = bot();
    expect(await t.ask("/export", ADMIN)).toEqual([expect.stringMatching(/^No checks between/)]);
    await t.ask("/collection TX-1");
    const range = t.state.journal.range.bind(t.state.journal);
    const spy = vi.spyOn(t.state.journal, "range").mockRejectedValueOnce(new StateUnavailableError("the store went away"));
    await t.ask("/export today", ADMIN);
    spy.mockImplementation(range);
    expect(await t.ask("/export today", ADMIN)).toEqual([expect.stringMatching(/^📤 Exporting/)]);
  });

  it("says the export stopped when the store fails in the middle of it, instead of retrying for ever", async () => {
    const t = bot();
    for (let i = 0; i < 1_001; i++) await t.state.journal.append({ at: Date.now(), payment: `collection:TX-${i}`, person: String(USER.id), status: "PENDING", onlyIfChanged: false, data: JSON.stringify({ a: Date.now(), e: "answer", k: "collection", i: `TX-${i}`, h: "command" }), retentionMs: 86_400_000 });
    const range = t.state.journal.range.bind(t.state.journal);
    let reads = 0;
    vi.spyOn(t.state.journal, "range").mockImplementation(async (...args) => {
      if (reads++ >= 1) throw new StateUnavailableError("the store went away");
      return range(...args);
    });
    await t.ask("/export today", ADMIN);
    await vi.waitFor(() => expect(String(t.edits().at(-1)?.payload.text)).toBe("The export stopped before the end. Please try again in a moment."));
    expect(t.logs.entries().some((line) => line.msg === "an export stopped before the end")).toBe(true);
  });
});
