import { describe, expect, it } from "vitest";
import { INVALID_CELLS_LISTED, readIds } from "../../../src/payments/bulk/read-ids.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string, name = "ids.csv", max = 1000) => readIds(utf8(text), name, max);

describe("reading IDs from a file", async () => {
  it("takes the column named id, transaction_id, transactionID or reference, in any case", async () => {
    for (const header of ["id", "Transaction_ID", "TRANSACTIONID", "Reference"]) {
      expect(await read(`amount,${header},note\n5,TX-1,first\n6,TX-2,second\n`)).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: { listed: [], total: 0 } });
    }
  });

  it("takes the first column when there is no header", async () => {
    expect(await read("TX-1,5\nTX-2,6\n")).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: { listed: [], total: 0 } });
  });

  it("reads semicolon- and tab-separated files, with a BOM and CRLF", async () => {
    expect(await read("\ufeffDate;Reference;Amount\r\n2026-11-22;TX-1;5,00\r\n2026-11-22;TX-2;6,00\r\n")).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: { listed: [], total: 0 } });
    expect(await read("id\tamount\nTX-1\t5\nTX-2\t6\n")).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: { listed: [], total: 0 } });
  });

  it("checks each ID once, in the order first seen, and lists cells that are not IDs with their row", async () => {
    expect(await read('id\nTX-1\nTX-2\nTX-1\n"=HYPERLINK(""http://x"")"\nhas space\n\n')).toEqual({
      type: "ok",
      ids: ["TX-1", "TX-2"],
      invalid: {
        listed: [
          { row: 5, cell: '=HYPERLINK("http://x")' },
          { row: 6, cell: "has space" },
        ],
        total: 2,
      },
    });
  });

  it("keeps quoted cells with separators and line breaks whole", async () => {
    expect(await read('id,note\nTX-1,"a, b\nc"\nTX-2,"x ""quoted"""\n')).toEqual({ type: "ok", ids: ["TX-1", "TX-2"], invalid: { listed: [], total: 0 } });
  });

  it("reads a .txt file with one or several IDs per line", async () => {
    expect(await read("TX-1 TX-2\nTX-3\r\n\nTX-4  TX-1", "ids.txt")).toEqual({ type: "ok", ids: ["TX-1", "TX-2", "TX-3", "TX-4"], invalid: { listed: [], total: 0 } });
  });

  it("refuses more than BULK_MAX_IDS distinct IDs, with the count", async () => {
    const lines = Array.from({ length: 1_001 }, (_, i) => `TX-${i}`).join("\n");
    expect(await read(lines)).toEqual({ type: "too_many", count: 1_001, max: 1_000 });
    expect(await read(`${lines}\nTX-0\nTX-1`, "ids.csv", 1_001)).toMatchObject({ type: "ok" });
  });

  it.each([
    ["an empty file", ""],
    ["a header only", "id,amount\n"],
    ["blank lines", "\n\r\n  \n"],
  ])("finds no IDs in %s", async (_, text) => {
    expect(await read(text)).toMatchObject({ type: "no_ids" });
  });

  it.each([
    ["a zip renamed to .csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ["a PDF", utf8("%PDF-1.7 ...")],
    ["bytes with NUL", new Uint8Array([0x54, 0x58, 0x00, 0x31])],
    ["Latin-1, not UTF-8", new Uint8Array([0x54, 0x58, 0x2d, 0xe9, 0x0a])],
  ])("refuses %s as not a text file", async (_, bytes) => {
    expect(await readIds(bytes, "ids.csv", 1000)).toEqual({ type: "not_text" });
  });

  it("lists the first cells that are not IDs, and counts the rest", async () => {
    const junk = "!\n".repeat(524_000);
    const valid = Array.from({ length: 20 }, (_, i) => `TX-${i}`).join("\n");
    const read = await readIds(utf8(`${valid}\n${junk}`), "ids.csv", 1000);
    expect(read).toMatchObject({ type: "ok", ids: Array.from({ length: 20 }, (_, i) => `TX-${i}`) });
    const invalid = read.type === "ok" ? read.invalid : undefined;
    expect(invalid?.total).toBe(524_000);
    expect(invalid?.listed).toHaveLength(INVALID_CELLS_LISTED);
    expect(invalid?.listed[0]).toEqual({ row: 21, cell: "!" });
  });

  it("shortens a long cell that is not an ID, as listed", async () => {
    const read = await readIds(utf8(`TX-1\n${"x!".repeat(5_000)}\n`), "ids.csv", 1000);
    expect(read.type === "ok" && read.invalid.listed[0]?.cell.length).toBe(100);
  });

  it.each([
    ["rows whose column count differs from the first", `A1\n${",\n".repeat(524_000)}`],
    ["one line of a million separators", ",".repeat(1024 * 1024)],
    ["an opening quote never closed", `"${"a".repeat(1024 * 1024)}`],
    ["a million quotes", '"'.repeat(1024 * 1024)],
    ["carriage returns only", "a\r".repeat(512 * 1024)],
  ])("reads a hostile 1 MB file (%s) in slices, letting other work run in between", async (_, text) => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    try {
      const read = await readIds(utf8(text), "ids.csv", 1000);
      expect(["ok", "no_ids"]).toContain(read.type);
    } finally {
      clearInterval(ticker);
    }
    // Whole, the read would have run in one turn of the event loop and the ticker never once.
    expect(turns).toBeGreaterThan(2);
  });
});
