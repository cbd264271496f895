import { describe, expect, it, vi } from "vitest";
import { createBulkJobs, type BulkDelivery, type BulkJobsOptions, type BulkOutcome, type BulkRequest } from "../../../src/payments/bulk/bulk-jobs.ts";
import { backgroundBudget } from "../../../src/payments/budget.ts";
import { createChecker, createEnquiryEvents } from "../../../src/payments/check.ts";
import type { EnquiryService } from "../../../src/payments/enquiry/types.ts";
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

function setup(state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 }), instanceId = "one", extra: Pick<BulkJobsOptions, "mayContinue"> & { enquiry?: EnquiryService } = {}) {
  const recorded = recordingDelivery();
  const checker = createChecker({ enquiry: extra.enquiry ?? scriptedEnquiry((kind, id) => outcomes.success(kind, id)), events: createEnquiryEvents(), auditInLog: true });
  const logs = captureLogs();
  const jobs = createBulkJobs({ state, budget: backgroundBudget(state.counters, 1000), checker, delivery: recorded.delivery, instanceId, logger: logs.logger, ...(extra.mayContinue ? { mayContinue: extra.mayContinue } : {}) });
  return { jobs, state, logs, ...recorded };
}

/** An enquiry that answers at once, except for `last`, which waits until `release()`. */
function heldAtTheEnd(last: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const reachedLast = new Promise<void>((resolve) => (reached = resolve));
  const enquiry = scriptedEnquiry(async (kind, id) => {
    if (id === last) {
      reached();
      await held;
    }
    return outcomes.success(kind, id);
  });
  return { enquiry, reachedLast, release: () => release() };
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

  it("a job's record of another shape (another version wrote it) is as good as absent: nobody is told, and its place is freed", async () => {
    const { jobs, state, shown } = setup();
    await state.claims.heartbeat("one", 60_000);
    for (const [jobId, text] of [["job-a", '{"ownerId":"1","chatId":1,"fileName":7}'], ["job-b", "[1,2]"], ["job-c", "not json"]] as const) {
      await state.sets.add("bulk:running", jobId, 60_000);
      await state.kv.set(`bulk-job:${jobId}`, text, 60_000);
    }
    await jobs.recoverOrphans();
    expect(shown).toEqual([]);
    expect(await state.sets.members("bulk:running")).toEqual([]);
  });

  it("access ended in the check's last moments (its chat no longer allowed): asked again before sending, no summary and no report", async () => {
    let allowed = true;
    const last = heldAtTheEnd("TX-3");
    const { jobs, shown, logs } = setup(undefined, "one", { enquiry: last.enquiry, mayContinue: async () => allowed });
    const place = await jobs.reserve(1);
    if (place.type !== "reserved") throw new Error("no place");
    await jobs.start(place.jobId, request(["TX-1", "TX-2", "TX-3"]));
    await last.reachedLast;
    // Revoked through another instance, its copy of the grants now says so; the last ID answers at once.
    allowed = false;
    last.release();
    await vi.waitFor(() => expect(jobs.running).toBe(0));
    expect(shown).toEqual([`started ${place.jobId}`]);
    expect(logs.entries().map((entry) => entry.msg)).toContain("bulk check stopped: access ended");
  });

  it("access ended through another instance as the check ends (its stop written in the store): no summary and no report", async () => {
    const state = openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
    const last = heldAtTheEnd("TX-3");
    const here = setup(state, "one", { enquiry: last.enquiry, mayContinue: async () => true });
    const other = setup(state, "other");
    const place = await here.jobs.reserve(1);
    if (place.type !== "reserved") throw new Error("no place");
    await here.jobs.start(place.jobId, request(["TX-1", "TX-2", "TX-3"]));
    await last.reachedLast;
    expect(await other.jobs.stopWhereAccessEnded({ kind: "user", id: 1 })).toBe(1);
    last.release();
    await vi.waitFor(() => expect(here.jobs.running).toBe(0));
    expect(here.shown).toEqual([`started ${place.jobId}`]);
  });
});
