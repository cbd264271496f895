import { describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { caseButtons, type CasePress } from "../../../src/telegram/buttons/case-buttons.ts";
import { CALLBACK_DATA_LIMIT } from "../../../src/telegram/buttons/codec.ts";
import { decodePress } from "../../../src/telegram/buttons/presses.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";

describe("the buttons of cases", () => {
  const buttons = new ButtonStore(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv);

  it("are declared once: each one's data decodes into its press, within Telegram's 64 bytes", async () => {
    const longId = "X".repeat(64);
    for (const press of [
      { action: "escalate", scope: "status", id: "TX-1" },
      { action: "escalate", scope: "airtime", id: longId },
      { action: "escalateKind", kind: "collection", key: "abcdefghijkl" },
      { action: "takeCase", number: 12 },
      { action: "resolveCase", number: 9_007_199_254 },
      { action: "refreshCase", number: 1 },
      { action: "sendToCase", key: "abcdefghijkl" },
    ] satisfies CasePress[]) {
      const data = await caseButtons.encode(press, buttons);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
      expect(await decodePress(data, buttons)).toEqual({ type: "press", press });
    }
  });

  it("reads anything this bot could not have made as unknown, and leaves the other families' data alone", async () => {
    for (const forged of ["C:t:0", "C:t:-1", "C:t:01", "C:x:1", "C:e:s:bad id!", "C:k:s:abcdefghijkl", "C:k:c:short", "C:s:short", "C:s:abc!efghijkl", "C:"]) expect(await decodePress(forged, buttons), forged).toEqual({ type: "unknown" });
    expect(await decodePress("C:e:c#nosuchkey", buttons)).toEqual({ type: "expired" });
    // The older families keep their formats.
    expect(await decodePress("rc:TX-1", buttons)).toEqual({ type: "press", press: { action: "refresh", scope: "collection", ids: ["TX-1"] } });
    expect(await decodePress("A:ask", buttons)).toEqual({ type: "press", press: { action: "requestAccess" } });
  });
});
