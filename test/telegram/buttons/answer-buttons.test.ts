import { describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { answerButtons } from "../../../src/telegram/buttons/answer-buttons.ts";
import { CALLBACK_DATA_LIMIT } from "../../../src/telegram/buttons/codec.ts";
import { BUTTON_LIFETIME_MS } from "../../../src/telegram/stores/button-store.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";

const newStore = (now: () => number = Date.now) => new ButtonStore(openSqliteStore({ path: IN_MEMORY, now, sweepIntervalMs: 0 }).kv);

describe("button data", () => {
  it("carries a short ID inside the button", async () => {
    const data = await answerButtons.encode({ action: "refresh", scope: "collection", ids: ["TX-1"] }, newStore());
    expect(data).toBe("rc:TX-1");
    expect(await answerButtons.decode(data, newStore())).toEqual({ type: "press", press: { action: "refresh", scope: "collection", ids: ["TX-1"] } });
  });

  it("stays within 64 bytes for the longest valid ID and for 20 of them", async () => {
    const store = newStore();
    for (const ids of [["x".repeat(64)], Array.from({ length: 20 }, (_, i) => `${"y".repeat(60)}${i}`)]) {
      for (const action of ["refresh", "pickKind"] as const) {
        for (const scope of ["collection", "airtime", "status"] as const) {
          const data = await answerButtons.encode({ action, scope, ids }, store);
          expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
          expect(await answerButtons.decode(data, store)).toEqual({ type: "press", press: { action, scope, ids } });
        }
      }
    }
  });

  it("keeps a stored list working for at least 7 days, then says expired", async () => {
    let clock = 0;
    const store = newStore(() => clock);
    const data = await answerButtons.encode({ action: "refresh", scope: "airtime", ids: ["z".repeat(64)] }, store);
    clock = 7 * 24 * 60 * 60 * 1000;
    expect((await answerButtons.decode(data, store)).type).toBe("press");
    clock = BUTTON_LIFETIME_MS;
    expect(await answerButtons.decode(data, store)).toEqual({ type: "expired" });
  });

  it("gives the same list the same key, so sending it again extends one entry", async () => {
    const store = newStore();
    const ids = ["a".repeat(40), "b".repeat(40)];
    expect(await answerButtons.encode({ action: "refresh", scope: "status", ids }, store)).toBe(await answerButtons.encode({ action: "refresh", scope: "status", ids }, store));
  });

  it("ignores data it did not make, including forged lists longer than a command may carry", async () => {
    const store = newStore();
    expect(await answerButtons.decode("hello", store)).toEqual({ type: "unknown" });
    expect(await answerButtons.decode("zz:TX-1", store)).toEqual({ type: "unknown" });
    const forged = `rs:${[..."abcdefghijklmnopqrstuvwxyz01234"].join(",")}`;
    expect(Buffer.byteLength(forged)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    expect(await answerButtons.decode(forged, store)).toEqual({ type: "unknown" });
  });
});
