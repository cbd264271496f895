import { describe, expect, it, vi } from "vitest";
import { startStateMonitor } from "../../src/app/state-monitor.ts";
import { openRedisStore } from "../../src/state/redis/redis-store.ts";
import { captureLogs } from "../support/logs.ts";
import { deletePrefix, probeRedis, testPrefix } from "../support/redis.ts";

const redis = await probeRedis();
const url = redis.available ? redis.url : "";

describe.skipIf(!redis.available)("the state monitor", () => {
  it("stays quiet while the store keeps its marker, and tells once, naming the master, when the store was emptied", async () => {
    const prefix = testPrefix("state-monitor");
    const store = await openRedisStore({ url, prefix });
    const { logger, entries } = captureLogs();
    const reportEmptied = vi.fn(async () => undefined);
    const monitor = await startStateMonitor({ state: store, instanceId: "a", logger, reportEmptied });
    try {
      monitor.beatNow();
      await vi.waitFor(async () => expect(await store.client.exists(`${prefix}alive:a`)).toBe(1));
      // A beat that finds the marker, as one after a failover to a replica that has the data does.
      monitor.beatNow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reportEmptied).not.toHaveBeenCalled();

      await deletePrefix(url, prefix);
      monitor.beatNow();
      await vi.waitFor(() => expect(reportEmptied).toHaveBeenCalledTimes(1));
      const { hostname, port } = new URL(url);
      expect(entries().filter((entry) => entry.level === "error")).toEqual([
        expect.objectContaining({ instanceId: "a", master: `${hostname}:${port || "6379"}`, msg: expect.stringMatching(/^the shared state store was emptied while the bot ran/) }),
      ]);
    } finally {
      monitor.stop();
      await store.close();
      await deletePrefix(url, prefix);
    }
  });
});
