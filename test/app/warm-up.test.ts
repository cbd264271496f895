import { describe, expect, it } from "vitest";
import { warmUp } from "../../src/app/warm-up.ts";
import { DEFAULT_WATCH_SETTINGS } from "../../src/config/areas/watches.ts";
import { Translations } from "../../src/telegram/i18n.ts";

const networkResources = () => process.getActiveResourcesInfo().filter((name) => name.startsWith("TCP")).length;

describe("the warm-up at start", () => {
  it("answers made-up commands on loopback, and leaves no server or connection behind", async () => {
    const before = networkResources();
    const { replies } = await warmUp({ translations: new Translations(), settings: { timeZone: "UTC", watches: DEFAULT_WATCH_SETTINGS, bulkMaxIds: 1_000 }, updates: 40 });
    expect(replies).toBe(40);
    // Closed handles leave the list on the next turns of the event loop.
    await expect.poll(networkResources, { timeout: 1_000 }).toBe(before);
  }, 30_000);
});
