import { describe, expect, it } from "vitest";
import { DEFAULT_WATCH_SETTINGS } from "../../../src/config/areas/watches.ts";
import { answerWatchers } from "../../../src/payments/watches/answer-watchers.ts";
import { startWatch } from "../../../src/payments/watches/start-watch.ts";
import { createWatchStore } from "../../../src/payments/watches/watch-store.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { outcomes } from "../../support/outcomes.ts";

const watcher = (userId: number) => ({ chatId: -100, chatType: "supergroup" as const, messageId: 1, locale: "en", subscriber: { userId, name: String(userId) } });

describe("starting a watch (Telegram-free)", () => {
  it("nothing open: nothing watched; past the limit: refused whole; otherwise the new payments counted once each", async () => {
    const store = createWatchStore({ state: openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), schedule: DEFAULT_WATCH_SETTINGS });
    expect(await startWatch(store, [], watcher(1), 5)).toEqual({ type: "nothing" });
    const both = [{ scope: "collection" as const, transactionId: "TX-1" }, { scope: "airtime" as const, transactionId: "TX-1" }];
    expect(await startWatch(store, both, watcher(1), 5)).toMatchObject({ type: "started", added: 1 });
    expect(await startWatch(store, both, watcher(1), 5)).toMatchObject({ type: "started", added: 0 });
    expect(await startWatch(store, [{ scope: "collection", transactionId: "TX-2" }], watcher(1), 1)).toEqual({ type: "limit", active: 1, max: 1 });
    // Who watches that answer, as its 🔔 shows it to each.
    const answer = { query: { scope: "status" as const, ids: ["TX-1"] }, results: [{ id: "TX-1", outcomes: [outcomes.pending("collection", "TX-1"), outcomes.pending("airtime", "TX-1")] }] };
    await startWatch(store, both, watcher(2), 5);
    expect(await answerWatchers(store, -100, answer, 1)).toEqual({ subscribers: 2, mine: true });
    expect(await answerWatchers(store, -100, answer, 3)).toEqual({ subscribers: 2, mine: false });
    expect(await answerWatchers(store, -200, answer, 1)).toEqual({ subscribers: 0, mine: false });
  });
});
