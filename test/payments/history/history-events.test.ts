import { describe, expect, it } from "vitest";
import type { Case } from "../../../src/payments/cases/case.ts";
import type { CaseAudit } from "../../../src/payments/cases/case-events.ts";
import { auditIntoHistory } from "../../../src/payments/history/recording/case-entries.ts";
import { decodeEntry, encodeEntry, type HistoryEntry } from "../../../src/payments/history/entry.ts";
import { eventEntries, peopleAsOne } from "../../../src/payments/history/events.ts";
import { NO_HISTORY, type HistoryRecorder } from "../../../src/payments/history/recording/recorder.ts";
import { receiptMadeEntry, receiptRevokedEntry } from "../../../src/payments/history/recording/receipt-entries.ts";
import { foldTimeline } from "../../../src/payments/history/timeline.ts";
import { receiptOf, type FinalOutcome } from "../../../src/payments/receipts/receipt.ts";
import { outcomes } from "../../support/outcomes.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");

describe("a payment's events", () => {
  it("go on the kind a watch settled on, else on each kind it watches", () => {
    const event = { at: T0, event: "watch-started" as const, how: "watch" as const };
    expect(eventEntries([{ scope: "status", transactionId: "TX-1" }], event).map((entry) => entry.kind)).toEqual(["collection", "airtime"]);
    expect(eventEntries([{ scope: "status", transactionId: "TX-1", settledKind: "airtime" }], event).map((entry) => entry.kind)).toEqual(["airtime"]);
    expect(eventEntries([{ scope: "collection", transactionId: "TX-1" }], event)).toEqual([{ ...event, kind: "collection", transactionId: "TX-1" }]);
  });

  it("name every person a group's notice went to", () => {
    expect(peopleAsOne([{ id: 1, name: "Ama" }, { id: 2, name: "" }])).toEqual({ id: 1, name: "Ama, 2" });
    expect(peopleAsOne([])).toBeUndefined();
  });

  it("of a case are its audit's opened, taken and resolved, written beside the audit line", () => {
    const recorded: HistoryEntry[] = [];
    const audited: string[] = [];
    const recorder: HistoryRecorder = { on: true, record: (entry) => void recorded.push(entry) };
    const audit = auditIntoHistory((action) => void audited.push(action), recorder, () => T0);
    const value = { number: 7, kind: "collection", transactionId: "TX-1", openedAt: T0, agents: [], last: outcomes.found("collection", "TX-1", "PENDING"), checks: 0 } as Case;
    for (const action of ["opened", "joined", "taken", "reminded", "resolved"] as Parameters<CaseAudit>[0][]) audit(action, value, { userId: 11, name: "Ama" });
    expect(audited).toEqual(["opened", "joined", "taken", "reminded", "resolved"]);
    expect(recorded.map((entry) => [entry.event, entry.caseNumber, entry.who?.name, entry.where?.title])).toEqual([
      ["case-opened", 7, "Ama", "private"],
      ["case-taken", 7, "Ama", undefined],
      ["case-resolved", 7, "Ama", undefined],
    ]);
    const off: CaseAudit = () => undefined;
    expect(auditIntoHistory(off, NO_HISTORY, () => T0)).toBe(off);
  });

  it("of a receipt made name its maker, its chat and its number, state what it states, and tell the status as last known", () => {
    const outcome = outcomes.failed("collection", "TX-1", "Insufficient balance") as FinalOutcome;
    const receipt = receiptOf(outcome, "failed", { number: 12, now: T0, keepMs: 1_000, title: "Duka", language: "sw", by: { userId: 11, name: "Ama" }, chatId: 11 });
    const entry = receiptMadeEntry(receipt, { who: { id: 11, name: "Ama" }, where: { chatId: 11, title: "private" } });
    expect(entry).toMatchObject({ at: T0, event: "receipt-made", how: "receipt", kind: "collection", transactionId: "TX-1", receiptNumber: 12, said: { type: "found", status: "FAILED", reason: "Insufficient balance" } });
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
    const timeline = foldTimeline([entry], { userId: 11, admin: false, inSupportChat: false, mayAsk: true }, "own-and-changes");
    expect(timeline.lines).toEqual([{ type: "event", entry, who: { type: "you" } }]);
    expect(timeline.status).toBe("FAILED");
  });

  it("of a receipt revoked name the admin, when and where, and leave the status as it was", () => {
    const outcome = outcomes.success("collection", "TX-1") as FinalOutcome;
    const made = receiptOf(outcome, "success", { number: 12, now: T0, keepMs: 1_000, title: "Duka", language: "en", by: { userId: 11, name: "Ama" }, chatId: 11 });
    const revoked = { ...made, revoked: { at: T0 + 60_000, by: { userId: 70, name: "Zawadi" } } };
    const entry = receiptRevokedEntry(revoked, { who: { id: 70, name: "Zawadi" }, where: { chatId: 70, title: "private" } });
    expect(entry).toEqual({ at: T0 + 60_000, event: "receipt-revoked", how: "receipt", kind: "collection", transactionId: "TX-1", receiptNumber: 12, who: { id: 70, name: "Zawadi" }, where: { chatId: 70, title: "private" } });
    expect(decodeEntry(encodeEntry(entry))).toMatchObject(entry);
    const timeline = foldTimeline([receiptMadeEntry(made, { who: { id: 11, name: "Ama" }, where: undefined }), entry], { userId: 11, admin: false, inSupportChat: false, mayAsk: true }, "own-and-changes");
    expect(timeline.lines.map((line) => line.type === "event" && [line.entry.event, line.who.type])).toEqual([
      ["receipt-made", "you"],
      ["receipt-revoked", "someone"],
    ]);
    expect(timeline.status).toBe("SUCCESS");
  });
});
