import { describe, expect, it } from "vitest";
import type { Claims } from "../../../src/state/ports.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { updateClaims } from "../../../src/telegram/transport/update-claims.ts";
import { captureLogs } from "../../support/logs.ts";

/** A claims store that can be emptied under the running bot, as a Redis restarted without persistence is. */
function emptiableClaims() {
  let store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  const claims: Claims = {
    heartbeat: (...args) => store.claims.heartbeat(...args),
    instancesAlive: () => store.claims.instancesAlive(),
    claim: (...args) => store.claims.claim(...args),
    complete: (...args) => store.claims.complete(...args),
    release: (...args) => store.claims.release(...args),
    claimAndSpend: (...args) => store.claims.claimAndSpend(...args),
  };
  return {
    claims,
    empty: async () => {
      await store.close();
      store = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    },
    close: () => store.close(),
  };
}

describe("each update handled once", () => {
  it("an update handled here is never handled again here, even when the store forgot it (emptied)", async () => {
    const store = emptiableClaims();
    const claims = updateClaims({ claims: store.claims, instanceId: "a", logger: captureLogs([]).logger });
    let handled = 0;
    const work = async () => void handled++;
    try {
      expect(await claims.run(41, work)).toBe("handled");
      await store.empty();
      expect(await claims.run(41, work)).toBe("duplicate");
      expect(handled).toBe(1);
      // Others are still handled, once each.
      expect(await claims.run(42, work)).toBe("handled");
      expect(await claims.run(42, work)).toBe("duplicate");
      expect(handled).toBe(2);
    } finally {
      await store.close();
    }
  });

  it("an update being handled here is not started again here while it runs, whatever the store says", async () => {
    const store = emptiableClaims();
    const claims = updateClaims({ claims: store.claims, instanceId: "a", logger: captureLogs([]).logger });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    try {
      const first = claims.run(43, async () => {
        started++;
        await held;
      });
      await store.empty();
      expect(await claims.run(43, async () => void started++)).toBe("busy");
      release();
      expect(await first).toBe("handled");
      expect(started).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("remembers a bounded number of updates: memory stays flat under any traffic", async () => {
    const store = emptiableClaims();
    const claims = updateClaims({ claims: store.claims, instanceId: "a", logger: captureLogs([]).logger, remember: 100 });
    try {
      for (let id = 1; id <= 150; id++) await claims.run(id, async () => undefined);
      await store.empty();
      let again = 0;
      expect(await claims.run(150, async () => void again++)).toBe("duplicate");
      // The oldest are forgotten here: only the store could have told.
      expect(await claims.run(1, async () => void again++)).toBe("handled");
      expect(again).toBe(1);
    } finally {
      await store.close();
    }
  });
});
