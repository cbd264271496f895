import { z } from "zod";
import { describe, expect, it } from "vitest";
import { decodeJson } from "../../src/util/decode-json.ts";

describe("a value read back from the store", () => {
  const schema = z.object({ id: z.number() });

  it("is what the schema says, or absent: nothing, not JSON, or another shape", () => {
    expect(decodeJson(schema, '{"id":1}')).toEqual({ id: 1 });
    expect(decodeJson(schema, undefined)).toBeUndefined();
    expect(decodeJson(schema, "not json {")).toBeUndefined();
    expect(decodeJson(schema, '{"id":"1"}')).toBeUndefined();
    expect(decodeJson(schema, "null")).toBeUndefined();
  });
});
