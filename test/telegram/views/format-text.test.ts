import { fmt, FormattedString } from "@grammyjs/parse-mode";
import { describe, expect, it } from "vitest";
import { bold, concat, line, mono } from "../../../src/telegram/views/format/text.ts";

const same = (ours: FormattedString, theirs: FormattedString) => expect({ text: ours.text, entities: ours.entities }).toEqual({ text: theirs.text, entities: theirs.entities });

describe("the text builders give what parse-mode's fmt gives", () => {
  it("bold and monospace, empty text included", () => {
    for (const text of ["", "COL-1", "✅ émoji 🔍"]) {
      same(bold(text), FormattedString.bold(text));
      same(mono(text), FormattedString.code(text));
    }
  });

  it("concatenation with and without a separator, entities moved by what comes before (UTF-16 units)", () => {
    const pieces = ["🔍 ", bold("Status"), " ", mono("COL-1"), concat([bold("a"), mono("b")], " · "), "", line("x", bold("y"))];
    same(concat(pieces), fmt(new Array<string>(pieces.length + 1).fill(""), ...pieces));
    const separated = pieces.flatMap((piece, index) => (index === 0 ? [piece] : ["\n\n", piece]));
    same(concat(pieces, "\n\n"), fmt(new Array<string>(separated.length + 1).fill(""), ...separated));
    same(concat([]), fmt([""]));
  });

  it("leaves the pieces it was given as they were", () => {
    const piece = bold("kept");
    concat(["moved ", piece]);
    expect(piece.entities).toEqual([{ type: "bold", offset: 0, length: 4 }]);
  });
});
