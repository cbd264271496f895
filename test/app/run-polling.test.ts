import { Bot } from "grammy";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runPolling, type PollingRun } from "../../src/app/run-polling.ts";
import type { StateStore } from "../../src/state/ports.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import type { BotContext } from "../../src/telegram/context.ts";
import { InFlightUpdates } from "../../src/telegram/transport/in-flight.ts";
import { updateClaims } from "../../src/telegram/transport/update-claims.ts";
import { BOT_INFO, BOT_TOKEN } from "../support/bot-harness.ts";
import { startFakeBotApi, type FakeBotApi } from "../support/fake-bot-api.ts";
import { captureLogs } from "../support/logs.ts";

/**
 * Several instances share the polling lease. The store's leases and key-values stand in memory
 * for a shared Redis (one store object seen by every instance, as Redis would be).
 */
let telegram: FakeBotApi;
beforeAll(async () => {
  telegram = await startFakeBotApi({ token: BOT_TOKEN, botInfo: BOT_INFO });
});
afterAll(async () => {
  await telegram.close();
});

function instance(state: StateStore, instanceId: string, able: { value: boolean }) {
  const bot = new Bot<BotContext>(BOT_TOKEN, { botInfo: BOT_INFO, client: { apiRoot: telegram.apiRoot } });
  const logs = captureLogs([BOT_TOKEN]);
  const run = runPolling({
    bot,
    inFlight: new InFlightUpdates(),
    claims: updateClaims({ claims: state.claims, instanceId, logger: logs.logger }),
    logger: logs.logger,
    lease: { leases: state.leases, kv: state.kv, instanceId, ttlMs: 2_000, canAnswer: () => able.value },
  });
  return { run, logs };
}

describe("polling under a shared lease, when an instance cannot answer", () => {
  it("a leader whose credentials are refused hands polling to a standby that can answer, and does not take it back", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const aCanAnswer = { value: true };
    const a = instance(state, "a", aCanAnswer);
    const runs: PollingRun[] = [await a.run];
    try {
      expect(runs[0]?.role).toBe("leader");
      // Its credentials refused: every agent it answers would be told "could not check".
      aCanAnswer.value = false;
      const b = instance(state, "b", { value: true });
      runs.push(await b.run);
      expect(runs[1]?.role).toBe("standby");
      await vi.waitFor(() => expect(runs.map((run) => run.role)).toEqual(["standby", "leader"]), { timeout: 8_000, interval: 100 });
      expect(a.logs.entries().some((entry) => entry.level === "warn" && /cannot answer/.test(String(entry.msg)))).toBe(true);
      // Well past the able standby's word and the lease: the one that polls is still the one that can answer.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      expect(runs.map((run) => run.role)).toEqual(["standby", "leader"]);
    } finally {
      await Promise.all(runs.map((run) => run.stop(1_000)));
      await state.close();
    }
  }, 20_000);

  it("alone, an instance whose credentials are refused keeps polling (agents are told it could not check, rather than nothing)", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const run = await instance(state, "alone", { value: false }).run;
    try {
      expect(run.role).toBe("leader");
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(run.role).toBe("leader");
    } finally {
      await run.stop(1_000);
      await state.close();
    }
  }, 15_000);

  it("a standby that cannot answer does not take the lease while one that can is waiting", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const runs: PollingRun[] = [await instance(state, "leader", { value: true }).run];
    const refusedCanAnswer = { value: true };
    runs.push(await instance(state, "refused", refusedCanAnswer).run, await instance(state, "able", { value: true }).run);
    try {
      expect(runs.map((run) => run.role)).toEqual(["leader", "standby", "standby"]);
      refusedCanAnswer.value = false;
      await runs[0]?.stop(1_000);
      await vi.waitFor(() => expect(runs.slice(1).map((run) => run.role)).toEqual(["standby", "leader"]), { timeout: 8_000, interval: 100 });
    } finally {
      await Promise.all(runs.slice(1).map((run) => run.stop(1_000)));
      await state.close();
    }
  }, 20_000);
});
