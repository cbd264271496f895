import { describe, expect, it } from "vitest";
import { saidOf, type HistoryEntry } from "../../../../src/payments/history/entry.ts";
import { exportCsv, latestCsv } from "../../../../src/payments/history/export/export-csv.ts";
import { isoInZone, LatestPerPayment } from "../../../../src/payments/history/export/export-rows.ts";
import { outcomes } from "../../../support/outcomes.ts";

const T0 = Date.parse("2026-11-22T12:00:00Z");
const iso = isoInZone("UTC");
const answer = (n: number, status: string): HistoryEntry => ({
  at: T0 + n * 1000,
  event: "answer",
  kind: "collection",
  transactionId: `TX-${n % 7}`,
  said: status === "timeout" ? saidOf(outcomes.timeout("collection", `TX-${n % 7}`)) : saidOf(outcomes.found("collection", `TX-${n % 7}`, status)),
  who: { id: 5, name: "Amani" },
  where: { chatId: 5, title: "private" },
  how: "command",
});

/** Entries that never wait for I/O, as SQLite gives them. */
async function* entries(count: number): AsyncGenerator<HistoryEntry> {
  for (let n = 0; n < count; n++) yield answer(n, n % 3 ? "PENDING" : "SUCCESS");
}

/** Reads a whole document, counting the turns the event loop had meanwhile (a setImmediate chain). */
async function readCounting(document: AsyncIterable<Uint8Array>): Promise<{ text: string; turns: number }> {
  let turns = 0;
  let reading = true;
  const turn = () => {
    if (!reading) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  const parts: Buffer[] = [];
  for await (const chunk of document) parts.push(Buffer.from(chunk));
  reading = false;
  return { text: Buffer.concat(parts).toString("utf8"), turns };
}

describe("the export's CSV files", () => {
  it("give the event loop a turn every hundred rows, even when the entries come without any I/O", async () => {
    const { text, turns } = await readCounting(exportCsv(entries(1_000), iso));
    expect(text.trimEnd().split("\r\n")).toHaveLength(1_001);
    // Without the turns, a long export held every other update up until it was written whole.
    expect(turns).toBeGreaterThanOrEqual(9);
  });

  it("write the latest status per payment chunk by chunk too, as the rows it kept say", async () => {
    const latest = new LatestPerPayment();
    const seen: HistoryEntry[] = [];
    await readCounting(exportCsv(entries(1_400), iso, (entry) => (latest.add(entry), seen.push(entry))));
    latest.add(answer(1_400, "timeout"));
    const { text } = await readCounting(latestCsv(latest, iso));
    const lines = text.replace(/^\ufeff/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("transaction_id,kind,status,last_answer_at,answers");
    expect(lines).toHaveLength(8);
    // TX-0's last answer could not check: the status it keeps is the one before, its answers all counted.
    expect(lines).toContain(`TX-0,collection,PENDING,${iso(T0 + 1_393_000)},201`);
    expect(seen).toHaveLength(1_400);
  });
});
