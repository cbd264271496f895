import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutralise, reportCsv, reportRows, verdictOf } from "../../../src/payments/bulk/report.ts";
import { outcomes } from "../../support/outcomes.ts";

describe("the CSV report", () => {
  it("has the columns, a row per ID and kind shown, and the cells that were not IDs", () => {
    const rows = reportRows(
      [
        { id: "TX-1", outcomes: [outcomes.success("collection", "TX-1", "MP-1")] },
        { id: "TX-2", outcomes: [outcomes.notFound("collection", "TX-2"), outcomes.failed("airtime", "TX-2", "Wrong PIN", "MP-2")] },
        { id: "TX-3", outcomes: [outcomes.notFound("collection", "TX-3"), outcomes.notFound("airtime", "TX-3")] },
        { id: "TX-4", outcomes: [outcomes.timeout("collection", "TX-4")] },
      ],
      [{ row: 9, cell: "oops!" }],
    );
    const csv = reportCsv(rows);
    expect(csv.startsWith("\ufefftransaction_id,kind,outcome,payment_status,mno_reference,failure_reason,service_transaction_id,checked_at\r\n")).toBe(true);
    const parsed = parse<Record<string, string>>(csv, { bom: true, columns: true });
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

  it("quotes what needs quoting (RFC 4180) and neutralises cells a spreadsheet would run as formulas", () => {
    const hostile = outcomes.failed("collection", "TX-1", '=HYPERLINK("http://evil","click"), then "more"\nand a line', "+MNO");
    const csv = reportCsv(reportRows([{ id: "TX-1", outcomes: [hostile] }], [{ row: 2, cell: "@SUM(A1)" }, { row: 3, cell: "-1+2" }, { row: 4, cell: "\tTAB" }]));
    const parsed = parse<Record<string, string>>(csv, { bom: true, columns: true });
    expect(parsed[0]?.failure_reason).toBe('\'=HYPERLINK("http://evil","click"), then "more"\nand a line');
    expect(parsed[0]?.mno_reference).toBe("'+MNO");
    expect(parsed.slice(1).map((row) => row.transaction_id)).toEqual(["'@SUM(A1)", "'-1+2", "'\tTAB"]);
    expect(csv).toContain('"\'=HYPERLINK(""http://evil"",""click""), then ""more""\nand a line"');
  });

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
