import { describe, expect, it } from "vitest";
import { readIds } from "../../../src/payments/bulk/read-ids.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string, name = "ids.csv", max = 1000) => readIds(utf8(text), name, max);

describe("reading IDs from a file", () => {
  it("takes the column named id, transaction_id, transactionID or reference, in any case", () => {
    for (const header of ["id", "Transaction_ID", "TRANSACTIONID", "Reference"]) {
      expect(read(`amount,${header},note\n5,TX-1,first\n6,TX-2,second\n`)).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: [] });
    }
  });

  it("takes the first column when there is no header", () => {
    expect(read("TX-1,5\nTX-2,6\n")).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: [] });
  });

  it("reads semicolon- and tab-separated files, with a BOM and CRLF", () => {
    expect(read("\ufeffDate;Reference;Amount\r\n2026-11-22;TX-1;5,00\r\n2026-11-22;TX-2;6,00\r\n")).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: [] });
    expect(read("id\tamount\nTX-1\t5\nTX-2\t6\n")).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: [] });
  });

  it("checks each ID once, in the order first seen, and lists cells that are not IDs with their row", () => {
    expect(read('id\nTX-1\nTX-2\nTX-1\n"=HYPERLINK(""http://x"")"\nhas space\n\n')).toEqual({
      type: "ok",
      ids: ["TX-1", "TX-2"],
      invalid: [
        { row: 5, cell: '=HYPERLINK("http://x")' },
        { row: 6, cell: "has space" },
      ],
    });
  });

  it("keeps quoted cells with separators and line breaks whole", () => {
    expect(read('id,note\nTX-1,"a, b\nc"\nTX-2,"x ""quoted"""\n')).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: [] });
  });

  it("reads a .txt file with one or several IDs per line", () => {
    expect(read("TX-1 TX-2\nTX-3\r\n\nTX-4  TX-1", "ids.txt")).toEqual({ type: "ok", ids: ["TX-1", "TX-2", "TX-3", "TX-4"], invalid: [] });
  });

  it("refuses more than BULK_MAX_IDS distinct IDs, with the count", () => {
    const lines = Array.from({ length: 1_001 }, (_, i) => `TX-${i}`).join("\n");
    expect(read(lines)).toEqual({ type: "too_many", count: 1_001, max: 1_000 });
    expect(read(`${lines}\nTX-0\nTX-1`, "ids.csv", 1_001)).toMatchObject({ type: "ok" });
  });

  it.each([
    ["an empty file", ""],
    ["a header only", "id,amount\n"],
    ["blank lines", "\n\r\n  \n"],
  ])("finds no IDs in %s", (_, text) => {
    expect(read(text)).toMatchObject({ type: "no_ids" });
  });

  it.each([
    ["a zip renamed to .csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ["a PDF", utf8("%PDF-1.7 ...")],
    ["bytes with NUL", new Uint8Array([0x54, 0x58, 0x00, 0x31])],
    ["Latin-1, not UTF-8", new Uint8Array([0x54, 0x58, 0x2d, 0xe9, 0x0a])],
  ])("refuses %s as not a text file", (_, bytes) => {
    expect(readIds(bytes, "ids.csv", 1000)).toEqual({ type: "not_text" });
  });
});
