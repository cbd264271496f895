import { describe, expect, it } from "vitest";
import { neutralise, reportCsv, reportRows, verdictOf } from "../../../src/payments/bulk/report.ts";
import { outcomes } from "../../support/outcomes.ts";
import { readReport } from "../../support/csv.ts";

describe("the CSV report", () => {
  it("has the columns, a row per ID and kind shown, and the cells that were not IDs", async () => {
    const rows = reportRows(
      [
        { id: "TX-1", outcomes: [outcomes.success("collection", "TX-1", "MP-1")] },
        { id: "TX-2", outcomes: [outcomes.notFound("collection", "TX-2"), outcomes.failed("airtime", "TX-2", "Wrong PIN", "MP-2")] },
        { id: "TX-3", outcomes: [outcomes.notFound("collection", "TX-3"), outcomes.notFound("airtime", "TX-3")] },
        { id: "TX-4", outcomes: [outcomes.timeout("collection", "TX-4")] },
      ],
      { listed: [{ row: 9, cell: "oops!" }], total: 1 },
    );
    const csv = await reportCsv(rows);
    expect(csv.startsWith("\ufefftransaction_id,kind,outcome,payment_status,mno_reference,failure_reason,service_transaction_id,checked_at\r\n")).toBe(true);
    const parsed = readReport(csv);
    expect(parsed.map((row) => [row.transaction_id, row.kind, row.outcome, row.payment_status, row.mno_reference, row.failure_reason])).toEqual([
      ["TX-1", "collection", "success", "SUCCESS", "MP-1", ""],
      ["TX-2", "airtime", "failed", "FAILED", "MP-2", "Wrong PIN"],
      ["TX-3", "collection or airtime", "not_found", "", "", ""],
      ["TX-4", "collection", "timeout", "", "", ""],
      ["oops!", "", "invalid_id", "", "", "row 9: not a transaction ID"],
    ]);
    expect(parsed[0]?.checked_at).toBe("2026-11-22T14:05:32.000Z");
    expect(parsed[0]?.service_transaction_id).toBe("3f0e6a4e-2c1b-4d8e-9a7f-0c5b6d7e8f90");
  });

  it("quotes what needs quoting (RFC 4180) and neutralises cells a spreadsheet would run as formulas", async () => {
    const hostile = outcomes.failed("collection", "TX-1", '=HYPERLINK("http://evil","click"), then "more"\nand a line', "+MNO");
    const csv = await reportCsv(reportRows([{ id: "TX-1", outcomes: [hostile] }], { listed: [{ row: 2, cell: "@SUM(A1)" }, { row: 3, cell: "-1+2" }, { row: 4, cell: "\tTAB" }], total: 3 }));
    const parsed = readReport(csv);
    expect(parsed[0]?.failure_reason).toBe('\'=HYPERLINK("http://evil","click"), then "more" and a line');
    expect(parsed[0]?.mno_reference).toBe("'+MNO");
    expect(parsed.slice(1).map((row) => row.transaction_id)).toEqual(["'@SUM(A1)", "'-1+2", "TAB"]);
    expect(csv).toContain('"\'=HYPERLINK(""http://evil"",""click""), then ""more"" and a line"');
  });

  it("lists the cells that were not IDs as read, then one line for those not listed", async () => {
    const csv = await reportCsv(reportRows([], { listed: [{ row: 2, cell: "!" }], total: 524_000 }));
    const parsed = readReport(csv);
    expect(parsed.map((row) => [row.transaction_id, row.outcome, row.failure_reason])).toEqual([
      ["!", "invalid_id", "row 2: not a transaction ID"],
      ["…", "invalid_id", "523999 more cells were not transaction IDs (not listed)"],
    ]);
  });

  it("cleans cells as answers are: no bidi overrides or controls, no leading space before a formula", async () => {
    const sneaky = outcomes.failed("collection", "TX-1", "\u202Egnp.exe\u0007 reason", " =HYPERLINK(1)");
    const [row] = readReport(await reportCsv(reportRows([{ id: "TX-1", outcomes: [sneaky] }], { listed: [], total: 0 })));
    expect(row?.failure_reason).toBe("gnp.exe reason");
    expect(row?.mno_reference).toBe("'=HYPERLINK(1)");
  });

  it("always fits Telegram's 50 MB for documents: 10,000 IDs on both kinds, every field a faulty provider's longest", async () => {
    // One string of each kind, shared: 20,000 copies would not fit in the test's memory.
    const long = new Map<string, string>();
    const huge = (unit: string) => long.get(unit) ?? long.set(unit, unit.repeat(60_000)).get(unit) ?? "";
    const results = Array.from({ length: 10_000 }, (_, i) => {
      const id = `TX-${String(i).padStart(60, "0")}`;
      const failed = (kind: "collection" | "airtime") => ({
        ...outcomes.found(kind, id, huge("€"), { message: huge('"€'), mno: huge('€"') }),
        serviceTransactionId: huge("€"),
      });
      return { id, outcomes: [failed("collection"), failed("airtime")] };
    });
    const invalid = { listed: Array.from({ length: 1_000 }, (_, row) => ({ row, cell: huge("€").slice(0, 100) })), total: 500_000 };
    const bytes = Buffer.byteLength(await reportCsv(reportRows(results, invalid)));
    expect(bytes).toBeLessThan(50 * 1024 * 1024);
  }, 30_000);

  it("leaves ordinary cells alone", () => {
    expect(neutralise("TX-1")).toBe("TX-1");
    expect(neutralise("Insufficient balance")).toBe("Insufficient balance");
  });
});

describe("what the summary counts", () => {
  it("counts an ID by its best-known outcome", () => {
    expect(verdictOf([outcomes.success("collection", "A")])).toBe("success");
    expect(verdictOf([outcomes.failed("airtime", "A")])).toBe("failed");
    expect(verdictOf([outcomes.pending("airtime", "A")])).toBe("not_final");
    expect(verdictOf([])).toBe("not_found");
    expect(verdictOf([outcomes.timeout("collection", "A"), outcomes.notFound("airtime", "A")])).toBe("could_not_check");
    expect(verdictOf([outcomes.timeout("collection", "A")])).toBe("could_not_check");
  });
});
