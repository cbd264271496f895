import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { StateStore } from "../../state/ports.ts";
import { decodeJson } from "../../util/decode-json.ts";
import type { BackgroundBudget } from "../budget.ts";
import type { Checker } from "../check.ts";
import { relevantOutcomes, type IdResult, type Scope } from "../query.ts";
import type { InvalidCells } from "./read-ids.ts";
import type { HistoryPerson, HistoryPlace } from "../history/entry.ts";
import { verdictOf, type Verdict } from "./report.ts";
import { runBulkCheck } from "./run.ts";

/** A file of IDs to check, as the upload feature hands it over. */
export interface BulkRequest {
  ownerId: number;
  /** The owner and the chat as the history names them (the checks' entries). */
  owner?: HistoryPerson | undefined;
  place?: HistoryPlace | undefined;
  chatId: number;
  /** The forum topic the file was sent in: the progress message and the report go there too. */
  threadId?: number | undefined;
  /** The uploaded file's message: the progress message and the report reply to it. */
  fileMessageId: number;
  fileName: string;
  locale: string;
  scope: Scope;
  ids: readonly string[];
  invalid: InvalidCells;
}

/** A running check, as kept in the state store (any instance may have to report on it). */
export interface BulkJobRecord {
  ownerId: number;
  chatId: number;
  /** The forum topic it runs in, as the request's. */
  threadId?: number | undefined;
  /** The message that shows the check's progress, then its summary. */
  progressMessageId: number;
  total: number;
  fileName: string;
  locale: string;
}

export type BulkEnding = "done" | "cancelled" | "stopped";

export interface BulkOutcome {
  ending: BulkEnding;
  /** What was checked, in the file's order. */
  results: IdResult[];
  verdicts: Record<Verdict, number>;
}

/** How the owner is kept informed: in Telegram, telegram/notify/bulk-delivery.ts. */
export interface BulkDelivery {
  /** Shows that the check started, with a way to cancel it; returns the message kept up to date. */
  started(jobId: string, request: BulkRequest): Promise<number>;
  /** How far it got (best effort: a progress update may be skipped). */
  progress(jobId: string, request: BulkRequest, record: BulkJobRecord, done: number): void;
  /** The summary and the report of what was checked. */
  finished(request: BulkRequest, record: BulkJobRecord, outcome: BulkOutcome): Promise<void>;
  /** A check whose instance died: its owner is asked to send the file again. */
  interrupted(record: BulkJobRecord): Promise<void>;
}

/** What the upload feature may do: one place per user, taken before the file is downloaded. */
export interface BulkCheckStarter {
  /**
   * Takes the user's one place for a bulk check before their file is even downloaded, so that a
   * second file (or five sent at once) is refused at once and costs no download. Busy: the job
   * that holds the place, and its size once its file has been read.
   */
  reserve(ownerId: number): Promise<{ type: "reserved"; jobId: string } | { type: "busy"; jobId: string; total: number | undefined }>;
  /** Gives the place back: the file was refused (or could not be fetched). */
  release(ownerId: number, jobId: string): Promise<void>;
  /** Starts the check of a file read under a reservation; it runs in the background. */
  start(jobId: string, request: BulkRequest): Promise<void>;
  /** Cancels a user's own job, wherever it runs; true when there was one. */
  cancel(jobId: string, userId: number): Promise<boolean>;
  /**
   * Access was taken away (a person revoked, a group revoked or the bot removed from it): their
   * checks stop on whichever instance runs them, and nothing more is sent for them (no progress,
   * no summary, no report). A person's checks are those in their private chat: in a group that is
   * still allowed, any member may ask. Returns how many were stopped.
   */
  stopWhereAccessEnded(subject: { kind: "user" | "chat"; id: number }): Promise<number>;
}

/** What the process running the bot does with them. */
export interface BulkJobs extends BulkCheckStarter {
  /** Jobs running in this process. */
  readonly running: number;
  /** Shutdown: stops every job running here; each sends its summary and what it checked. */
  stop(graceMs: number): Promise<void>;
  /** At start: jobs whose instance died (no heartbeat) are reported to their owners as interrupted. */
  recoverOrphans(): Promise<void>;
}

export interface BulkJobsOptions {
  state: StateStore;
  budget: BackgroundBudget;
  /** The background checker (its own connections), recording each enquiry `via: "bulk"`. */
  checker: Checker;
  delivery: BulkDelivery;
  instanceId: string;
  logger: Logger;
  /**
   * Whether a job's chat may still ask (its group or person is still allowed): looked at every
   * second while it runs, so that access ended through another instance stops it too.
   */
  mayContinue?: (job: { chatId: number; ownerId: number }) => Promise<boolean>;
}

/** The owner sees progress this often at most. */
export const PROGRESS_EVERY_MS = 2_000;
/** A running job looks for a cancel made through another instance this often: a cancel takes effect within a second wherever it is pressed. */
const CANCEL_POLL_MS = 250;
/** ...and whether its chat may still ask, every this many looks (a second). */
const ACCESS_EVERY_POLLS = 4;
/** Why a job is told to stop, as written under its cancel key (any instance may be running it). */
type StopReason = "cancelled" | "access_ended";
const STOP_REASONS: readonly string[] = ["cancelled", "access_ended"] satisfies StopReason[];
const JOB_TTL_MS = 6 * 60 * 60 * 1000;
/** A place reserved while the file is fetched and read; it lapses by itself should that never end. */
const READING_TTL_MS = 2 * 60 * 1000;
const RUNNING = "bulk:running";

/**
 * Bulk checks run here, in the background, never inside the update that started them (so they
 * never hold up shutdown draining or anyone's command): one per user at a time, within the
 * background budget. Their records live in the state store: the user's place, the job, a cancel
 * made through any instance, and the set of running jobs, so that a job whose instance died is
 * reported as interrupted by the next instance that starts. Telling the owner is the delivery's.
 */
export function createBulkJobs(options: BulkJobsOptions): BulkJobs {
  const { state, delivery, logger } = options;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const ownerKey = (userId: number) => `bulk-owner:${userId}`;
  const jobKey = (jobId: string) => `bulk-job:${jobId}`;
  const cancelKey = (jobId: string) => `bulk-cancel:${jobId}`;
  const readRecord = async (jobId: string) => parseRecord(await state.kv.get(jobKey(jobId)));

  async function finish(jobId: string, record: BulkJobRecord): Promise<void> {
    // Each is undone on its own: a store outage here leaves keys that lapse with their TTL.
    await state.kv.delete(ownerKey(record.ownerId)).catch((error: unknown) => logger.debug({ err: error, bulkJob: jobId }, "bulk place not given back; it lapses"));
    await state.kv.delete(jobKey(jobId)).catch((error: unknown) => logger.debug({ err: error, bulkJob: jobId }, "bulk job record not deleted; it lapses"));
    await state.sets.remove(RUNNING, jobId).catch((error: unknown) => logger.debug({ err: error, bulkJob: jobId }, "bulk job not removed from the running set; it lapses"));
    await state.claims.complete(jobKey(jobId), 60_000).catch((error: unknown) => logger.debug({ err: error, bulkJob: jobId }, "bulk job claim not completed; it lapses"));
  }

  async function run(jobId: string, request: BulkRequest, record: BulkJobRecord, controller: AbortController): Promise<void> {
    let lastShown = Date.now();
    let shown = 0;
    const progress = (done: number) => {
      if (Date.now() - lastShown < PROGRESS_EVERY_MS || done === shown) return;
      lastShown = Date.now();
      shown = done;
      delivery.progress(jobId, request, record, done);
    };
    let polls = 0;
    const cancelPoll = setInterval(() => {
      void state.kv.get(cancelKey(jobId)).then(
        (reason) => reason !== undefined && controller.abort(STOP_REASONS.includes(reason) ? reason : "cancelled"),
        // The store is away: the next poll asks again.
        () => undefined,
      );
      if (options.mayContinue && ++polls % ACCESS_EVERY_POLLS === 0) {
        void options.mayContinue(record).then(
          (allowed) => allowed || controller.abort("access_ended" satisfies StopReason),
          (error: unknown) => logger.debug({ err: error, bulkJob: jobId }, "whether a bulk check may go on was not known; asked again in a second"),
        );
      }
    }, CANCEL_POLL_MS);
    let checked: { results: IdResult[]; cancelled: boolean };
    try {
      checked = await runBulkCheck({
        scope: request.scope,
        ids: request.ids,
        checker: options.checker,
        budget: options.budget.consumer(),
        asker: { userId: request.ownerId, chatId: request.chatId, via: "bulk", person: request.owner, place: request.place, logger: logger.child({ bulkJob: jobId }) },
        signal: controller.signal,
        onProgress: progress,
      });
    } finally {
      clearInterval(cancelPoll);
    }
    // Access may have ended since the last look (a second ago at most, maybe through another instance): asked again just before sending.
    if (controller.signal.reason === ("access_ended" satisfies StopReason) || (await accessEnded(jobId, record))) {
      // Payment data goes only where access still holds: what was checked is not sent.
      logger.info({ bulkJob: jobId, ownerId: request.ownerId, chatId: request.chatId, checked: checked.results.length, total: request.ids.length }, "bulk check stopped: access ended");
      return;
    }
    const ending: BulkEnding = !checked.cancelled ? "done" : controller.signal.reason === "cancelled" ? "cancelled" : "stopped";
    const verdicts: Record<Verdict, number> = { success: 0, failed: 0, not_final: 0, not_found: 0, could_not_check: 0 };
    for (const result of checked.results) verdicts[verdictOf(relevantOutcomes(result))]++;
    await delivery.finished(request, record, { ending, results: checked.results, verdicts });
    logger.info({ bulkJob: jobId, ownerId: request.ownerId, checked: checked.results.length, total: request.ids.length, ending, ...verdicts }, "bulk check finished");
  }

  /**
   * Whether the job's chat may no longer see its report: a stop for that reason written through any
   * instance, or the chat no longer allowed. Either not known now (the store away) does not stop it:
   * the last look, a second ago, said it could go on.
   */
  async function accessEnded(jobId: string, record: BulkJobRecord): Promise<boolean> {
    const unknown = (error: unknown) => void logger.debug({ err: error, bulkJob: jobId }, "whether a finished bulk check's chat may still see it was not known; sent on the last look");
    const [reason, allowed] = await Promise.all([
      state.kv.get(cancelKey(jobId)).catch(unknown),
      options.mayContinue
        ? options.mayContinue(record).catch((error: unknown) => {
            unknown(error);
            return true;
          })
        : true,
    ]);
    return reason === ("access_ended" satisfies StopReason) || !allowed;
  }

  /** Stops a job here at once, and wherever else it runs within a poll. */
  async function stop(jobId: string, reason: StopReason): Promise<void> {
    running.get(jobId)?.controller.abort(reason);
    await state.kv.set(cancelKey(jobId), reason, JOB_TTL_MS);
  }

  return {
    async reserve(ownerId) {
      const jobId = randomBytes(6).toString("base64url");
      if (await state.kv.setIfAbsent(ownerKey(ownerId), jobId, READING_TTL_MS)) return { type: "reserved", jobId };
      const current = (await state.kv.get(ownerKey(ownerId))) ?? "";
      return { type: "busy", jobId: current, total: (await readRecord(current))?.total };
    },

    async release(ownerId, jobId) {
      await state.kv.update(ownerKey(ownerId), (current) => (current === jobId ? undefined : current), READING_TTL_MS);
    },

    async start(jobId, request) {
      await state.kv.set(ownerKey(request.ownerId), jobId, JOB_TTL_MS);
      let progressMessageId: number;
      try {
        progressMessageId = await delivery.started(jobId, request);
      } catch (error) {
        await state.kv.delete(ownerKey(request.ownerId));
        throw error;
      }
      const record: BulkJobRecord = {
        ownerId: request.ownerId,
        chatId: request.chatId,
        ...(request.threadId === undefined ? {} : { threadId: request.threadId }),
        progressMessageId,
        total: request.ids.length,
        fileName: request.fileName,
        locale: request.locale,
      };
      await state.claims.claim(jobKey(jobId), options.instanceId, JOB_TTL_MS);
      await state.kv.set(jobKey(jobId), JSON.stringify(record), JOB_TTL_MS);
      await state.sets.add(RUNNING, jobId, JOB_TTL_MS);
      logger.info({ bulkJob: jobId, ownerId: request.ownerId, ids: request.ids.length, invalid: request.invalid.total, scope: request.scope }, "bulk check started");
      const controller = new AbortController();
      const done = run(jobId, request, record, controller)
        .catch((error: unknown) => logger.error({ err: error, bulkJob: jobId }, "bulk check failed"))
        .finally(() => {
          running.delete(jobId);
          return finish(jobId, record);
        });
      running.set(jobId, { controller, done });
    },

    async cancel(jobId, userId) {
      const record = await readRecord(jobId);
      if (!record || record.ownerId !== userId) return false;
      await stop(jobId, "cancelled");
      return true;
    },

    async stopWhereAccessEnded(subject) {
      // A person's private chat has their ID: either way, the jobs to stop are those in chat `subject.id`.
      const candidates = subject.kind === "user" ? [await state.kv.get(ownerKey(subject.id))] : await state.sets.members(RUNNING);
      let stopped = 0;
      for (const jobId of candidates) {
        if (jobId === undefined) continue;
        const record = await readRecord(jobId);
        if (record?.chatId !== subject.id) continue;
        await stop(jobId, "access_ended");
        stopped++;
      }
      return stopped;
    },

    get running() {
      return running.size;
    },

    async stop(graceMs) {
      for (const { controller } of running.values()) controller.abort("stopping");
      await Promise.race([Promise.all([...running.values()].map((job) => job.done)), sleep(graceMs)]);
    },

    async recoverOrphans() {
      for (const jobId of await state.sets.members(RUNNING)) {
        if ((await state.claims.claim(jobKey(jobId), options.instanceId, 60_000)) !== "claimed") continue;
        const record = await readRecord(jobId);
        if (record) {
          await delivery.interrupted(record);
          logger.warn({ bulkJob: jobId, ownerId: record.ownerId }, "a bulk check was interrupted by a restart; its owner was told");
          await finish(jobId, record);
        } else {
          await state.sets.remove(RUNNING, jobId);
        }
      }
    },
  };
}

const recordSchema = z.object({
  ownerId: z.number(),
  chatId: z.number(),
  threadId: z.number().optional(),
  progressMessageId: z.number(),
  total: z.number(),
  fileName: z.string(),
  locale: z.string(),
});

/** A job's record, as `BulkJobRecord` says it is: one another version wrote otherwise, or something else under this key, is as good as absent. */
const parseRecord = (text: string | undefined): BulkJobRecord | undefined => decodeJson(recordSchema, text);
