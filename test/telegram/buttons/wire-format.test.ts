import { describe, expect, it } from "vitest";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { accessButtons } from "../../../src/telegram/buttons/access-buttons.ts";
import { answerButtons } from "../../../src/telegram/buttons/answer-buttons.ts";
import { caseButtons } from "../../../src/telegram/buttons/case-buttons.ts";
import { historyButtons } from "../../../src/telegram/buttons/history-buttons.ts";
import type { ButtonCodec } from "../../../src/telegram/buttons/codec.ts";
import { languageButtons } from "../../../src/telegram/buttons/language-buttons.ts";
import { BUTTON_FAMILIES, decodePress, type Press } from "../../../src/telegram/buttons/presses.ts";
import { receiptButtons } from "../../../src/telegram/buttons/receipt-buttons.ts";
import { ButtonStore } from "../../../src/telegram/stores/button-store.ts";

/**
 * Buttons sit in chats for days (and a button's stored ID list for eight): the data they carry
 * must keep meaning what it meant when they were sent. Every string below was made by the code of
 * before the codecs (one per button family); it must decode into the same press, and the same
 * press must still encode into it.
 */
const LONG_ID = "Z".repeat(64);
const FIVE_IDS = Array.from({ length: 5 }, (_, i) => `A-LONG-TRANSACTION-ID-${i}`);

interface Fixture {
  data: string;
  press: Press;
  encode: (store: ButtonStore) => string | Promise<string>;
}

function family<P extends Press>(codec: ButtonCodec<P>, rows: readonly { data: string; press: P }[]): Fixture[] {
  return rows.map(({ data, press }) => ({ data, press, encode: (store) => codec.encode(press, store) }));
}

const FIXTURES: readonly Fixture[] = [
  // Answers: an action's letter, the scope's letter, then the IDs or a key of the button store.
  ...family(answerButtons, [
    { data: "rc:TX-1", press: { action: "refresh", scope: "collection", ids: ["TX-1"] } },
    { data: "rs:TX-1,TX-2", press: { action: "refresh", scope: "status", ids: ["TX-1", "TX-2"] } },
    { data: "ra#zHMhzOXkQJvYB31Y", press: { action: "refresh", scope: "airtime", ids: [LONG_ID] } },
    { data: "qa:TX-1", press: { action: "pickKind", scope: "airtime", ids: ["TX-1"] } },
    { data: "nc#E2M4RJEMgRzJBv-J", press: { action: "notify", scope: "collection", ids: FIVE_IDS } },
    { data: "xs:TX-1", press: { action: "stop", scope: "status", ids: ["TX-1"] } },
    { data: "ua:TX-9", press: { action: "unwatch", scope: "airtime", ids: ["TX-9"] } },
    { data: "fa:file-key-1", press: { action: "bulkKind", scope: "airtime", fileKey: "file-key-1" } },
    { data: "kc:job-1", press: { action: "bulkCancel", scope: "collection", jobId: "job-1" } },
  ]),
  ...family(accessButtons, [
    { data: "A:ask", press: { action: "requestAccess" } },
    { data: "A:yes:user:5001", press: { action: "approve", requestId: "user:5001" } },
    { data: "A:no:chat:-1001234", press: { action: "deny", requestId: "chat:-1001234" } },
    { data: "A:users:2", press: { action: "usersPage", page: 2 } },
    { data: "A:rev:u:5001:0", press: { action: "revoke", kind: "user", id: 5001, page: 0 } },
    { data: "A:rev:c:-1001234:3", press: { action: "revoke", kind: "chat", id: -1001234, page: 3 } },
    { data: "A:uninv:abcdefghij", press: { action: "uninvite", publicId: "abcdefghij" } },
  ]),
  ...family(languageButtons, [
    { data: "L:sw", press: { action: "language", locale: "sw" } },
  ]),
  ...family(caseButtons, [
    { data: "C:e:c:TX-1", press: { action: "escalate", scope: "collection", id: "TX-1" } },
    { data: "C:e:s#zHMhzOXkQJvYB31Y", press: { action: "escalate", scope: "status", id: LONG_ID } },
    { data: "C:k:a:abcdefghijkl", press: { action: "escalateKind", kind: "airtime", key: "abcdefghijkl" } },
    { data: "C:t:12", press: { action: "takeCase", number: 12 } },
    { data: "C:r:9007199254", press: { action: "resolveCase", number: 9_007_199_254 } },
    { data: "C:f:1", press: { action: "refreshCase", number: 1 } },
    { data: "C:s:abcdefghijkl", press: { action: "sendToCase", key: "abcdefghijkl" } },
  ]),
  // History.
  ...family(historyButtons, [
    { data: "H:h:c:2:TX-1", press: { action: "historyPage", scope: "collection", id: "TX-1", page: 2 } },
    { data: "H:h:s:0#zHMhzOXkQJvYB31Y", press: { action: "historyPage", scope: "status", id: LONG_ID, page: 0 } },
    { data: "H:m:3", press: { action: "mychecksPage", page: 3 } },
    { data: "H:r:2", press: { action: "mychecksRecheck", page: 2 } },
    { data: "H:x", press: { action: "mychecksCsv" } },
  ]),
  // Receipts: the payment's kind, then its ID or a key of the button store.
  ...family(receiptButtons, [
    { data: "R:c:TX-1", press: { action: "receipt", kind: "collection", id: "TX-1" } },
    { data: "R:a:TX-9", press: { action: "receipt", kind: "airtime", id: "TX-9" } },
    { data: "R:c#zHMhzOXkQJvYB31Y", press: { action: "receipt", kind: "collection", id: LONG_ID } },
  ]),
];

describe("the data of buttons already sitting in chats", () => {
  it.each(FIXTURES)("$data still means the same press, and that press still makes it", async ({ data, press, encode }) => {
    const store = new ButtonStore(openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }).kv);
    expect(await encode(store)).toBe(data);
    expect(await decodePress(data, store)).toEqual({ type: "press", press });
  });

  it("goes to one family only: no family's prefix starts another's", () => {
    const prefixes = BUTTON_FAMILIES.flatMap((codec, family) => codec.prefixes.map((prefix) => ({ prefix, family })));
    for (const a of prefixes) for (const b of prefixes) if (a !== b) expect(b.prefix.startsWith(a.prefix), `${a.prefix} and ${b.prefix}`).toBe(false);
  });
});
