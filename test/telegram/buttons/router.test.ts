import { describe, expect, it } from "vitest";
import type { KeyValueStore } from "../../../src/state/ports.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { answerButtons } from "../../../src/telegram/buttons/answer-buttons.ts";
import { decodePress } from "../../../src/telegram/buttons/presses.ts";
import { PressRouter } from "../../../src/telegram/buttons/router.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";
import { createTestBot } from "../../support/bot-harness.ts";
import { captureLogs } from "../../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";
import { callbackUpdate, USER } from "../../support/updates.ts";

/** A key-value store that counts the reads of stored button lists. */
function countingReads(kv: KeyValueStore) {
  const reads: string[] = [];
  const counted: KeyValueStore = { ...kv, get: (key) => (key.startsWith("button:") && reads.push(key), kv.get(key)) };
  return { counted, reads };
}

describe("one way to handle a button press", () => {
  it("decodes every family of button data into one press", async () => {
    const buttons = new ButtonStore(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv);
    expect(await decodePress("rc:TX-1", buttons)).toEqual({ type: "press", press: { action: "refresh", scope: "collection", ids: ["TX-1"] } });
    expect(await decodePress("qs:TX-1", buttons)).toEqual({ type: "press", press: { action: "pickKind", scope: "status", ids: ["TX-1"] } });
    expect(await decodePress("fa:abc", buttons)).toEqual({ type: "press", press: { action: "bulkKind", scope: "airtime", fileKey: "abc" } });
    expect(await decodePress("kc:job1", buttons)).toEqual({ type: "press", press: { action: "bulkCancel", scope: "collection", jobId: "job1" } });
    expect(await decodePress("A:ask", buttons)).toEqual({ type: "press", press: { action: "requestAccess" } });
    expect(await decodePress("A:yes:user:5001", buttons)).toEqual({ type: "press", press: { action: "approve", requestId: "user:5001" } });
    expect(await decodePress("A:users:2", buttons)).toEqual({ type: "press", press: { action: "usersPage", page: 2 } });
    expect(await decodePress("L:sw", buttons)).toEqual({ type: "press", press: { action: "language", locale: "sw" } });
    expect(await decodePress("rc:TX<1>", buttons)).toEqual({ type: "unknown" });
    expect(await decodePress("nope", buttons)).toEqual({ type: "unknown" });
    expect(await decodePress("rc#missing-key", buttons)).toEqual({ type: "expired" });
  });

  it("reads a stored ID list once per press, whichever feature handles it", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const { counted, reads } = countingReads(state.kv);
    const harness = createTestBot({ enquiry: scriptedEnquiry((kind, id) => outcomes.pending(kind, id)), state: { ...state, kv: counted } });
    const ids = Array.from({ length: 5 }, (_, i) => `A-LONG-TRANSACTION-ID-${i}`);
    const data = await answerButtons.encode({ action: "notify", scope: "collection", ids }, new ButtonStore(state.kv));
    expect(data).toMatch(/^nc#/);
    await harness.bot.handleUpdate(callbackUpdate(data, { message_id: 70, chat: { id: USER.id, type: "private" }, text: ids.join("\n") }));
    expect(harness.toasts().at(-1)?.payload.text).toBe("I'll message you here when it settles.");
    expect(reads).toHaveLength(1);
  });

  it("has one handler per action: a second is a wiring mistake, refused at once", () => {
    const router = new PressRouter(new ButtonStore(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv), captureLogs([]).logger);
    router.for("checks").on("refresh", async () => undefined);
    expect(() => router.for("watches").on("refresh", async () => undefined)).toThrow(/two handlers for the button action "refresh"/);
  });

  it("logs a press handler's failure once, with the name of the feature that registered it", async () => {
    const harness = createTestBot({
      enquiry: scriptedEnquiry((kind, id) => outcomes.pending(kind, id)),
      failWith: (method) => (method === "editMessageText" ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined),
    });
    await harness.bot.handleUpdate(callbackUpdate("rc:TX-1", { message_id: 70, chat: { id: USER.id, type: "private" }, text: "TX-1" }));
    expect(harness.logs.entries().filter((entry) => entry.msg === "Telegram refused a call")).toEqual([
      expect.objectContaining({ level: "warn", feature: "checks", method: "editMessageText", code: 403 }),
    ]);
  });
});
