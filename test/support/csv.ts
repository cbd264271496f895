import Papa from "papaparse";

/**
 * A CSV report read back as a spreadsheet would read it: the BOM dropped, the first row as
 * column names, each later row a record. Another library than the one that wrote it, so that a
 * quoting mistake is not read back as it was written.
 */
export function readReport(content: Buffer | string): Record<string, string>[] {
  const text = (typeof content === "string" ? content : content.toString("utf8")).replace(/^\ufeff/, "");
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new Error(`not valid CSV: ${parsed.errors.map((error) => error.message).join("; ")}`);
  return parsed.data;
}
