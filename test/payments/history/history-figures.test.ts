import { describe, expect, it } from "vitest";
import { encodeEntry, paymentKey, saidOf, statusOf, type HistoryEntry } from "../../../src/payments/history/entry.ts";
import { historyFigures } from "../../../src/payments/history/history-figures.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { outcomes } from "../../support/outcomes.ts";

const DAY = 24 * 60 * 60 * 1000;
const TO = Date.parse("2026-11-24T06:00:00Z");
const FROM = TO - DAY;

describe("the history's line of the daily summary", () => {
  it("counts the day's checks and people, and the payments of the day before still not final", async () => {
    const store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const journal = store.journal;
    const entry = (at: number, id: string, status: string, who?: number): HistoryEntry => ({
      at,
      event: "answer",
      kind: "collection",
      transactionId: id,
      said: saidOf(status === "not-found" ? outcomes.notFound("collection", id) : outcomes.found("collection", id, status)),
      who: who === undefined ? undefined : { id: who, name: `P${who}` },
      how: who === undefined ? "watch" : "command",
    });
    const entries = [
      // The day before: one still pending, one settled since, one never found.
      entry(FROM - 5 * 3600_000, "OLD-1", "PENDING", 1),
      entry(FROM - 4 * 3600_000, "OLD-2", "PENDING", 1),
      entry(FROM + 3600_000, "OLD-2", "SUCCESS"),
      entry(FROM - 3600_000, "OLD-3", "not-found", 2),
      // The day: three checks by two people, and a watch's change (nobody asked it).
      entry(FROM + 2 * 3600_000, "NEW-1", "PENDING", 1),
      entry(FROM + 3 * 3600_000, "NEW-1", "PENDING", 2),
      entry(FROM + 4 * 3600_000, "NEW-2", "FAILED", 2),
      entry(TO + 1000, "LATER", "PENDING", 3),
    ];
    // Written as the recorder writes them (awaited here).
    for (const one of entries) await journal.append({ at: one.at, payment: paymentKey(one.kind, one.transactionId), person: one.who && String(one.who.id), status: statusOf(one.said), onlyIfChanged: false, data: encodeEntry(one), retentionMs: 90 * DAY });
    expect(await historyFigures(journal, FROM, TO)).toEqual({ checks: 3, people: 2, open: 1 });
    await store.close();
  });
});
