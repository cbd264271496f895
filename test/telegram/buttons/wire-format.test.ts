import { describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { encodeAccessButton } from "../../../src/telegram/buttons/access-buttons.ts";
import { encodeButton } from "../../../src/telegram/buttons/answer-buttons.ts";
import { encodeCaseButton } from "../../../src/telegram/buttons/case-buttons.ts";
import { encodeLanguageButton } from "../../../src/telegram/buttons/language-buttons.ts";
import { decodePress, type Press } from "../../../src/telegram/buttons/presses.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";

/**
 * Buttons sit in chats for days (and a button's stored ID list for eight): the data they carry
 * must keep meaning what it meant when they were sent. Every string below was made by the code of
 * before the codecs (one per button family); it must decode into the same press, and the same
 * press must still encode into it.
 */
const LONG_ID = "Z".repeat(64);
const FIVE_IDS = Array.from({ length: 5 }, (_, i) => `A-LONG-TRANSACTION-ID-${i}`);

const FIXTURES: readonly { data: string; press: Press }[] = [
  // Answers: an action's letter, the scope's letter, then the IDs or a key of the button store.
  { data: "rc:TX-1", press: { action: "refresh", scope: "collection", ids: ["TX-1"] } },
  { data: "rs:TX-1,TX-2", press: { action: "refresh", scope: "status", ids: ["TX-1", "TX-2"] } },
  { data: "ra#zHMhzOXkQJvYB31Y", press: { action: "refresh", scope: "airtime", ids: [LONG_ID] } },
  { data: "qa:TX-1", press: { action: "pickKind", scope: "airtime", ids: ["TX-1"] } },
  { data: "nc#E2M4RJEMgRzJBv-J", press: { action: "notify", scope: "collection", ids: FIVE_IDS } },
  { data: "xs:TX-1", press: { action: "stop", scope: "status", ids: ["TX-1"] } },
  { data: "ua:TX-9", press: { action: "unwatch", scope: "airtime", ids: ["TX-9"] } },
  { data: "fa:file-key-1", press: { action: "bulkKind", scope: "airtime", fileKey: "file-key-1" } },
  { data: "kc:job-1", press: { action: "bulkCancel", jobId: "job-1" } },
  // Access.
  { data: "A:ask", press: { action: "requestAccess" } },
  { data: "A:yes:user:5001", press: { action: "approve", requestId: "user:5001" } },
  { data: "A:no:chat:-1001234", press: { action: "deny", requestId: "chat:-1001234" } },
  { data: "A:users:2", press: { action: "usersPage", page: 2 } },
  { data: "A:rev:u:5001:0", press: { action: "revoke", kind: "user", id: 5001, page: 0 } },
  { data: "A:rev:c:-1001234:3", press: { action: "revoke", kind: "chat", id: -1001234, page: 3 } },
  { data: "A:uninv:abcdefghij", press: { action: "uninvite", publicId: "abcdefghij" } },
  // Languages.
  { data: "L:sw", press: { action: "language", locale: "sw" } },
  // Cases.
  { data: "C:e:c:TX-1", press: { action: "escalate", scope: "collection", id: "TX-1" } },
  { data: "C:e:s#zHMhzOXkQJvYB31Y", press: { action: "escalate", scope: "status", id: LONG_ID } },
  { data: "C:k:a:abcdefghijkl", press: { action: "escalateKind", kind: "airtime", key: "abcdefghijkl" } },
  { data: "C:t:12", press: { action: "takeCase", number: 12 } },
  { data: "C:r:9007199254", press: { action: "resolveCase", number: 9_007_199_254 } },
  { data: "C:f:1", press: { action: "refreshCase", number: 1 } },
  { data: "C:s:abcdefghijkl", press: { action: "sendToCase", key: "abcdefghijkl" } },
];

/** Encodes a press the way the code of its day does. */
async function encode(press: Press, store: ButtonStore): Promise<string> {
  switch (press.action) {
    case "refresh":
    case "notify":
    case "stop":
    case "unwatch":
      return encodeButton(press, store);
    case "pickKind":
      return encodeButton({ ...press, action: "ask" }, store);
    case "bulkKind":
      return encodeButton({ action: "bulk", scope: press.scope, ids: [press.fileKey] }, store);
    case "bulkCancel":
      return encodeButton({ action: "cancel", scope: "collection", ids: [press.jobId] }, store);
    case "requestAccess":
      return encodeAccessButton({ action: "ask" });
    case "usersPage":
      return encodeAccessButton({ action: "users", page: press.page });
    case "approve":
    case "deny":
    case "revoke":
    case "uninvite":
      return encodeAccessButton(press);
    case "language":
      return encodeLanguageButton(press.locale);
    case "takeCase":
      return encodeCaseButton({ action: "take", number: press.number }, store);
    case "resolveCase":
      return encodeCaseButton({ action: "resolve", number: press.number }, store);
    case "refreshCase":
      return encodeCaseButton({ action: "refresh", number: press.number }, store);
    case "escalate":
    case "escalateKind":
    case "sendToCase":
      return encodeCaseButton(press, store);
  }
}

describe("the data of buttons already sitting in chats", () => {
  it.each(FIXTURES)("$data still means the same press, and that press still makes it", async ({ data, press }) => {
    const store = new ButtonStore(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv);
    expect(await encode(press, store)).toBe(data);
    expect(await decodePress(data, store)).toEqual({ type: "press", press });
  });
});
