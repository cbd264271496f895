import { describe, expect, it, vi } from "vitest";
import { createBulkJobs, type BulkDelivery, type BulkOutcome, type BulkRequest } from "../../../src/payments/bulk/bulk-jobs.ts";
import { backgroundBudget } from "../../../src/payments/budget.ts";
import { createChecker, createEnquiryEvents } from "../../../src/payments/check.ts";
import { IN_MEMORY } from "../../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../../src/state/sqlite/sqlite-store.ts";
import { captureLogs } from "../../support/logs.ts";
import { outcomes, scriptedEnquiry } from "../../support/outcomes.ts";

/** A delivery that writes down what the owner would have been shown. */
function recordingDelivery() {
  const shown: string[] = [];
  const finished: BulkOutcome[] = [];
  const delivery: BulkDelivery = {
    started: async (jobId) => {
      shown.push(`started ${jobId}`);
      return 42;
    },
    progress: (_, __, ___, done) => void shown.push(`progress ${done}`),
    finished: async (_, __, outcome) => {
      finished.push(outcome);
      shown.push(`finished ${outcome.ending}`);
    },
    interrupted: async (record) => void shown.push(`interrupted ${record.fileName}`),
  };
  return { delivery, shown, finished };
}

const request = (ids: string[], ownerId = 1): BulkRequest => ({ ownerId, chatId: ownerId, fileMessageId: 7, fileName: "ids.csv", locale: "en", scope: "collection", ids, invalid: { listed: [], total: 0 } });

function setup(state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), instanceId = "one") {
  const recorded = recordingDelivery();
  const checker = createChecker({ enquiry: scriptedEnquiry((kind, id) => outcomes.success(kind, id)), events: createEnquiryEvents(), auditInLog: true });
  const jobs = createBulkJobs({ state, budget: backgroundBudget(state.counters, 1000), checker, delivery: recorded.delivery, instanceId, logger: captureLogs().logger });
  return { jobs, state, ...recorded };
}

describe("bulk jobs, without Telegram", () => {
  it("gives each user one place, checks the file in the background and hands the outcome to the delivery", async () => {
    const { jobs, finished } = setup();
    const place = await jobs.reserve(1);
    expect(place.type).toBe("reserved");
    expect(await jobs.reserve(1)).toMatchObject({ type: "busy", total: undefined });
    if (place.type !== "reserved") return;
    await jobs.start(place.jobId, request(["TX-1", "TX-2"]));
    expect(await jobs.reserve(1)).toMatchObject({ type: "busy", jobId: place.jobId, total: 2 });
    await vi.waitFor(() => expect(finished).toHaveLength(1));
    expect(finished[0]).toMatchObject({ ending: "done", verdicts: { success: 2 } });
    expect((await jobs.reserve(1)).type).toBe("reserved");
  });

  it("lets only the owner cancel", async () => {
    const { jobs } = setup();
    const place = await jobs.reserve(1);
    if (place.type !== "reserved") throw new Error("no place");
    await jobs.start(place.jobId, request(Array.from({ length: 500 }, (_, i) => `TX-${i}`)));
    expect(await jobs.cancel(place.jobId, 2)).toBe(false);
    expect(await jobs.cancel(place.jobId, 1)).toBe(true);
    await jobs.stop(1_000);
  });

  it("reports a job whose instance died as interrupted, once, from the next instance that starts", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const dead = setup(state, "dead");
    const place = await dead.jobs.reserve(1);
    if (place.type !== "reserved") throw new Error("no place");
    // The job's records are written, then its instance is gone (its heartbeat never written).
    await dead.jobs.start(place.jobId, request(Array.from({ length: 5_000 }, (_, i) => `TX-${i}`)));
    const next = setup(state, "next");
    await next.state.claims.heartbeat("next", 60_000);
    await next.jobs.recoverOrphans();
    await next.jobs.recoverOrphans();
    expect(next.shown).toEqual(["interrupted ids.csv"]);
    await dead.jobs.stop(1_000);
  });
});
