import { describe, expect, it, vi } from "vitest";
import type { Records } from "../../src/state/ports.ts";
import { recordsCopy } from "../../src/state/records-copy.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { languageChoices } from "../../src/telegram/stores/language-choices.ts";
import { captureLogs } from "../support/logs.ts";

describe("a collection of records held in memory", () => {
  it("after a change made here, sees it at once, even when a read had already begun without it", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    try {
      // The first read of the collection is held after it was taken: it is as of before the change.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let reads = 0;
      const records: Records = {
        ...state.records,
        revision: (collection) => state.records.revision(collection),
        all: async (collection) => {
          const taken = await state.records.all(collection);
          if (reads++ === 0) await held;
          return taken;
        },
      };
      const copy = recordsCopy(records, "things", (text) => text, captureLogs([]).logger);
      const under = copy.refresh();
      await vi.waitFor(() => expect(reads).toBe(1));
      await state.records.update("things", "a", () => "1");
      const after = copy.reload();
      release();
      await Promise.all([under, after]);
      expect(copy.current().get("a")).toBe("1");
    } finally {
      await state.close();
    }
  });

  it("language choices: the one already chosen writes nothing; one the bot does not speak is ignored", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    try {
      const choices = languageChoices(state.records, ["en", "sw"], captureLogs([]).logger);
      await choices.choose({ kind: "user", id: 1 }, { locale: "sw", by: 1, at: 1 });
      const revision = await state.records.revision("languages");
      await choices.choose({ kind: "user", id: 1 }, { locale: "sw", by: 1, at: 2 });
      expect(await state.records.revision("languages")).toBe(revision);
      await state.records.update("languages", "user:2", () => JSON.stringify({ locale: "xx", by: 2, at: 1 }));
      await choices.refresh();
      expect(choices.localeFor({ chatId: 2 })).toBeUndefined();
      expect(choices.localeFor({ chatId: 1 })).toBe("sw");
      // A group without a language of its own: the person's.
      expect(choices.localeFor({ chatId: -100, userId: 1 })).toBe("sw");
    } finally {
      await state.close();
    }
  });
});
