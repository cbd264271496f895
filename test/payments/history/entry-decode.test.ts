import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ENQUIRY_KINDS } from "../../../src/payments/enquiry/types.ts";
import { decodeEntry, encodeEntry, HISTORY_EVENTS, HISTORY_HOWS, type HistoryEntry } from "../../../src/payments/history/entry.ts";

// The stored form as zod read it before the check by hand: what the two accept must be the same.
const CAUSES = ["unauthorized", "busy", "timeout", "upstream_error", "invalid_response"] as const;
const saidSchema = z.union([
  z.object({ t: z.literal("f"), s: z.string(), m: z.string().optional(), v: z.string().optional(), r: z.string().optional() }),
  z.object({ t: z.literal("n") }),
  z.object({ t: z.literal("u"), c: z.enum(CAUSES) }),
]);
const storedSchema = z.object({
  a: z.number(),
  e: z.enum(HISTORY_EVENTS),
  k: z.enum(ENQUIRY_KINDS),
  i: z.string(),
  s: saidSchema.optional(),
  u: z.tuple([z.number(), z.string()]).optional(),
  c: z.tuple([z.number(), z.string()]).or(z.tuple([z.number(), z.string(), z.number()])).optional(),
  h: z.enum(HISTORY_HOWS),
  n: z.number().optional(),
  r: z.number().optional(),
});

function throughZod(text: string): HistoryEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const stored = parsed.data;
  const s = stored.s;
  return {
    at: stored.a,
    event: stored.e,
    kind: stored.k,
    transactionId: stored.i,
    said: s === undefined ? undefined : s.t === "f" ? { type: "found", status: s.s, mnoReference: s.m, serviceTransactionId: s.v, reason: s.r } : s.t === "n" ? { type: "not_found" } : { type: "unknown", cause: s.c },
    who: stored.u && { id: stored.u[0], name: stored.u[1] },
    where: stored.c && { chatId: stored.c[0], title: stored.c[1], topic: stored.c[2] },
    how: stored.h,
    caseNumber: stored.n,
    receiptNumber: stored.r,
  };
}

// Each field: a right value most of the time, else something of another shape.
const odd = fc.oneof(fc.constant(null), fc.boolean(), fc.string({ maxLength: 4 }), fc.integer(), fc.constant([]), fc.constant({}), fc.constant("1e999"));
const sometimes = <T>(right: fc.Arbitrary<T>) => fc.option(fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: odd }), { nil: undefined });
const always = <T>(right: fc.Arbitrary<T>) => fc.oneof({ weight: 8, arbitrary: right }, { weight: 1, arbitrary: odd }, { weight: 1, arbitrary: fc.constant(undefined) });
const word = fc.string({ maxLength: 6 });
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const said = fc.oneof(
  fc.record({ t: fc.constant("f"), s: always(word), m: sometimes(word), v: sometimes(word), r: sometimes(word) }, { requiredKeys: ["t"] }),
  fc.record({ t: fc.constant("n"), x: sometimes(word) }, { requiredKeys: ["t"] }),
  fc.record({ t: fc.constant("u"), c: always(fc.constantFrom(...CAUSES, "other")) }, { requiredKeys: ["t"] }),
  fc.record({ t: always(fc.constantFrom("f", "n", "u", "x")) }),
);
const stored = fc.record(
  {
    a: always(number),
    e: always(fc.constantFrom(...HISTORY_EVENTS, "other")),
    k: always(fc.constantFrom(...ENQUIRY_KINDS, "cash")),
    i: always(word),
    s: sometimes(said),
    u: sometimes(fc.oneof(fc.tuple(number, word), fc.tuple(number, word, number), fc.tuple(word, word), fc.tuple(number))),
    c: sometimes(fc.oneof(fc.tuple(number, word), fc.tuple(number, word, number), fc.tuple(number, word, word), fc.tuple(number, word, number, number))),
    h: always(fc.constantFrom(...HISTORY_HOWS, "other")),
    n: sometimes(number),
    r: sometimes(number),
    extra: sometimes(word),
  },
  { requiredKeys: [] },
);

describe("history entries read back", () => {
  it("accept and refuse exactly what the zod schema of the stored form did, and read the same entry", () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: stored }, { weight: 1, arbitrary: odd }), (value) => {
        const text = JSON.stringify(value) ?? "";
        expect(decodeEntry(text)).toEqual(throughZod(text));
      }),
      { numRuns: 5000 },
    );
    expect(decodeEntry("1e999")).toBeUndefined();
    expect(decodeEntry('{"a":1e999,"e":"answer","k":"collection","i":"X","h":"command"}')).toEqual(throughZod('{"a":1e999,"e":"answer","k":"collection","i":"X","h":"command"}'));
  });

  it("read back what was written, for every event and said", () => {
    const entry: HistoryEntry = { at: 1, event: "case-taken", kind: "airtime", transactionId: "TX-1", said: { type: "unknown", cause: "busy" }, who: { id: 5, name: "Ama" }, where: { chatId: -100, title: "Agents", topic: 3 }, how: "case", caseNumber: 9, receiptNumber: 4 };
    expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
  });
});
