/** A phone shows about this many characters of a message on a line; a row of buttons is as wide. */
export const PHONE_LINE = 35;

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/** How wide a label shows, in characters of a line: an emoji takes about two. */
export function labelWidth(label: string): number {
  let width = 0;
  for (const { segment } of segmenter.segment(label)) width += /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment) ? 2 : 1;
  return width;
}

/**
 * Buttons in rows, in their order, as many to a row as fit on a phone without cutting a label
 * (each of n buttons in a row gets a n-th of the line), at most `most` to a row. A label too long
 * for a line of its own still gets one.
 */
export function phoneRows<T extends { text: string }>(buttons: readonly T[], most = 3): T[][] {
  const rows: T[][] = [];
  let row: T[] = [];
  for (const button of buttons) {
    const widened = [...row, button];
    if (row.length > 0 && (widened.length > most || widened.some((candidate) => labelWidth(candidate.text) > PHONE_LINE / widened.length))) {
      rows.push(row);
      row = [button];
    } else row = widened;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}
