import { describe, expect, it } from "vitest";
import { CALLBACK_DATA_LIMIT, decodeButton, encodeButton, IdListStore } from "../../../src/telegram/views/callback-data.ts";

describe("button data", () => {
  it("carries a short ID inside the button", () => {
    const store = new IdListStore();
    const data = encodeButton({ action: "refresh", scope: "collection", ids: ["TX-1"] }, store);
    expect(data).toBe("rc:TX-1");
    expect(decodeButton(data, new IdListStore())).toEqual({ type: "ok", payload: { action: "refresh", scope: "collection", ids: ["TX-1"] } });
  });

  it("stays within 64 bytes for the longest valid ID and for 20 of them", () => {
    const store = new IdListStore();
    for (const ids of [["x".repeat(64)], Array.from({ length: 20 }, (_, i) => `${"y".repeat(60)}${i}`)]) {
      for (const action of ["refresh", "ask"] as const) {
        for (const scope of ["collection", "airtime", "status"] as const) {
          const data = encodeButton({ action, scope, ids }, store);
          expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
          expect(decodeButton(data, store)).toEqual({ type: "ok", payload: { action, scope, ids } });
        }
      }
    }
  });

  it("says expired when the stored list is gone", () => {
    const store = new IdListStore(1);
    const first = encodeButton({ action: "refresh", scope: "airtime", ids: ["z".repeat(64)] }, store);
    encodeButton({ action: "refresh", scope: "airtime", ids: ["w".repeat(64)] }, store);
    expect(decodeButton(first, store)).toEqual({ type: "expired" });
  });

  it("ignores data it did not make", () => {
    expect(decodeButton("hello", new IdListStore())).toEqual({ type: "unknown" });
    expect(decodeButton("zz:TX-1", new IdListStore())).toEqual({ type: "unknown" });
  });
});
