import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry, isFinalStatus, NOT_FOUND, saidOf, statusOf, type HistoryEntry } from "../../../src/payments/history/entry.ts";
import { matchesFilters, parseExportRequest } from "../../../src/payments/history/export/export-request.ts";
import { exportRow, isoInZone, LatestPerPayment } from "../../../src/payments/history/export/export-rows.ts";
import { historyCutoff, nextRemovalIn, REMOVAL_BATCH } from "../../../src/payments/history/retention.ts";
import { foldTimeline } from "../../../src/payments/history/timeline.ts";
import { historyView, type HistoryReader } from "../../../src/payments/history/visibility.ts";
import { outcomes } from "../../support/outcomes.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const alice = { id: 11, name: "Alice" };
const bob = { id: 22, name: "Bob" };
const carol = { id: 33, name: "Carol" };
const answer = (at: number, who: { id: number; name: string }, status: string, how: HistoryEntry["how"] = "command"): HistoryEntry => ({
  at,
  event: "answer",
  kind: "collection",
  transactionId: "TX-1",
  said: status === "timeout" ? saidOf(outcomes.timeout("collection", "TX-1")) : saidOf(outcomes.found("collection", "TX-1", status)),
  who,
  where: { chatId: who.id, title: "private" },
  how,
});
const reader = (over: Partial<HistoryReader> = {}): HistoryReader => ({ userId: alice.id, admin: false, inSupportChat: false, mayAsk: true, ...over });

describe("history entries", () => {
  it("are stored compactly and read back as written", () => {
    const entry: HistoryEntry = { ...answer(T0, alice, "FAILED"), said: saidOf(outcomes.failed("collection", "TX-1")), where: { chatId: -100, title: "Agents", topic: 7 } };
    const text = encodeEntry(entry);
    expect(text.length).toBeLessThan(260);
    expect(decodeEntry(text)).toEqual(entry);
    expect(decodeEntry("{not json")).toBeUndefined();
    expect(decodeEntry(JSON.stringify({ a: 1 }))).toBeUndefined();
  });

  it("tell the payment's status, or none when the bot could not check", () => {
    expect(statusOf(saidOf(outcomes.found("collection", "A", " pending ")))).toBe("PENDING");
    expect(statusOf(saidOf(outcomes.notFound("collection", "A")))).toBe(NOT_FOUND);
    expect(statusOf(saidOf(outcomes.timeout("collection", "A")))).toBeUndefined();
    expect(isFinalStatus("SUCCESS")).toBe(true);
    expect(isFinalStatus("PENDING")).toBe(false);
    expect(isFinalStatus(NOT_FOUND)).toBe(false);
  });
});

describe("who sees what", () => {
  it("admins and the support chat see everything; others their own and the changes; nobody without access anything", () => {
    expect(historyView(reader({ admin: true, mayAsk: false }))).toBe("everything");
    expect(historyView(reader({ inSupportChat: true }))).toBe("everything");
    expect(historyView(reader())).toBe("own-and-changes");
    expect(historyView(reader({ mayAsk: false }))).toBe("nothing");
    expect(historyView(reader({ mayAsk: false, inSupportChat: true }))).toBe("nothing");
  });
});

describe("a payment's timeline", () => {
  const entries = [
    answer(T0, bob, "PENDING"),
    answer(T0 + 1000, carol, "PENDING"),
    answer(T0 + 2000, bob, "PENDING"),
    answer(T0 + 3000, alice, "PENDING"),
    answer(T0 + 4000, carol, "PENDING"),
    answer(T0 + 5000, carol, "SUCCESS", "watch"),
    answer(T0 + 6000, bob, "SUCCESS"),
  ];

  it("folds identical repeated answers for those who see everything, with names", () => {
    const timeline = foldTimeline(entries, reader({ userId: 99, admin: true }), "everything");
    expect(timeline.lines.map((line) => line.type)).toEqual(["answer", "repeats", "answer", "repeats"]);
    expect(timeline.lines[0]).toMatchObject({ first: true, who: { type: "named", person: bob } });
    expect(timeline.lines[1]).toEqual({ type: "repeats", count: 4, people: 3, status: "PENDING" });
    expect(timeline.lines[2]).toMatchObject({ changed: true, who: { type: "named", person: carol } });
    expect(timeline.status).toBe("SUCCESS");
  });

  it("shows an agent the changes and their own checks, and others' checks only counted, never named", () => {
    const timeline = foldTimeline(entries, reader(), "own-and-changes");
    expect(timeline.lines.map((line) => line.type)).toEqual(["answer", "repeats", "answer", "repeats", "answer", "repeats"]);
    expect(timeline.lines[0]).toMatchObject({ first: true, who: { type: "someone" } });
    expect(timeline.lines[1]).toEqual({ type: "repeats", count: 2, people: 2, status: "PENDING" });
    expect(timeline.lines[2]).toMatchObject({ who: { type: "you" } });
    expect(JSON.stringify(timeline.lines.filter((line) => line.type !== "repeats").map((line) => line.who))).not.toMatch(/Bob|Carol/);
  });

  it("keeps an answer that could not check apart, and shows nothing to nobody", () => {
    const timeline = foldTimeline([answer(T0, bob, "PENDING"), answer(T0 + 1, bob, "timeout"), answer(T0 + 2, bob, "PENDING")], reader({ admin: true }), "everything");
    expect(timeline.lines.map((line) => line.type)).toEqual(["answer", "answer", "answer"]);
    expect(foldTimeline(entries, reader({ mayAsk: false }), "nothing").lines).toEqual([]);
  });
});

describe("retention", () => {
  it("keeps HISTORY_DAYS of entries, and removes in batches, at once while more wait", () => {
    expect(historyCutoff(T0, 90)).toBe(T0 - 90 * 86_400_000);
    expect(nextRemovalIn(REMOVAL_BATCH)).toBeLessThan(1000);
    expect(nextRemovalIn(3)).toBeGreaterThanOrEqual(60_000);
  });
});

describe("an export's request", () => {
  const now = Date.parse("2026-11-24T08:00:00Z");
  it("is yesterday by default, in BOT_TIMEZONE", () => {
    const parsed = parseExportRequest("", now, "Africa/Nairobi");
    expect(parsed).toMatchObject({ type: "ok", request: { firstDay: "2026-11-23", lastDay: "2026-11-23", from: Date.parse("2026-11-22T21:00:00Z"), to: Date.parse("2026-11-23T21:00:00Z") } });
  });
  it("takes today, two dates and filters", () => {
    expect(parseExportRequest("today", now, "UTC")).toMatchObject({ type: "ok", request: { firstDay: "2026-11-24" } });
    expect(parseExportRequest("2026-11-01 2026-11-30 kind=airtime status=failed user=42", now, "UTC")).toMatchObject({
      type: "ok",
      request: { firstDay: "2026-11-01", lastDay: "2026-11-30", filters: { kind: "airtime", status: "FAILED", user: 42 } },
    });
  });
  it("refuses what does not parse, a reversed range and a range over 92 days", () => {
    expect(parseExportRequest("2026-02-30", now, "UTC")).toEqual({ type: "bad-date", text: "2026-02-30" });
    expect(parseExportRequest("kind=cash", now, "UTC")).toEqual({ type: "bad-filter", text: "kind=cash" });
    expect(parseExportRequest("2026-11-30 2026-11-01", now, "UTC")).toEqual({ type: "reversed" });
    expect(parseExportRequest("2026-01-01 2026-06-30", now, "UTC")).toEqual({ type: "too-long", days: 181 });
    expect(parseExportRequest("2026-01-01 2026-04-02", now, "UTC").type).toBe("ok");
  });
  it("filters entries by kind, status and user", () => {
    const entry = answer(T0, bob, "FAILED");
    expect(matchesFilters(entry, { kind: "collection", status: "FAILED", user: bob.id })).toBe(true);
    expect(matchesFilters(entry, { status: "SUCCESS" })).toBe(false);
    expect(matchesFilters(entry, { user: alice.id })).toBe(false);
  });
  it("finds the payments the service did not know with status=NOT_FOUND, as the export's status column writes them", () => {
    const parsed = parseExportRequest("today status=not_found", now, "UTC");
    const filters = parsed.type === "ok" ? parsed.request.filters : {};
    const unknown: HistoryEntry = { ...answer(T0, bob, "FAILED"), said: saidOf(outcomes.notFound("collection", "TX-1")) };
    expect(exportRow(unknown, isoInZone("UTC"))[3]).toBe("NOT_FOUND");
    expect(matchesFilters(unknown, filters)).toBe(true);
    expect(matchesFilters(answer(T0, bob, "FAILED"), filters)).toBe(false);
  });
});

describe("export rows", () => {
  it("carry the time with its offset and neutralise formulas", () => {
    expect(isoInZone("Africa/Nairobi")(Date.parse("2026-11-22T12:00:05.700Z"))).toBe("2026-11-22T15:00:05+03:00");
    expect(isoInZone("America/St_Johns")(Date.parse("2026-11-22T12:00:00Z"))).toBe("2026-11-22T08:30:00-03:30");
    const entry: HistoryEntry = { ...answer(T0, { id: 5, name: "=HYPERLINK(1)" }, "FAILED"), said: saidOf(outcomes.failed("collection", "TX-1", "@SUM(A1)")) };
    const row = exportRow(entry, isoInZone("UTC"));
    expect(row).toContain("'=HYPERLINK(1)");
    expect(row).toContain("'@SUM(A1)");
    expect(row[0]).toBe("2026-11-22T12:00:00+00:00");
  });
  it("sum up the latest status per payment", () => {
    const latest = new LatestPerPayment();
    [answer(T0, bob, "PENDING"), answer(T0 + 1, bob, "SUCCESS"), answer(T0 + 2, bob, "timeout")].forEach((entry) => latest.add(entry));
    expect(latest.rows(isoInZone("UTC"))).toEqual([["TX-1", "collection", "SUCCESS", "2026-11-22T12:00:00+00:00", "3"]]);
  });

  it("sum up as plainly as the rule says, over any answers: per payment in the order first met, the last answer that told a status (or the last one, when none did), and how many", () => {
    const iso = isoInZone("UTC");
    const said = fc.constantFrom("SUCCESS", "PENDING", "FAILED", "weird status", "timeout", "not_found", "event");
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom("collection" as const, "airtime" as const), id: fc.constantFrom("TX-1", "TX-2", "collection:3", "é"), said }), { maxLength: 3_000 }), (answers) => {
        const latest = new LatestPerPayment();
        const expected = new Map<string, { row: string[]; told: boolean }>();
        answers.forEach(({ kind, id, said: what }, n) => {
          const outcome = what === "timeout" ? outcomes.timeout(kind, id) : what === "not_found" ? outcomes.notFound(kind, id) : outcomes.found(kind, id, what);
          const entry: HistoryEntry = { at: T0 + n * 1000, event: what === "event" ? "watch-started" : "answer", kind, transactionId: id, said: saidOf(outcome), who: bob, how: "command" };
          latest.add(entry);
          if (entry.event !== "answer") return;
          const key = `${kind} ${id}`;
          const known = expected.get(key);
          const count = Number(known?.row[4] ?? 0) + 1;
          const told = what !== "timeout";
          const status = what === "timeout" ? "COULD_NOT_CHECK (timeout)" : what === "not_found" ? "NOT_FOUND" : what;
          if (known && !told && known.told) known.row[4] = String(count);
          else expected.set(key, { row: [id, kind, status, iso(entry.at), String(count)], told });
        });
        expect(latest.size).toBe(expected.size);
        expect(latest.rows(iso)).toEqual([...expected.values()].map(({ row }) => row));
      }),
      { numRuns: 200 },
    );
  });
});
